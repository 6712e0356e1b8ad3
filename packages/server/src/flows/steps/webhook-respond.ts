import type { Item } from '@flowmind/shared/flows';
import { responseHeaderProblem } from '@flowmind/shared/webhook-response';
import { readBoolean, readList, readNumber, readText } from './params';
import { type StepDefinition, StepError } from './step';

const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/** Header names in lower case (HTTP ignores case), values checked for line breaks. */
export function readHeaders(value: unknown): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const entry of readList(value, 'Headers')) {
    const name = readText(entry.key, 'Header name').trim();
    if (!name) continue;
    if (!HEADER_NAME.test(name)) throw new StepError(`Header name "${name}" is not valid`);
    const text = readText(entry.value, `Header ${name}`);
    if (/[\r\n\0]/.test(text)) throw new StepError(`Header ${name} may not hold line breaks`);
    headers[name.toLowerCase()] = text;
  }
  return headers;
}

function body(
  bodyType: string,
  params: Record<string, unknown>,
  items: Item[],
): { body: unknown; type: string | null } {
  switch (bodyType) {
    case 'first_item':
      return { body: items[0] ?? {}, type: 'application/json' };
    case 'all_items':
      return { body: items, type: 'application/json' };
    case 'json': {
      if (typeof params.json !== 'string') return { body: params.json ?? null, type: 'application/json' };
      try {
        return { body: JSON.parse(params.json.trim() === '' ? 'null' : params.json), type: 'application/json' };
      } catch (error) {
        throw new StepError(`The JSON body is not valid JSON: ${(error as Error).message}`);
      }
    }
    case 'text':
      return { body: readText(params.text, 'Text'), type: 'text/plain; charset=utf-8' };
    case 'none':
      return { body: null, type: null };
    default:
      throw new StepError(`Unknown body "${bodyType}"`);
  }
}

/** Answers the webhook call that started the execution; the items pass on. */
export const webhookRespondStep: StepDefinition = {
  type: 'webhook.respond',
  sideEffects: false,
  async run(ctx) {
    const params = await ctx.params(0);
    const status = readNumber(params.status, 'Status', { integer: true, min: 100 });
    if (status > 599) throw new StepError('Status must be at most 599');
    const headers = readHeaders(params.headers);
    const allowExternalRedirect = readBoolean(params.allowRedirect ?? false, 'Allow redirects to other sites');
    for (const [name, value] of Object.entries(headers)) {
      const problem = responseHeaderProblem(name, value, { allowExternalRedirect });
      if (problem) throw new StepError(problem);
    }
    const answer = body(String(params.bodyType ?? 'first_item'), params, ctx.items);
    if (answer.type && !headers['content-type']) headers['content-type'] = answer.type;
    return {
      // The same items pass on (items are never changed in place), so a packed run writes them once.
      outputs: { main: ctx.items },
      respond: { status, headers, body: answer.body },
    };
  },
};
