// Cursors of keyset pagination: the sort key of a page's last row, opaque to the caller (base64url of a
// JSON array). A cursor that does not decode to the list's key shape is a 400, never a wrong page.
import { AppError } from './errors';

export const CURSOR_MSG = 'This cursor is not valid for this list. Start again without one.';

type KeyPart = string | number;

export function encodeCursor(parts: readonly KeyPart[]): string {
  return Buffer.from(JSON.stringify(parts)).toString('base64url');
}

/** The key parts of a cursor, checked against the list's shape ('s' string, 'n' number per part). */
export function decodeCursor<const S extends readonly ('s' | 'n')[]>(cursor: string, shape: S): { [I in keyof S]: S[I] extends 's' ? string : number } {
  let parts: unknown;
  try {
    parts = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw new AppError('BAD_REQUEST', CURSOR_MSG);
  }
  const fits =
    Array.isArray(parts) &&
    parts.length === shape.length &&
    parts.every((p, i) => (shape[i] === 's' ? typeof p === 'string' : typeof p === 'number' && Number.isFinite(p)));
  if (!fits) throw new AppError('BAD_REQUEST', CURSOR_MSG);
  return parts as { [I in keyof S]: S[I] extends 's' ? string : number };
}
