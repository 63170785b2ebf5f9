// Size cap for upload bodies that never gathers the body itself. hono's bodyLimit reads a chunked body
// whole before the handler runs, so anyone could make the server hold 25 MB per request before it knew
// who was asking. Here a declared size over the cap is refused at once, and otherwise the cap is counted
// as the handler reads: the handler settles who may upload before it reads a byte, and reading past the
// cap fails with an AppError (413).
import type { Context, MiddlewareHandler } from 'hono';
import { AppError } from '../errors';
import type { AppEnv } from './types';
import { errorResponse } from './error-response';

export function uploadLimit(limitFor: (c: Context<AppEnv>) => { maxSize: number; message: string }): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const body = c.req.raw.body;
    if (!body) return next();
    const { maxSize, message } = limitFor(c);
    const declared = c.req.raw.headers.has('transfer-encoding') ? null : c.req.raw.headers.get('content-length');
    if (declared !== null && Number(declared) > maxSize) return errorResponse(c, new AppError('PAYLOAD_TOO_LARGE', message));
    c.req.raw = new Request(c.req.raw, { body: capped(body, maxSize, message), duplex: 'half' } as RequestInit);
    return next();
  };
}

/**
 * Passes the body through as it is read (nothing is pulled before the reader asks) and fails past
 * `maxSize`. The source is not cancelled: that would close the socket before the 413 could be sent;
 * the server drains and closes what is left after answering.
 */
function capped(source: ReadableStream<Uint8Array>, maxSize: number, message: string): ReadableStream<Uint8Array> {
  const reader = source.getReader();
  let size = 0;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const { done, value } = await reader.read();
        if (done) return controller.close();
        size += value.byteLength;
        if (size > maxSize) return controller.error(new AppError('PAYLOAD_TOO_LARGE', message));
        controller.enqueue(value);
      },
    },
    { highWaterMark: 0 },
  );
}

/** A request's body as text, refused with a 413 past `maxSize` (declared or counted as it is read). */
export async function readCappedText(req: Request, maxSize: number, message: string): Promise<string> {
  if (!req.body) return '';
  const declared = req.headers.has('transfer-encoding') ? null : req.headers.get('content-length');
  if (declared !== null && Number(declared) > maxSize) throw new AppError('PAYLOAD_TOO_LARGE', message);
  return new Response(capped(req.body, maxSize, message)).text();
}
