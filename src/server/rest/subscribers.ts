// REST: subscriber CSV upload (POST /api/uploads/subscribers, up to 25 MB: the tRPC path stops at 1 MB;
// the body is the CSV itself or a multipart form with a `file` field) and download (GET
// /api/subscribers/export), thin adapters over subscribers.importCsv / exportCsv.
import { Hono } from 'hono';
import type { AppEnv } from '../http/types';
import { csvDownload, rest } from './adapter';

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
  .get('/subscribers/export', (c) => csvDownload(c, (api) => api.subscribers.exportCsv({ publicationId: c.req.query('publicationId') ?? '' })));
