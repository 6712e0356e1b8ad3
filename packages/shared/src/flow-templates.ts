import type { FlowEdge, FlowNode, FlowTemplate, StickyNote } from './flows';

/**
 * The gallery in the create dialog. Each graph must pass `FlowGraph` and `validateGraph`; the one
 * issue allowed is an empty table picker ("Table is required"): a template cannot know the account's
 * tables, so the user picks one after creating the flow and a sticky note on the canvas says so
 * (flow-templates.test.ts checks all of this).
 *
 * Steps go left to right, `STEP` apart; branches sit `BRANCH` above and below the main line.
 */
const STEP = 300;
const BRANCH = 140;

const node = (
  id: string,
  type: string,
  name: string,
  column: number,
  params: Record<string, unknown>,
  row = 0,
): FlowNode => ({ id, type, name, position: { x: column * STEP, y: row * BRANCH }, params, settings: {} });

const edge = (source: string, target: string, sourceHandle = 'main'): FlowEdge => ({
  id: `${source}-${sourceHandle}-${target}`,
  source,
  sourceHandle,
  target,
  targetHandle: 'main',
});

const note = (
  id: string,
  column: number,
  text: string,
  {
    color = 'yellow',
    y = -220,
    width = 260,
    height = 150,
  }: Partial<Pick<StickyNote, 'color' | 'width' | 'height'>> & {
    y?: number;
  } = {},
): StickyNote => ({ id, position: { x: column * STEP, y }, width, height, text, color });

const pickTableNote = (id: string, column: number, what: string, y?: number) =>
  note(
    id,
    column,
    `**Pick your table.** Open the "${what}" step and choose the table to write to; field names in Values must match the table's fields.`,
    { color: 'blue', y },
  );

export const FLOW_TEMPLATES: readonly FlowTemplate[] = [
  {
    id: 'job-listings-scraper',
    name: 'Daily job listings into a table',
    description:
      'Every morning at 8:00, scrape a job board page and add each listing (title, company, location, link) to a table.',
    category: 'Scraping',
    triggerType: 'schedule',
    graph: {
      nodes: [
        node('schedule', 'trigger.schedule', 'Every morning', 0, { mode: 'cron', cron: '0 8 * * *', timezone: 'UTC' }),
        node('scrape', 'scrape', 'Scrape job board', 1, {
          url: 'https://example.com/jobs',
          itemSelector: '.job',
          fields: [
            { name: 'title', selector: '.job-title', attribute: '' },
            { name: 'company', selector: '.job-company', attribute: '' },
            { name: 'location', selector: '.job-location', attribute: '' },
            { name: 'url', selector: 'a', attribute: 'href' },
          ],
          limit: 100,
        }),
        node('save', 'table.records', 'Add to Jobs table', 2, {
          tableId: '',
          operation: 'create',
          values: [
            { name: 'Title', value: '{{ $json.title }}' },
            { name: 'Company', value: '{{ $json.company }}' },
            { name: 'Location', value: '{{ $json.location }}' },
            { name: 'Link', value: '{{ $json.url }}' },
          ],
        }),
      ],
      edges: [edge('schedule', 'scrape'), edge('scrape', 'save')],
      stickies: [
        note(
          'about-scrape',
          1,
          "**Point it at your job board.** Set the page URL, a CSS selector matching each listing, and one selector per field (use the browser's Inspect tool to find them).",
        ),
        pickTableNote('about-table', 2, 'Add to Jobs table'),
      ],
    },
  },
  {
    id: 'email-inbox-ai-summary',
    name: 'Email inbox with AI summaries',
    description:
      'Every email sent to the flow’s address is summarised by AI and saved to a table with its sender and subject.',
    category: 'Email',
    triggerType: 'email',
    graph: {
      nodes: [
        node('email', 'trigger.email', 'Email received', 0, {}),
        node('summarise', 'ai', 'Summarise', 1, {
          prompt:
            'Summarise this email in two sentences and say what, if anything, the sender asks for.\n\nSubject: {{ $json.subject }}\n\n{{ $json.text }}',
          system: 'You write short, factual summaries for a busy team. No greetings, no sign-off.',
          output: 'text',
          outputField: 'summary',
        }),
        node('save', 'table.records', 'Save to Inbox table', 2, {
          tableId: '',
          operation: 'create',
          values: [
            { name: 'From', value: '{{ $json.from }}' },
            { name: 'Subject', value: '{{ $json.subject }}' },
            { name: 'Summary', value: '{{ $json.summary }}' },
            { name: 'Received', value: '{{ $json.date }}' },
          ],
        }),
      ],
      edges: [edge('email', 'summarise'), edge('summarise', 'save')],
      stickies: [
        note(
          'about-address',
          0,
          '**Your inbox address** is shown on the trigger once the flow is saved. Forward mail to it, or set it as a filter target in your mail app. Publish the flow to start receiving.',
        ),
        note('about-ai', 1, 'The AI step uses the account’s AI model. The answer lands in `summary` on each item.', {
          color: 'green',
        }),
        pickTableNote('about-table', 2, 'Save to Inbox table'),
      ],
    },
  },
  {
    id: 'webhook-lead-intake',
    name: 'Webhook intake with validation',
    description:
      'Accept sign-ups or leads over a webhook: check the email address, save good ones to a table (201) and refuse bad ones with a clear error (400).',
    category: 'Webhooks',
    triggerType: 'webhook',
    graph: {
      nodes: [
        node('webhook', 'trigger.webhook', 'Webhook', 0, { method: 'POST', respond: 'respond_step' }),
        node('check', 'if', 'Valid email?', 1, {
          combine: 'and',
          conditions: [
            { left: '{{ $json.body.email }}', operator: 'is_not_empty' },
            { left: '{{ $json.body.email }}', operator: 'matches', right: '^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$' },
          ],
        }),
        node(
          'save',
          'table.records',
          'Save lead',
          2,
          {
            tableId: '',
            operation: 'create',
            values: [
              { name: 'Email', value: '{{ $json.body.email }}' },
              { name: 'Name', value: '{{ $json.body.name }}' },
              { name: 'Message', value: '{{ $json.body.message }}' },
            ],
          },
          -1,
        ),
        node(
          'created',
          'webhook.respond',
          'Respond 201',
          3,
          { status: 201, bodyType: 'json', json: '{ "ok": true, "id": "{{ $json.id }}" }' },
          -1,
        ),
        node(
          'refused',
          'webhook.respond',
          'Respond 400',
          2,
          {
            status: 400,
            bodyType: 'json',
            json: '{ "ok": false, "error": "A valid email address is required" }',
          },
          1,
        ),
      ],
      edges: [
        edge('webhook', 'check'),
        edge('check', 'save', 'true'),
        edge('save', 'created'),
        edge('check', 'refused', 'false'),
      ],
      stickies: [
        note(
          'about-call',
          0,
          '**Call it** with `POST` and a JSON body such as `{ "email": "ada@example.com", "name": "Ada" }`. The URL is on the trigger.',
          { y: -220 },
        ),
        pickTableNote('about-table', 2, 'Save lead', -360),
      ],
    },
  },
  {
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
  },
  {
    id: 'lead-enrichment',
    name: 'Enrich form leads',
    description:
      'Take form submissions from a webhook, clean them up with a code step (name, email, company domain, free-mail flag) and create or update the lead in a table.',
    category: 'Sales',
    triggerType: 'webhook',
    graph: {
      nodes: [
        node('webhook', 'trigger.webhook', 'Form submitted', 0, { method: 'POST', respond: 'immediately' }),
        node('enrich', 'code', 'Clean and enrich', 1, {
          code: [
            "const FREE_MAIL = ['gmail.com', 'yahoo.com', 'hotmail.com', 'outlook.com', 'icloud.com', 'proton.me'];",
            'return items.map((item) => {',
            '  const body = item.body ?? {};',
            "  const email = String(body.email ?? '').trim().toLowerCase();",
            "  const domain = email.includes('@') ? email.split('@')[1] : '';",
            "  const [firstName, ...rest] = String(body.name ?? '').trim().split(/\\s+/);",
            '  return {',
            '    email,',
            "    firstName: firstName ?? '',",
            "    lastName: rest.join(' '),",
            '    domain,',
            "    company: FREE_MAIL.includes(domain) ? '' : (body.company || domain.split('.')[0] || ''),",
            '    freeMail: FREE_MAIL.includes(domain),',
            '  };',
            '});',
            '',
          ].join('\n'),
        }),
        node('upsert', 'table.records', 'Create or update lead', 2, {
          tableId: '',
          operation: 'upsert',
          matchField: 'Email',
          values: [
            { name: 'Email', value: '{{ $json.email }}' },
            { name: 'First name', value: '{{ $json.firstName }}' },
            { name: 'Last name', value: '{{ $json.lastName }}' },
            { name: 'Company', value: '{{ $json.company }}' },
            { name: 'Free mail', value: '{{ $json.freeMail }}' },
          ],
        }),
      ],
      edges: [edge('webhook', 'enrich'), edge('enrich', 'upsert')],
      stickies: [
        note(
          'about-form',
          0,
          '**Send your form here.** Point your website form (or Typeform, Tally…) at the trigger’s URL with fields `name`, `email` and optionally `company`.',
        ),
        note(
          'about-table',
          2,
          '**Pick your Leads table** in "Create or update lead". It needs an Email field: a second submission with the same email updates that lead instead of adding another.',
          { color: 'blue' },
        ),
      ],
    },
  },
  {
    id: 'daily-table-report',
    name: 'Daily report by email',
    description:
      'Every evening, find the open records in a table, count them by status and owner, and email the report.',
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
  },
  {
    id: 'table-ai-triage',
    name: 'Triage new records with AI',
    description:
      'When a record is added to a table (e.g. a support request), AI picks a category and priority and writes them back to the record.',
    category: 'AI',
    triggerType: 'table',
    graph: {
      nodes: [
        node('record', 'trigger.table', 'New record', 0, { tableId: '', event: 'created' }),
        node('classify', 'ai', 'Classify', 1, {
          prompt: 'Classify this request.\n\nSubject: {{ $json.fields.Subject }}\n\n{{ $json.fields.Description }}',
          system: 'Categories: billing, bug, question, feature request. Priority: low, normal, urgent.',
          output: 'json',
          schema:
            '{ "type": "object", "properties": { "category": { "type": "string" }, "priority": { "type": "string" } }, "required": ["category", "priority"] }',
          outputField: 'triage',
        }),
        node('update', 'table.records', 'Write back', 2, {
          tableId: '',
          operation: 'update',
          recordId: '{{ $json.id }}',
          values: [
            { name: 'Category', value: '{{ $json.triage.category }}' },
            { name: 'Priority', value: '{{ $json.triage.priority }}' },
          ],
        }),
      ],
      edges: [edge('record', 'classify'), edge('classify', 'update')],
      stickies: [
        note(
          'about-table',
          0,
          '**Pick the same table twice:** in the trigger (where records arrive) and in "Write back". It needs Subject, Description, Category and Priority fields.',
          { color: 'blue', width: 300 },
        ),
      ],
    },
  },
  {
    id: 'webhook-echo',
    name: 'Webhook echo',
    description: 'Answer a webhook call with what it sent: a starting point for an API endpoint.',
    category: 'Webhooks',
    triggerType: 'webhook',
    graph: {
      nodes: [
        node('trigger', 'trigger.webhook', 'Webhook', 0, { method: 'ANY', respond: 'respond_step' }),
        node('respond', 'webhook.respond', 'Respond', 1, { status: 200, bodyType: 'first_item' }),
      ],
      edges: [{ id: 'e1', source: 'trigger', sourceHandle: 'main', target: 'respond', targetHandle: 'main' }],
      stickies: [],
    },
  },
];
