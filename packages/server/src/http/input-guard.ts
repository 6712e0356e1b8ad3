import { AppError } from '@flowmind/shared/errors';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * Deepest nesting a JSON body may have. Far deeper than any document of ours (a flow graph is
 * about 6), shallow enough that nothing recursing over a body afterwards (zod, JSON.stringify,
 * PostgreSQL's jsonb) can run out of stack.
 */
export const MAX_JSON_DEPTH = 128;

/** NUL, and UTF-16 halves without their other half: PostgreSQL's text and jsonb cannot hold them. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is what it looks for
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export const isStorable = (text: string) => !UNSTORABLE.test(text);

/** Whether JSON text opens more than `max` arrays/objects inside one another (brackets in strings do not count). */
export function nestedDeeperThan(text: string, max: number): boolean {
  // Each level costs at least one character: a short text cannot be too deep.
  if (text.length <= max) return false;
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i += 1;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      depth += 1;
      if (depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) depth -= 1;
  }
  return false;
}

const shown = (key: string) => key.replace(new RegExp(UNSTORABLE.source, 'g'), '\ufffd');

/** A value met while walking, and where it sits: its path is only spelled out for the bad one. */
type Place = { value: unknown; key: string | null; parent: Place | null };

const pathOf = (place: Place | null, base: string[]) => {
  const keys: string[] = [];
  for (let at = place; at; at = at.parent) if (at.key !== null) keys.unshift(at.key);
  return [...base, ...keys].join('.') || 'body';
};

/**
 * The dotted path (as zod names fields) of the first string or key in `value` that cannot be
 * stored, or null. Walks without recursion: the value may be nested deeply.
 */
export function unstorableField(value: unknown, base: string[]): string | null {
  const stack: Place[] = [{ value, key: null, parent: null }];
  while (stack.length > 0) {
    const place = stack.pop() as Place;
    const current = place.value;
    if (typeof current === 'string') {
      if (!isStorable(current)) return pathOf(place, base);
    } else if (Array.isArray(current)) {
      for (let i = current.length - 1; i >= 0; i -= 1) stack.push({ value: current[i], key: String(i), parent: place });
    } else if (current !== null && typeof current === 'object') {
      for (const [key, item] of Object.entries(current)) {
        if (!isStorable(key)) return pathOf({ value: item, key: shown(key), parent: place }, base);
        stack.push({ value: item, key, parent: place });
      }
    }
  }
  return null;
}

/**
 * JSON text whose parsed value can only hold storable strings: no NUL and no escaped NUL or
 * surrogate (text decoded from UTF-8 never holds a lone surrogate; a pair written as escapes is
 * walked to be sure). Most bodies pass this one scan and are not walked at all.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is what it looks for
const MAYBE_UNSTORABLE_JSON = /\u0000|\\u(?:0000|[dD][89a-fA-F])/;

/** Requests whose JSON body the parser already found storable. */
const storableBodies = new WeakSet<FastifyRequest>();

const refuse = (field: string) =>
  new AppError('bad_request', `${field} contains a NUL or unpaired surrogate character, which cannot be stored`, field);

/**
 * One guard in front of every route, so no handler, query or batch of executions ever sees bytes
 * the database refuses: JSON bodies too deep to walk are refused before they are parsed, and
 * path parameters, query parameters and bodies carrying NUL or lone surrogates are a 400 naming
 * the field, before validation.
 */
export function registerInputGuard(app: FastifyInstance) {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body as string;
    if (nestedDeeperThan(text, MAX_JSON_DEPTH))
      return done(new AppError('bad_request', `body is nested more than ${MAX_JSON_DEPTH} levels deep`, 'body'));
    // The parser answers synchronously; what it throws besides (out of memory, stack) is still the
    // body's fault. `done` is called once, outside the try, so nothing after parsing lands here.
    // (The error for a parser that never answered is made only then: an Error costs its stack.)
    let parsed: { error: Error | null; value?: unknown } | null = null;
    try {
      parseJson(request, text, (error, value) => {
        parsed = { error, value };
      });
    } catch {}
    const { error, value } = (parsed as { error: Error | null; value?: unknown } | null) ?? {
      error: new AppError('bad_request', 'body is not valid JSON', 'body'),
    };
    if (!error && !MAYBE_UNSTORABLE_JSON.test(text)) storableBodies.add(request);
    done(error, value);
  });
  // A callback hook, not an async one: it runs on every request, and most pass.
  app.addHook('preValidation', (request, _reply, done) => {
    // A wildcard's value is the rest of the path (a webhook's sub-path).
    const param = unstorableField(request.params, []);
    const field =
      (param === '*' ? 'path' : param) ??
      unstorableField(request.query, []) ??
      (request.body === undefined || storableBodies.has(request) ? null : unstorableField(request.body, []));
    done(field === null ? undefined : refuse(field));
  });
}

/**
 * For Fastify's `frameworkErrors`: a path refused before routing (%-escapes that do not decode to
 * UTF-8, such as an escaped lone surrogate; a part longer than a parameter may be) is a 400 naming
 * the path, in the same error shape as every other 400.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error.code === 'FST_ERR_BAD_URL')
    return reply.status(400).send(new AppError('bad_request', 'path is not valid UTF-8 once decoded', 'path').toBody());
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH')
    return reply.status(400).send(new AppError('bad_request', 'a part of the path is too long', 'path').toBody());
  request.log.error({ err: error }, 'request failed before routing');
  return reply.status(500).send(new AppError('internal', 'Something went wrong on our side').toBody());
}
