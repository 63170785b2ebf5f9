// Domain errors. Domain code throws AppError; src/server/trpc/errors.ts is the one place that maps
// it to a tRPC code (and so to an HTTP status).
export type AppErrorCode =
  | 'BAD_REQUEST'
  | 'UNAUTHORIZED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'PRECONDITION_FAILED'
  | 'PAYMENT_REQUIRED'
  | 'PAYLOAD_TOO_LARGE'
  | 'UNPROCESSABLE_CONTENT'
  | 'TOO_MANY_REQUESTS'
  | 'BAD_GATEWAY'
  | 'GATEWAY_TIMEOUT';

export class AppError extends Error {
  constructor(
    readonly code: AppErrorCode,
    message: string,
    /** Extra JSON-safe data returned to the caller (e.g. discovered feeds). */
    readonly data?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}
