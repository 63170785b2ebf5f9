// Maps domain errors to tRPC errors and formats error shapes (field errors, extra data).
import { TRPCError } from '@trpc/server';
import { ZodError } from 'zod';
import { AppError } from '../errors';
import { MSG } from '../../shared/messages';
import { isDatabaseUnavailable } from '../db';

export function toTRPCError(err: unknown): TRPCError {
  if (err instanceof TRPCError) return err;
  if (err instanceof AppError) return new TRPCError({ code: err.code, message: err.message, cause: err });
  if (err instanceof ZodError) return new TRPCError({ code: 'BAD_REQUEST', message: validationMessage(err) ?? 'Invalid input', cause: err });
  // Postgres lost while serving: a 503 the client may retry; the process stays up and recovers with it.
  if (isDatabaseUnavailable(err)) return new TRPCError({ code: 'SERVICE_UNAVAILABLE', message: MSG.databaseUnavailable, cause: err as Error });
  return new TRPCError({ code: 'INTERNAL_SERVER_ERROR', message: MSG.internalError, cause: err instanceof Error ? err : undefined });
}

/** Field errors of a zod failure as { path: [messages] }. */
export function fieldErrorsOf(err: unknown): Record<string, string[]> | undefined {
  const cause = err instanceof TRPCError ? err.cause : err;
  if (!(cause instanceof ZodError)) return undefined;
  const out: Record<string, string[]> = {};
  for (const issue of cause.issues) {
    const key = issue.path.join('.') || '_';
    (out[key] ??= []).push(issue.message);
  }
  return out;
}

/**
 * A readable one-line message for a validation failure: the field and its message, or a rule's own
 * message alone (custom rules are written as whole sentences).
 */
export function validationMessage(err: unknown): string | undefined {
  const cause = err instanceof TRPCError ? err.cause : err;
  if (!(cause instanceof ZodError) || cause.issues.length === 0) return undefined;
  const first = cause.issues[0];
  const key = first.path.join('.');
  return !key || first.code === 'custom' ? first.message : `${key}: ${first.message}`;
}

export function appDataOf(err: unknown): Record<string, unknown> | undefined {
  const cause = err instanceof TRPCError ? err.cause : err;
  return cause instanceof AppError ? cause.data : undefined;
}
