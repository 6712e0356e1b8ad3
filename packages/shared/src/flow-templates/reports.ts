/** Templates that report on a schedule: an API digest, a table summary. Listed in `FLOW_TEMPLATES` (`../flow-templates`). */

import type { FlowTemplate } from '../flows';
import { edge, node, note } from './template-parts';

export const API_POLL_EMAIL_DIGEST: FlowTemplate = {
  id: 'api-poll-email-digest',
  name: 'Morning digest from an API',
  description:
    'On weekday mornings, fetch the top stories from an HTTP API, keep the ten best and email them as one digest.',
  category: 'Reports',
  triggerType: 'schedule',
  graph: {
    nodes: [
      node('schedule', 'trigger.schedule', 'Weekday mornings', 0, {
        mode: 'cron',
        cron: '0 7 * * 1-5',
        timezone: 'UTC',
      }),
      node('fetch', 'http.request', 'Fetch stories', 1, {
        method: 'GET',
        url: 'https://hn.algolia.com/api/v1/search',
        query: [{ key: 'tags', value: 'front_page' }],
        response: 'json',
      }),
      node('digest', 'code', 'Write digest', 2, {
        code: [
          '// The API answers { hits: [{ title, url, points, num_comments }] }.',
          'const hits = items[0]?.body?.hits ?? [];',
          'const top = [...hits].sort((a, b) => b.points - a.points).slice(0, 10);',
          "const lines = top.map((hit, i) => i + 1 + '. ' + hit.title + ' (' + hit.points + ' points)\\n   ' + (hit.url ?? ''));",
          "return [{ count: top.length, text: lines.join('\\n\\n') }];",
          '',
        ].join('\n'),
      }),
      node('send', 'email.send', 'Email digest', 3, {
        to: 'you@example.com',
        subject: 'Your morning digest: {{ $json.count }} stories',
        text: '{{ $json.text }}',
      }),
    ],
    edges: [edge('schedule', 'fetch'), edge('fetch', 'digest'), edge('digest', 'send')],
    stickies: [
      note(
        'about-api',
        1,
        '**Any JSON API works.** Change the URL and adapt the code step to where the list sits in the response.',
      ),
      note('about-to', 3, '**Change the recipient** from you@example.com to your own address.', {
        color: 'pink',
      }),
    ],
  },
};

export const DAILY_TABLE_REPORT: FlowTemplate = {
  id: 'daily-table-report',
  name: 'Daily report by email',
  description: 'Every evening, find the open records in a table, count them by status and owner, and email the report.',
  category: 'Reports',
  triggerType: 'schedule',
  graph: {
    nodes: [
      node('schedule', 'trigger.schedule', 'Every evening', 0, {
        mode: 'cron',
        cron: '0 18 * * 1-5',
        timezone: 'UTC',
      }),
      node('find', 'table.records', 'Find open records', 1, {
        tableId: '',
        operation: 'find',
        filters: [{ left: 'Status', operator: 'not_equals', right: 'Done' }],
        limit: 1000,
      }),
      node('report', 'code', 'Build report', 2, {
        code: [
          '// Each item is one record: its `id` and its fields by name.',
          'const byStatus = {};',
          'for (const item of items) {',
          "  const status = item.Status || 'No status';",
          '  byStatus[status] = (byStatus[status] ?? 0) + 1;',
          '}',
          "const lines = Object.entries(byStatus).map(([status, count]) => status + ': ' + count);",
          "return [{ total: items.length, text: lines.join('\\n') }];",
          '',
        ].join('\n'),
      }),
      node('send', 'email.send', 'Email report', 3, {
        to: 'you@example.com',
        subject: 'Daily report: {{ $json.total }} open records',
        text: 'Open records by status:\n\n{{ $json.text }}',
      }),
    ],
    edges: [edge('schedule', 'find'), edge('find', 'report'), edge('report', 'send')],
    stickies: [
      note(
        'about-table',
        1,
        '**Pick your table** in "Find open records". The filter expects a `Status` field; change it to match yours.',
        { color: 'blue' },
      ),
      note('about-to', 3, '**Change the recipient** from you@example.com to your own address.', {
        color: 'pink',
      }),
    ],
  },
};
