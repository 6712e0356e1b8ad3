import { AppError, type ErrorBody } from '@flowmind/shared/errors';
import type { FastifyError, FastifyInstance } from 'fastify';
import { ZodError, type z } from 'zod';

/** Parses input with a schema; a failure names the first wrong field and is a 400, never a 500. */
export function parse<T extends z.ZodType>(schema: T, value: unknown): z.infer<T> {
  const result = schema.safeParse(value ?? {});
  if (result.success) return result.data;
  throw fromZod(result.error);
}

function fromZod(error: ZodError): AppError {
  const issue = error.issues[0];
  const field = issue?.path.join('.') || undefined;
  const message =
    issue?.code === 'invalid_type' && issue.input === undefined
      ? `${field ?? 'value'} is required`
      : (issue?.message ?? 'Invalid input');
  return new AppError('bad_request', message, field);
}

/** Drizzle quotes the statement and its parameters (any account's data) in a failed query's message. */
const publicText = (message: string) => (/Failed query:/.test(message) ? 'Invalid request' : message);

/** A database "data exception" (SQLSTATE class 22: encoding, range, length), on the error or what caused it. */
function refusedValue(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code)) return true;
    current = current.cause;
  }
  return false;
}

/**
 * The one place where errors become HTTP responses. Anything unexpected is a generic 500, its
 * details (a query, its parameters, a stack) in the server log only.
 */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError | ZodError, request, reply) => {
    let appError: AppError;
    if (error instanceof AppError) appError = error;
    else if (error instanceof ZodError) appError = fromZod(error);
    else if (error.statusCode === 429)
      appError = new AppError('rate_limited', 'Too many requests, try again in a minute');
    else if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      // Fastify's body parsing errors (bad JSON, empty body, wrong type) are about the body as a whole.
      const field = error.code?.startsWith('FST_ERR_CTP_') ? 'body' : undefined;
      appError = new AppError(error.statusCode === 404 ? 'not_found' : 'bad_request', publicText(error.message), field);
    } else if (refusedValue(error)) {
      // What the input guard let through and the database still refused is the caller's value, not our fault.
      request.log.warn({ err: error }, 'a value was refused by the database');
      appError = new AppError(
        'bad_request',
        'A value in the request cannot be stored (bad characters, too long or out of range)',
      );
    } else {
      request.log.error({ err: error }, 'request failed');
      appError = new AppError('internal', 'Something went wrong on our side');
    }
    const body: ErrorBody = appError.toBody();
    reply.status(appError.status).send(body);
  });
}
