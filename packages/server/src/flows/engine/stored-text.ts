/**
 * How run data and error texts are made fit to store and to show: JSON that jsonb accepts, and
 * error texts without the statements a database error quotes.
 */

const UNSAFE_ESCAPE = /\\u(?:0000|d[89a-f])/i;
const ESCAPES = /(\\+)u(?:0000|d[89a-f][0-9a-f]{2})/gi;

/**
 * JSON that PostgreSQL's jsonb accepts. JSON.stringify writes NUL and lone surrogates as \u0000 and
 * \ud800 escapes, which jsonb refuses (and a surrogate pair is written as is, so any surrogate
 * escape is a lone one): they become U+FFFD, as bytes that are not UTF-8 do when text is decoded.
 * Data a run produced (a code step, a fetched file) is saved that way instead of failing the run.
 */
export function jsonbText(value: unknown): string {
  const text = JSON.stringify(value ?? null);
  if (!UNSAFE_ESCAPE.test(text)) return text;
  // An escape only if its backslash is not itself escaped: an odd run of backslashes before the u.
  return text.replace(ESCAPES, (match, slashes: string) =>
    slashes.length % 2 === 1 ? `${slashes.slice(0, -1)}\\ufffd` : match,
  );
}

/** A value as jsonb will take it (see `jsonbText`), for writes that go through Drizzle's own jsonb mapping. */
export function jsonbSafe<T>(value: T): T {
  const text = JSON.stringify(value ?? null);
  return UNSAFE_ESCAPE.test(text) ? (JSON.parse(jsonbText(value)) as T) : value;
}

/**
 * What a caller of the writer sees when its execution could not be saved. The database's own
 * error quotes the statement and its parameters, which hold other executions of the batch (other
 * accounts' ids and data): it goes to the server log only.
 */
export class ExecutionNotSaved extends Error {
  constructor(readonly executionId: string) {
    super('its data could not be saved (the details are in the server log)');
    this.name = 'ExecutionNotSaved';
  }
}

/** Drizzle puts the statement and its parameters in the message of a failed query. */
const QUERY_TEXT = /Failed query:[\s\S]*/;
/** An error text as it may be stored and shown: without any query a database error quoted. */
export const storedErrorText = (text: string) =>
  QUERY_TEXT.test(text) ? text.replace(QUERY_TEXT, 'a database error (the details are in the server log)') : text;
