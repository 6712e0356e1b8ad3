import { z } from 'zod';

/** Every error leaves the server in this one shape; the web client parses it back. */
export const ErrorCode = z.enum([
  'bad_request',
  'unauthorized',
  'email_not_verified',
  'forbidden',
  'not_found',
  'conflict',
  'rate_limited',
  'internal',
]);
export type ErrorCode = z.infer<typeof ErrorCode>;

export const ErrorBody = z.object({
  error: z.object({
    code: ErrorCode,
    message: z.string(),
    /** The input field that is wrong, for `bad_request`. */
    field: z.string().optional(),
    /** The record the error is about; messages, which people read, never carry ids. */
    recordId: z.string().optional(),
  }),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

export const errorStatus: Record<ErrorCode, number> = {
  bad_request: 400,
  unauthorized: 401,
  email_not_verified: 403,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  rate_limited: 429,
  internal: 500,
};

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly field?: string;
  readonly recordId?: string;
  constructor(code: ErrorCode, message: string, field?: string, about?: { recordId?: string }) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.field = field;
    this.recordId = about?.recordId;
  }
  get status(): number {
    return errorStatus[this.code];
  }
  toBody(): ErrorBody {
    return {
      error: {
        code: this.code,
        message: this.message,
        ...(this.field ? { field: this.field } : {}),
        ...(this.recordId ? { recordId: this.recordId } : {}),
      },
    };
  }
}
