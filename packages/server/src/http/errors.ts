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

/** The one place where errors become HTTP responses. */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError | ZodError, request, reply) => {
    let appError: AppError;
    if (error instanceof AppError) appError = error;
    else if (error instanceof ZodError) appError = fromZod(error);
    else if (error.statusCode === 429)
      appError = new AppError('rate_limited', 'Too many requests, try again in a minute');
    else if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      appError = new AppError(error.statusCode === 404 ? 'not_found' : 'bad_request', error.message);
    } else {
      request.log.error({ err: error }, 'request failed');
      appError = new AppError('internal', 'Something went wrong on our side');
    }
    const body: ErrorBody = appError.toBody();
    reply.status(appError.status).send(body);
  });
}
