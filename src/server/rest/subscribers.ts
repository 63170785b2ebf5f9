// REST: subscriber CSV upload (POST /api/uploads/subscribers, up to 25 MB: the tRPC path stops at 1 MB;
// the body is the CSV itself or a multipart form with a `file` field) and download (GET
// /api/subscribers/export), thin adapters over subscribers.importCsv / exportCsv.
import { Hono } from 'hono';
import type { AppEnv } from '../http/types';
import { errorResponse, rest } from './adapter';
import { createCaller } from '../trpc/root';
import { createContext } from '../trpc/context';

async function uploadedText(req: { header(name: string): string | undefined; text(): Promise<string>; parseBody(): Promise<Record<string, unknown>> }) {
  if (!/^multipart\/form-data/i.test(req.header('content-type') ?? '')) return req.text();
  const body = await req.parseBody().catch(() => ({}) as Record<string, unknown>);
  const file = body.file;
  if (file instanceof Blob) return file.text();
  return typeof file === 'string' ? file : '';
}

export const subscribersRest = new Hono<AppEnv>()
  .post('/uploads/subscribers', async (c) => {
    const csv = await uploadedText(c.req);
    const q = c.req.query();
    return rest(c, (api) =>
      api.subscribers.importCsv({
        publicationId: q.publicationId ?? '',
        csv,
        mode: q.mode === 'import' ? 'import' : 'check',
        skipInvalid: q.skipInvalid === '1',
      }),
    );
  })
  .get('/subscribers/export', async (c) => {
    const ctx = createContext(c.get('deps'), { user: c.get('user'), sessionId: c.get('sessionId'), ip: c.get('ip'), resHeaders: new Headers() });
    try {
      const { filename, csv } = await createCaller(ctx).subscribers.exportCsv({ publicationId: c.req.query('publicationId') ?? '' });
      return c.body(csv, 200, {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="${filename}"`,
        'Cache-Control': 'no-store',
      });
    } catch (err) {
      return errorResponse(c, err);
    }
  });
