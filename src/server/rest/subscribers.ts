// REST: subscriber CSV upload (POST /api/uploads/subscribers, up to 25 MB: the tRPC path stops at 1 MB;
// the body is the CSV itself or a multipart form with a `file` field) and download (GET
// /api/subscribers/export), thin adapters over subscribers.importCsv / exportCsv.
import { Hono } from 'hono';
import type { AppEnv } from '../http/types';
import { csvDownload, rest } from './adapter';
import { AppError } from '../errors';

async function uploadedText(req: { header(name: string): string | undefined; text(): Promise<string>; parseBody(): Promise<Record<string, unknown>> }) {
  if (!/^multipart\/form-data/i.test(req.header('content-type') ?? '')) return req.text();
  // A body over the upload limit stays a 413; only an unreadable form counts as no file.
  const body: Record<string, unknown> = await req.parseBody().catch((err: unknown) => {
    if (err instanceof AppError) throw err;
    return {};
  });
  const file = body.file;
  if (file instanceof Blob) return file.text();
  return typeof file === 'string' ? file : '';
}

export const subscribersRest = new Hono<AppEnv>()
  .post('/uploads/subscribers', (c) => {
    const q = c.req.query();
    const target = { publicationId: q.publicationId ?? '', mode: q.mode === 'import' ? ('import' as const) : ('check' as const) };
    return rest(c, async (api) => {
      // Session, ownership and room in the plan are settled before a byte of the file is read.
      await api.subscribers.authorizeImport(target);
      const csv = await uploadedText(c.req);
      return api.subscribers.importCsv({ ...target, csv, skipInvalid: q.skipInvalid === '1' });
    });
  })
  .get('/subscribers/export', (c) => csvDownload(c, (api) => api.subscribers.exportCsv({ publicationId: c.req.query('publicationId') ?? '' })));
