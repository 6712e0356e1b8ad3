/** Triggers: what starts a flow. Part of the step catalogue (`STEP_TYPES` in `../flow-steps`). */

import type { ParamIssue, StepTypeInfo } from '../flow-steps';
import { METHODS, main, opt } from './step-fields';

export const TRIGGER_STEPS: readonly StepTypeInfo[] = [
  {
    type: 'trigger.manual',
    group: 'trigger',
    label: 'Manual trigger',
    description: 'Start the flow by clicking Run in the editor or through the API.',
    icon: 'mouse-pointer-click',
    fields: [
      {
        key: 'sample',
        label: 'Test data',
        kind: 'json',
        default: '[{}]',
        help: 'Items the trigger gives when you run the flow from the editor.',
      },
    ],
    inputs: [],
    outputs: main,
    docs: 'Runs when you press **Run** in the editor, or `POST /api/flows/{id}/run`. Its output is the test data (a JSON array of objects).',
  },
  {
    type: 'trigger.webhook',
    group: 'trigger',
    label: 'Webhook',
    description: 'Start the flow when an HTTP request arrives at the flow’s unique URL.',
    icon: 'webhook',
    fields: [
      {
        key: 'method',
        label: 'Method',
        kind: 'select',
        options: opt(['ANY', 'Any method'], ...METHODS.map((m) => [m.value, m.label] as [string, string])),
        default: 'ANY',
      },
      {
        key: 'respond',
        label: 'Respond',
        kind: 'select',
        options: opt(['immediately', 'At once (202 with the execution id)'], ['respond_step', 'From a Respond step']),
        default: 'immediately',
      },
      {
        key: 'secretHeader',
        label: 'Secret header name',
        kind: 'text',
        placeholder: 'X-Webhook-Secret',
        help: 'When set, calls must carry this header with the secret value.',
      },
      {
        key: 'secretValue',
        label: 'Secret value',
        kind: 'secret',
        showIf: { key: 'secretHeader', equals: [] },
        help: 'Stored only as a hash: after saving it cannot be shown again, only replaced.',
      },
    ],
    inputs: [],
    outputs: main,
    docs: 'Each flow has a URL `/api/hooks/{webhook id}` (any path below it works too). The item the trigger gives has `method`, `path`, `headers`, `query` and `body` (parsed JSON or form, else text). The call is saved before it is answered, so none is lost. Answer at once (202 with the execution id) or from a **Respond to webhook** step.',
  },
  {
    type: 'trigger.schedule',
    group: 'trigger',
    label: 'Schedule',
    description: 'Start the flow on a schedule: a cron expression or a simple interval.',
    icon: 'clock',
    fields: [
      {
        key: 'mode',
        label: 'Repeat',
        kind: 'select',
        options: opt(['interval', 'Every…'], ['cron', 'Cron expression']),
        default: 'interval',
      },
      {
        key: 'every',
        label: 'Every',
        kind: 'number',
        default: 1,
        min: 1,
        max: 100000,
        showIf: { key: 'mode', equals: ['interval'] },
      },
      {
        key: 'unit',
        label: 'Unit',
        kind: 'select',
        options: opt(['seconds', 'seconds'], ['minutes', 'minutes'], ['hours', 'hours'], ['days', 'days']),
        default: 'hours',
        showIf: { key: 'mode', equals: ['interval'] },
      },
      {
        key: 'cron',
        label: 'Cron expression',
        kind: 'cron',
        placeholder: '0 9 * * 1-5',
        required: true,
        showIf: { key: 'mode', equals: ['cron'] },
        help: 'minute hour day-of-month month day-of-week (an optional seconds field first).',
      },
      {
        key: 'timezone',
        label: 'Time zone',
        kind: 'timezone',
        default: 'UTC',
        showIf: { key: 'mode', equals: ['cron'] },
      },
    ],
    inputs: [],
    outputs: main,
    docs: 'Fires once per tick however many workers run (a tick is claimed in the database). Intervals shorter than 10 seconds are refused. The item has `firedAt` (ISO time) and `scheduledFor`.',
    validate: scheduleIssues,
  },
  {
    type: 'trigger.email',
    group: 'trigger',
    label: 'Email received',
    description: 'Start the flow when an email arrives at the flow’s own address.',
    icon: 'mail',
    fields: [],
    inputs: [],
    outputs: main,
    docs: 'Flowmind accepts mail over SMTP and each flow gets an address (shown on the trigger). The item has `from`, `to`, `subject`, `text`, `html`, `date`, `messageId` and `attachments` (name, type, size).',
  },
  {
    type: 'trigger.table',
    group: 'trigger',
    label: 'Table record',
    description: 'Start the flow when a record is created or updated in a table.',
    icon: 'table',
    fields: [
      { key: 'tableId', label: 'Table', kind: 'table', required: true },
      {
        key: 'event',
        label: 'When',
        kind: 'select',
        options: opt(
          ['created', 'A record is created'],
          ['updated', 'A record is updated'],
          ['both', 'Created or updated'],
        ),
        default: 'created',
      },
    ],
    inputs: [],
    outputs: main,
    docs: 'One item per record: `id`, `event`, `fields` (by field name) and `values` (by field id).',
  },
];

/** A schedule's interval may not be shorter than the scheduler's tick allows. */
function scheduleIssues(params: Record<string, unknown>): ParamIssue[] {
  if (params.mode !== 'interval') return [];
  const seconds =
    Number(params.every) * ({ seconds: 1, minutes: 60, hours: 3600, days: 86400 }[String(params.unit)] ?? 1);
  if (Number.isFinite(seconds) && seconds < 10)
    return [{ field: 'every', message: 'The shortest interval is 10 seconds' }];
  return [];
}
