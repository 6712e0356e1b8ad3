/** Actions: steps that reach outside the flow (HTTP, email, scraping, answering a webhook). Part of the step catalogue (`STEP_TYPES` in `../flow-steps`). */

import type { ParamIssue, StepTypeInfo } from '../flow-steps';
import { responseHeaderProblem } from '../webhook-response';
import { hasExpression, METHODS, main, opt } from './step-fields';

export const ACTION_STEPS: readonly StepTypeInfo[] = [
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
