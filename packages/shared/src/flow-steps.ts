/**
 * The step catalogue: every trigger and step type with its description, icon, the fields of its
 * settings form, its inputs and outputs, and its docs. The editor draws forms from it and the
 * server validates against it (`validateNode`), so the two cannot disagree.
 */

import { fieldSyntaxIssue } from './flow-syntax';
import type { FlowNode, NodeSettings } from './flows';
import { responseHeaderProblem } from './webhook-response';

export type ParamKind =
  /** One line of text; may hold `{{ expressions }}`. */
  | 'text'
  /** Several lines of text; may hold expressions. */
  | 'textarea'
  | 'number'
  | 'boolean'
  /** One of `options`. */
  | 'select'
  /** JavaScript edited in a code box (code step). */
  | 'code'
  /** JSON text; may hold expressions inside strings. */
  | 'json'
  /** A list of { key, value } pairs (headers, query, form body). Values may hold expressions. */
  | 'keyValue'
  /** A list of { name, value } pairs that set fields on items (set step). */
  | 'assignments'
  /** A list of conditions { left, operator, right } (if step, switch cases, find filters). */
  | 'conditions'
  /** Switch cases: [{ name, conditions }]. */
  | 'cases'
  /** Scrape fields: [{ name, selector, attribute }]. */
  | 'selectors'
  /** A cron expression (5 or 6 parts). */
  | 'cron'
  /** An IANA time zone. */
  | 'timezone'
  /** One of the account's tables. */
  | 'table'
  /** A field of the table chosen in `tableKey`. */
  | 'tableField'
  /** Another flow of the account. */
  | 'flow'
  /** A secret: typed like a password, stored only as a hash (`HASHED_SECRET_PREFIX`), never shown again. */
  | 'secret'
  /** One of the account's connections (Integrations) of the kinds in `providers`: its id. */
  | 'connection'
  /** A tool of the MCP server chosen in `connectionKey`, listed live from the server: its name. */
  | 'mcpTool';

/** How a stored secret's hash starts; the editor shows such a value as "saved", never the text. */
export const HASHED_SECRET_PREFIX = 'sha256:';

export type ParamField = {
  key: string;
  label: string;
  kind: ParamKind;
  required?: boolean;
  default?: unknown;
  options?: readonly { value: string; label: string }[];
  placeholder?: string;
  help?: string;
  min?: number;
  max?: number;
  /** Shown (and validated) only when another param has one of these values. */
  showIf?: { key: string; equals: readonly unknown[] };
  /** For `tableField`: the param holding the table id. */
  tableKey?: string;
  /** For `connection`: the connection kinds it may be (`api_key`, `oauth2`, `slack`…). */
  providers?: string[];
  /** For `mcpTool`: the param holding the MCP connection's id. */
  connectionKey?: string;
};

export type StepGroup = 'trigger' | 'action' | 'logic' | 'data' | 'ai';

export type StepTypeInfo = {
  type: string;
  group: StepGroup;
  label: string;
  description: string;
  /** A lucide-react icon name in kebab case. */
  icon: string;
  fields: readonly ParamField[];
  /** Input handles; triggers have none. */
  inputs: readonly string[];
  /** Output handles for a node's params (switch grows one per case). */
  outputs: (params: Record<string, unknown>) => string[];
  /** Markdown shown in the editor's docs tab. */
  docs: string;
  /** Defaults for retries, timeout and on-error. */
  settings?: NodeSettings;
  /**
   * The step's own rules beyond each field's (which `validateNode` checks from `fields`), on its
   * params with defaults filled in. A value holding `{{ … }}` is checked when the step runs.
   */
  validate?: (params: Record<string, unknown>) => ParamIssue[];
};

/** What is wrong with a step's params, and which field (if one) to show it on. */
export type ParamIssue = { field?: string; message: string };

export const CONDITION_OPERATORS = [
  { value: 'equals', label: 'is equal to' },
  { value: 'not_equals', label: 'is not equal to' },
  { value: 'contains', label: 'contains' },
  { value: 'not_contains', label: 'does not contain' },
  { value: 'starts_with', label: 'starts with' },
  { value: 'ends_with', label: 'ends with' },
  { value: 'gt', label: 'is greater than' },
  { value: 'gte', label: 'is greater than or equal to' },
  { value: 'lt', label: 'is less than' },
  { value: 'lte', label: 'is less than or equal to' },
  { value: 'is_empty', label: 'is empty' },
  { value: 'is_not_empty', label: 'is not empty' },
  { value: 'is_true', label: 'is true' },
  { value: 'is_false', label: 'is false' },
  { value: 'matches', label: 'matches regex' },
] as const;
export type ConditionOperator = (typeof CONDITION_OPERATORS)[number]['value'];
export type Condition = { left: unknown; operator: ConditionOperator; right?: unknown };

const main = () => ['main'];
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'].map((m) => ({ value: m, label: m }));
const opt = (...values: [string, string][]) => values.map(([value, label]) => ({ value, label }));

export const STEP_TYPES: readonly StepTypeInfo[] = [
  // Triggers
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
  // Actions
  {
    type: 'http.request',
    group: 'action',
    label: 'HTTP request',
    description: 'Call any HTTP API and use its response.',
    icon: 'globe',
    fields: [
      { key: 'method', label: 'Method', kind: 'select', options: METHODS, default: 'GET' },
      { key: 'url', label: 'URL', kind: 'text', required: true, placeholder: 'https://api.example.com/items' },
      { key: 'query', label: 'Query parameters', kind: 'keyValue' },
      { key: 'headers', label: 'Headers', kind: 'keyValue' },
      {
        key: 'bodyType',
        label: 'Body',
        kind: 'select',
        options: opt(['none', 'None'], ['json', 'JSON'], ['form', 'Form (urlencoded)'], ['text', 'Text']),
        default: 'none',
      },
      { key: 'jsonBody', label: 'JSON body', kind: 'json', showIf: { key: 'bodyType', equals: ['json'] } },
      { key: 'formBody', label: 'Form fields', kind: 'keyValue', showIf: { key: 'bodyType', equals: ['form'] } },
      { key: 'textBody', label: 'Text body', kind: 'textarea', showIf: { key: 'bodyType', equals: ['text'] } },
      {
        key: 'credential',
        label: 'Credential',
        kind: 'connection',
        providers: ['api_key', 'bearer', 'basic', 'oauth2'],
        help: 'A connection from Integrations that signs the request; its secret is never shown in the execution.',
      },
      {
        key: 'auth',
        label: 'Authentication',
        kind: 'select',
        options: opt(['none', 'None'], ['bearer', 'Bearer token'], ['basic', 'Basic (user and password)']),
        default: 'none',
      },
      { key: 'token', label: 'Token', kind: 'text', showIf: { key: 'auth', equals: ['bearer'] } },
      { key: 'username', label: 'User', kind: 'text', showIf: { key: 'auth', equals: ['basic'] } },
      { key: 'password', label: 'Password', kind: 'text', showIf: { key: 'auth', equals: ['basic'] } },
      {
        key: 'response',
        label: 'Response as',
        kind: 'select',
        options: opt(['auto', 'Auto (JSON when it is JSON)'], ['json', 'JSON'], ['text', 'Text']),
        default: 'auto',
      },
      {
        key: 'pagination',
        label: 'Pagination',
        kind: 'select',
        options: opt(
          ['none', 'None'],
          ['next_url', 'Next URL in the response'],
          ['page_param', 'Page number parameter'],
        ),
        default: 'none',
      },
      {
        key: 'nextUrlPath',
        label: 'Next URL path',
        kind: 'text',
        placeholder: 'links.next',
        showIf: { key: 'pagination', equals: ['next_url'] },
      },
      {
        key: 'pageParam',
        label: 'Page parameter',
        kind: 'text',
        default: 'page',
        showIf: { key: 'pagination', equals: ['page_param'] },
      },
      {
        key: 'itemsPath',
        label: 'Items path',
        kind: 'text',
        placeholder: 'data',
        help: 'Where the list of results is in each page; pages stop when it is empty.',
        showIf: { key: 'pagination', equals: ['next_url', 'page_param'] },
      },
      {
        key: 'maxPages',
        label: 'Max pages',
        kind: 'number',
        default: 10,
        min: 1,
        max: 1000,
        showIf: { key: 'pagination', equals: ['next_url', 'page_param'] },
      },
      { key: 'failOnStatus', label: 'Fail on 4xx/5xx', kind: 'boolean', default: true },
    ],
    inputs: ['main'],
    outputs: main,
    docs: 'Runs once per input item. The output item has `status`, `headers` and `body`. With pagination, one item per result across pages. A **Credential** adds its API key, bearer token, basic auth or OAuth 2.0 token (refreshed when due) to requests to the URL’s own site, and its secret is replaced by `[secret]` wherever it would be saved. Requests to private, loopback and link-local addresses are refused unless an admin allows them (`FLOWMIND_HTTP_ALLOW_PRIVATE`).',
    settings: { timeoutMs: 30_000 },
  },
  {
    type: 'mcp.tool',
    group: 'action',
    label: 'MCP tool',
    description: 'Call a tool of an MCP server connected in Integrations.',
    icon: 'plug',
    fields: [
      { key: 'connection', label: 'MCP server', kind: 'connection', providers: ['mcp'], required: true },
      { key: 'tool', label: 'Tool', kind: 'mcpTool', connectionKey: 'connection', required: true },
      {
        key: 'arguments',
        label: 'Arguments',
        kind: 'json',
        default: '{}',
        help: 'A JSON object of the tool’s arguments; values may use expressions.',
      },
    ],
    inputs: ['main'],
    outputs: main,
    docs: 'Calls the tool once per input item. The output item has `content` (what the tool returned: text, images, resources), `text` (its text parts joined) and, when the tool gives one, `structuredContent`. A tool that reports an error fails the step with its message. The server’s address follows the same rules as the HTTP request step’s.',
    settings: { timeoutMs: 30_000 },
  },
  {
    type: 'code',
    group: 'data',
    label: 'Code',
    description: 'Run JavaScript on the items in a sandbox.',
    icon: 'code',
    fields: [
      {
        key: 'code',
        label: 'JavaScript',
        kind: 'code',
        required: true,
        default: '// `items` is the input: an array of objects.\nreturn items.map((item) => ({ ...item }));\n',
      },
    ],
    inputs: ['main'],
    outputs: main,
    docs: 'The code gets `items` (the input, an array of objects) and `$trigger`, `$node` (earlier steps’ output) and returns an array of objects (or one object). `console.log` lands in the step’s logs. It runs in QuickJS with no network, files or `process`; it is stopped after its timeout (default 5 s), at 64 MB of memory, or on too deep recursion.',
    settings: { timeoutMs: 5_000 },
  },
  {
    type: 'set',
    group: 'data',
    label: 'Set fields',
    description: 'Add or change fields on each item.',
    icon: 'pencil',
    fields: [
      { key: 'assignments', label: 'Fields', kind: 'assignments' },
      { key: 'keepOnlySet', label: 'Keep only these fields', kind: 'boolean', default: false },
    ],
    inputs: ['main'],
    outputs: main,
    docs: 'Each field’s value may use expressions: `{{ $json.email.toLowerCase() }}`. A value that is exactly one expression keeps its type (number, object…). Dotted names (`user.name`) set nested fields.',
  },
  {
    type: 'transform',
    group: 'data',
    label: 'Transform',
    description: 'Sort, limit, remove duplicates, split out a list, or aggregate items.',
    icon: 'shuffle',
    fields: [
      {
        key: 'operation',
        label: 'Operation',
        kind: 'select',
        options: opt(
          ['sort', 'Sort'],
          ['limit', 'Limit'],
          ['dedupe', 'Remove duplicates'],
          ['split_out', 'Split out a list'],
          ['aggregate', 'Aggregate into one item'],
          ['filter', 'Keep matching items'],
        ),
        default: 'sort',
      },
      {
        key: 'field',
        label: 'Field',
        kind: 'text',
        showIf: { key: 'operation', equals: ['sort', 'dedupe', 'split_out', 'aggregate'] },
      },
      {
        key: 'direction',
        label: 'Direction',
        kind: 'select',
        options: opt(['asc', 'Ascending'], ['desc', 'Descending']),
        default: 'asc',
        showIf: { key: 'operation', equals: ['sort'] },
      },
      {
        key: 'limit',
        label: 'Keep the first',
        kind: 'number',
        default: 10,
        min: 0,
        showIf: { key: 'operation', equals: ['limit'] },
      },
      { key: 'conditions', label: 'Conditions', kind: 'conditions', showIf: { key: 'operation', equals: ['filter'] } },
    ],
    inputs: ['main'],
    outputs: main,
    docs: 'Sort by a field; keep the first N; drop items whose field (or whole item) repeats; turn one item with a list into one item per element; gather a field from every item into one list; keep items that match conditions.',
  },
  {
    type: 'if',
    group: 'logic',
    label: 'If',
    description: 'Send items down the true or false branch.',
    icon: 'git-branch',
    fields: [
      { key: 'conditions', label: 'Conditions', kind: 'conditions' },
      {
        key: 'combine',
        label: 'Match',
        kind: 'select',
        options: opt(['and', 'All conditions'], ['or', 'Any condition']),
        default: 'and',
      },
    ],
    inputs: ['main'],
    outputs: () => ['true', 'false'],
    docs: 'Each item is checked on its own. Conditions compare a value (usually an expression like `{{ $json.total }}`) with another.',
  },
  {
    type: 'switch',
    group: 'logic',
    label: 'Switch',
    description: 'Route items to one of several branches.',
    icon: 'split',
    fields: [
      { key: 'cases', label: 'Cases', kind: 'cases' },
      { key: 'allMatches', label: 'Send to every matching case', kind: 'boolean', default: false },
    ],
    inputs: ['main'],
    outputs: (params) => [...(Array.isArray(params.cases) ? params.cases : []).map((_, i) => `case-${i}`), 'fallback'],
    docs: 'Cases are checked in order; an item goes to the first that matches (or every one, if chosen), else to **fallback**.',
  },
  {
    type: 'loop',
    group: 'logic',
    label: 'Loop over items',
    description: 'Run the following steps on the items in batches.',
    icon: 'repeat',
    fields: [{ key: 'batchSize', label: 'Batch size', kind: 'number', default: 1, min: 1, max: 10000 }],
    inputs: ['main'],
    outputs: () => ['loop', 'done'],
    docs: 'Sends one batch at a time out of **loop**; connect the end of the batch’s steps back to this step’s input. When every batch is through, the items that came back leave on **done**.',
  },
  {
    type: 'merge',
    group: 'logic',
    label: 'Merge',
    description: 'Join two branches into one.',
    icon: 'merge',
    fields: [
      {
        key: 'mode',
        label: 'Mode',
        kind: 'select',
        options: opt(
          ['append', 'Append (A then B)'],
          ['by_position', 'Combine by position'],
          ['by_key', 'Combine by matching field'],
          ['wait_both', 'Wait for both, keep A'],
        ),
        default: 'append',
      },
      { key: 'keyA', label: 'Field in A', kind: 'text', showIf: { key: 'mode', equals: ['by_key'] } },
      { key: 'keyB', label: 'Field in B', kind: 'text', showIf: { key: 'mode', equals: ['by_key'] } },
    ],
    inputs: ['a', 'b'],
    outputs: main,
    docs: 'Runs once both inputs have arrived (or their branches ended without items).',
  },
  {
    type: 'wait',
    group: 'logic',
    label: 'Wait',
    description: 'Pause the execution for a while or until a time.',
    icon: 'hourglass',
    fields: [
      {
        key: 'mode',
        label: 'Wait',
        kind: 'select',
        options: opt(['duration', 'For a duration'], ['until', 'Until a time']),
        default: 'duration',
      },
      {
        key: 'amount',
        label: 'Amount',
        kind: 'number',
        default: 1,
        min: 0,
        showIf: { key: 'mode', equals: ['duration'] },
      },
      {
        key: 'unit',
        label: 'Unit',
        kind: 'select',
        options: opt(['seconds', 'seconds'], ['minutes', 'minutes'], ['hours', 'hours'], ['days', 'days']),
        default: 'minutes',
        showIf: { key: 'mode', equals: ['duration'] },
      },
      {
        key: 'until',
        label: 'Until',
        kind: 'text',
        placeholder: '2026-12-01T09:00:00Z',
        required: true,
        showIf: { key: 'mode', equals: ['until'] },
      },
    ],
    inputs: ['main'],
    outputs: main,
    docs: 'The execution is saved as waiting and resumes on time, even if the server restarts meanwhile. Its items pass through.',
  },
  {
    type: 'ai',
    group: 'ai',
    label: 'AI prompt',
    description: 'Prompt the account’s AI model: text, or JSON matching a schema.',
    icon: 'sparkles',
    fields: [
      { key: 'prompt', label: 'Prompt', kind: 'textarea', required: true },
      { key: 'system', label: 'Instructions', kind: 'textarea' },
      {
        key: 'output',
        label: 'Answer as',
        kind: 'select',
        options: opt(['text', 'Text'], ['json', 'JSON matching a schema']),
        default: 'text',
      },
      {
        key: 'schema',
        label: 'JSON schema',
        kind: 'json',
        showIf: { key: 'output', equals: ['json'] },
        default: '{ "type": "object", "properties": { "summary": { "type": "string" } }, "required": ["summary"] }',
      },
      { key: 'model', label: 'Model', kind: 'text', placeholder: 'Account default' },
      { key: 'outputField', label: 'Put the answer in', kind: 'text', default: 'ai' },
    ],
    inputs: ['main'],
    outputs: main,
    docs: 'Runs once per item. The answer goes into the field named in **Put the answer in** (text, or the JSON object). With no model configured the step fails and says so.',
    settings: { timeoutMs: 120_000, retries: 1 },
  },
  {
    type: 'email.send',
    group: 'action',
    label: 'Send email',
    description: 'Send an email.',
    icon: 'send',
    fields: [
      { key: 'to', label: 'To', kind: 'text', required: true },
      { key: 'subject', label: 'Subject', kind: 'text', required: true },
      { key: 'text', label: 'Text', kind: 'textarea' },
      { key: 'html', label: 'HTML', kind: 'textarea' },
      { key: 'replyTo', label: 'Reply to', kind: 'text' },
    ],
    inputs: ['main'],
    outputs: main,
    docs: 'Sends one email per item through the server’s mail settings (`SMTP_URL`). The output item has `messageId` and `accepted`.',
  },
  {
    type: 'scrape',
    group: 'action',
    label: 'Web scrape',
    description: 'Fetch a page and pull fields out with CSS selectors.',
    icon: 'scan-search',
    fields: [
      { key: 'url', label: 'URL', kind: 'text', required: true },
      {
        key: 'itemSelector',
        label: 'Each result',
        kind: 'text',
        placeholder: '.job',
        help: 'A CSS selector matching each result; one item per match. Empty: the whole page is one item.',
      },
      { key: 'fields', label: 'Fields', kind: 'selectors' },
      { key: 'limit', label: 'At most', kind: 'number', default: 100, min: 1, max: 10000 },
    ],
    inputs: ['main'],
    outputs: main,
    docs: 'Each field takes the text of the first match of its selector inside a result, or an attribute (`href`, `src`…); links are made absolute. The same address rules as the HTTP request apply.',
    settings: { timeoutMs: 30_000 },
  },
  {
    type: 'table.records',
    group: 'data',
    label: 'Table records',
    description: 'Create, find, update, delete or upsert records in a table.',
    icon: 'table-2',
    fields: [
      { key: 'tableId', label: 'Table', kind: 'table', required: true },
      {
        key: 'operation',
        label: 'Operation',
        kind: 'select',
        options: opt(
          ['create', 'Create'],
          ['find', 'Find'],
          ['update', 'Update'],
          ['delete', 'Delete'],
          ['upsert', 'Create or update'],
        ),
        default: 'create',
      },
      {
        key: 'values',
        label: 'Values (by field name)',
        kind: 'assignments',
        showIf: { key: 'operation', equals: ['create', 'update', 'upsert'] },
      },
      { key: 'recordId', label: 'Record id', kind: 'text', showIf: { key: 'operation', equals: ['update', 'delete'] } },
      {
        key: 'matchField',
        label: 'Match on field',
        kind: 'tableField',
        tableKey: 'tableId',
        showIf: { key: 'operation', equals: ['upsert'] },
      },
      { key: 'filters', label: 'Filters', kind: 'conditions', showIf: { key: 'operation', equals: ['find'] } },
      {
        key: 'limit',
        label: 'At most',
        kind: 'number',
        default: 100,
        min: 1,
        max: 1000,
        showIf: { key: 'operation', equals: ['find'] },
      },
    ],
    inputs: ['main'],
    outputs: main,
    docs: 'Values are given by field name and converted by the field’s type (a bad value fails the step, naming the field). Find gives one item per record with `id` and the fields by name.',
  },
  {
    type: 'note',
    group: 'data',
    label: 'Notes',
    description: 'Create a note or append to one.',
    icon: 'notebook-pen',
    fields: [
      {
        key: 'operation',
        label: 'Operation',
        kind: 'select',
        options: opt(['create', 'Create a note'], ['append', 'Append to a note']),
        default: 'create',
      },
      { key: 'title', label: 'Title', kind: 'text', showIf: { key: 'operation', equals: ['create'] } },
      { key: 'noteId', label: 'Note id', kind: 'text', showIf: { key: 'operation', equals: ['append'] } },
      { key: 'text', label: 'Text (Markdown)', kind: 'textarea', required: true },
    ],
    inputs: ['main'],
    outputs: main,
    docs: 'Writes Markdown into a note of the account. The output item has the note’s `id` and `title`.',
  },
  {
    type: 'flow.run',
    group: 'logic',
    label: 'Run flow',
    description: 'Run another flow with the items and use what it returns.',
    icon: 'workflow',
    fields: [
      { key: 'flowId', label: 'Flow', kind: 'flow', required: true },
      {
        key: 'wait',
        label: 'Wait for it to finish',
        kind: 'boolean',
        default: true,
      },
    ],
    inputs: ['main'],
    outputs: main,
    docs: 'The other flow’s published version runs with these items as its trigger output. Waiting, its last step’s items come back; not waiting, one item with its `executionId`.',
  },
  {
    type: 'webhook.respond',
    group: 'action',
    label: 'Respond to webhook',
    description: 'Answer the webhook call that started the flow.',
    icon: 'reply',
    fields: [
      { key: 'status', label: 'Status', kind: 'number', default: 200, min: 100, max: 599 },
      {
        key: 'bodyType',
        label: 'Body',
        kind: 'select',
        options: opt(
          ['first_item', 'The first item'],
          ['all_items', 'All items'],
          ['json', 'JSON'],
          ['text', 'Text'],
          ['none', 'No body'],
        ),
        default: 'first_item',
      },
      { key: 'json', label: 'JSON', kind: 'json', showIf: { key: 'bodyType', equals: ['json'] } },
      { key: 'text', label: 'Text', kind: 'textarea', showIf: { key: 'bodyType', equals: ['text'] } },
      { key: 'headers', label: 'Headers', kind: 'keyValue' },
      {
        key: 'allowRedirect',
        label: 'Allow redirects to other sites',
        kind: 'boolean',
        default: false,
        help: 'Lets a Location header send the caller to another site. Otherwise it must be a path on this server.',
      },
    ],
    inputs: ['main'],
    outputs: main,
    docs: 'Used with a webhook trigger set to respond from a Respond step. The first Respond step reached answers; its items pass on.',
    validate: responseHeaderIssues,
  },
];

const byType = new Map(STEP_TYPES.map((info) => [info.type, info]));

export function stepType(type: string): StepTypeInfo | undefined {
  return byType.get(type);
}

export function isTrigger(type: string): boolean {
  return type.startsWith('trigger.');
}

/** The output handles of a node, with `error` when its on-error setting is `branch`. */
export function nodeOutputs(node: Pick<FlowNode, 'type' | 'params' | 'settings'>): string[] {
  const info = stepType(node.type);
  const outputs = info ? info.outputs(node.params ?? {}) : ['main'];
  const onError = node.settings?.onError ?? info?.settings?.onError;
  return onError === 'branch' ? [...outputs, 'error'] : outputs;
}

/** The settings a node runs with: its own over its type's defaults over the engine's. */
export function effectiveSettings(node: Pick<FlowNode, 'type' | 'settings'>): Required<NodeSettings> {
  const info = stepType(node.type);
  return {
    retries: 0,
    retryDelayMs: 1000,
    timeoutMs: 60_000,
    onError: 'stop',
    ...info?.settings,
    ...stripUndefined(node.settings ?? {}),
  };
}

function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

export type NodeIssue = { nodeId: string; field?: string; message: string };

/** Whether a field applies given the node's params (defaults filled in). */
export function fieldShown(field: ParamField, params: Record<string, unknown>): boolean {
  if (!field.showIf) return true;
  const value = params[field.showIf.key];
  // An empty list means "shown when the other param is filled in".
  if (field.showIf.equals.length === 0) return value !== undefined && value !== null && value !== '';
  return field.showIf.equals.includes(value);
}

/** A node's params with each field's default where none is given. */
export function paramsWithDefaults(node: Pick<FlowNode, 'type' | 'params'>): Record<string, unknown> {
  const info = stepType(node.type);
  const params: Record<string, unknown> = { ...(node.params ?? {}) };
  for (const field of info?.fields ?? []) if (params[field.key] === undefined) params[field.key] = field.default;
  return params;
}

/** The value a param has: given, else its field's default. */
export function paramValue(node: Pick<FlowNode, 'type' | 'params'>, key: string): unknown {
  const given = node.params?.[key];
  if (given !== undefined) return given;
  return stepType(node.type)?.fields.find((f) => f.key === key)?.default;
}

const hasExpression = (value: unknown) => typeof value === 'string' && value.includes('{{');

/**
 * What is wrong with a node's settings, in words for its form and the canvas. Expressions are not
 * evaluated here; a value holding `{{ … }}` passes type checks.
 */
export function validateNode(node: FlowNode): NodeIssue[] {
  const info = stepType(node.type);
  if (!info) return [{ nodeId: node.id, message: `Unknown step type "${node.type}"` }];
  const issues: NodeIssue[] = [];
  const params = paramsWithDefaults(node);
  for (const field of info.fields) {
    if (!fieldShown(field, params)) continue;
    const value = params[field.key];
    const empty = value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);
    if (empty) {
      if (field.required) issues.push({ nodeId: node.id, field: field.key, message: `${field.label} is required` });
      continue;
    }
    const syntax = fieldSyntaxIssue(field, value);
    if (syntax) {
      issues.push({ nodeId: node.id, field: field.key, message: syntax });
      continue;
    }
    if (hasExpression(value)) continue;
    switch (field.kind) {
      case 'number': {
        const n = typeof value === 'number' ? value : Number(value);
        if (!Number.isFinite(n))
          issues.push({ nodeId: node.id, field: field.key, message: `${field.label} must be a number` });
        else if (field.min !== undefined && n < field.min)
          issues.push({ nodeId: node.id, field: field.key, message: `${field.label} must be at least ${field.min}` });
        else if (field.max !== undefined && n > field.max)
          issues.push({ nodeId: node.id, field: field.key, message: `${field.label} must be at most ${field.max}` });
        break;
      }
      case 'select':
        if (field.options && !field.options.some((o) => o.value === value))
          issues.push({ nodeId: node.id, field: field.key, message: `${field.label}: choose one of the options` });
        break;
      case 'json':
        if (typeof value === 'string') {
          try {
            JSON.parse(value);
          } catch {
            issues.push({ nodeId: node.id, field: field.key, message: `${field.label} is not valid JSON` });
          }
        }
        break;
      case 'cron':
        if (typeof value !== 'string' || !/^\S+(\s+\S+){4,5}$/.test(value.trim()))
          issues.push({ nodeId: node.id, field: field.key, message: `${field.label} needs 5 or 6 parts` });
        break;
      default:
        break;
    }
  }
  for (const issue of info.validate?.(params) ?? []) issues.push({ nodeId: node.id, ...issue });
  return issues;
}

/** A schedule's interval may not be shorter than the scheduler's tick allows. */
function scheduleIssues(params: Record<string, unknown>): ParamIssue[] {
  if (params.mode !== 'interval') return [];
  const seconds =
    Number(params.every) * ({ seconds: 1, minutes: 60, hours: 3600, days: 86400 }[String(params.unit)] ?? 1);
  if (Number.isFinite(seconds) && seconds < 10)
    return [{ field: 'every', message: 'The shortest interval is 10 seconds' }];
  return [];
}

/** Headers a Respond step may not send, found before publishing (expressions are checked when it runs). */
function responseHeaderIssues(params: Record<string, unknown>): ParamIssue[] {
  if (!Array.isArray(params.headers)) return [];
  const allowExternalRedirect = params.allowRedirect === true;
  const issues: ParamIssue[] = [];
  for (const entry of params.headers as { key?: unknown; value?: unknown }[]) {
    if (typeof entry?.key !== 'string' || hasExpression(entry.key)) continue;
    const value = typeof entry.value === 'string' && !hasExpression(entry.value) ? entry.value : '/';
    const problem = responseHeaderProblem(entry.key, value, { allowExternalRedirect });
    if (problem) issues.push({ field: 'headers', message: problem });
  }
  return issues;
}

/** Problems of a whole graph: each node's, and a flow without exactly one trigger. */
export function validateGraph(graph: { nodes: FlowNode[] }): NodeIssue[] {
  const issues = graph.nodes.flatMap(validateNode);
  const triggers = graph.nodes.filter((n) => isTrigger(n.type));
  if (triggers.length === 0) issues.push({ nodeId: '', message: 'Add a trigger to start the flow' });
  if (triggers.length > 1)
    for (const t of triggers.slice(1)) issues.push({ nodeId: t.id, message: 'A flow has one trigger' });
  return issues;
}
