/** Templates started by what arrives: a webhook call, an email. Listed in `FLOW_TEMPLATES` (`../flow-templates`). */

import type { FlowTemplate } from '../flows';
import { edge, node, note, pickTableNote } from './template-parts';

export const WEBHOOK_LEAD_INTAKE: FlowTemplate = {
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
};

export const EMAIL_INBOX_AI_SUMMARY: FlowTemplate = {
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
};

export const WEBHOOK_ECHO: FlowTemplate = {
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
};
