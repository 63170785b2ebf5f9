// REST: POST /api/ai-magic/assemble-newsletter, POST /api/newsletter-drafts (spec §7) and
// GET /api/newsletters/:id/export/:format, thin adapters over wizard.* and drafts.*.
import { Hono } from 'hono';
import type { AppEnv } from '../http/types';
import { download, readJson, rest } from './adapter';
import { MSG } from '../../shared/messages';

export const newsletterRest = new Hono<AppEnv>()
  .post('/ai-magic/assemble-newsletter', (c) => rest(c, async (api) => api.wizard.assemble(await readJson(c))))
  // Unexpected failures carry the spec's save message; validation and auth errors keep theirs.
  .post('/newsletter-drafts', (c) =>
    rest(c, async (api) => ({ success: true, data: await api.drafts.create(await readJson(c)) }), {
      status: 201,
      internalMessage: MSG.draftSaveFailed,
    }),
  )
  .get('/newsletters/:id/export/:format', (c) =>
    download(c, async (api) => {
      const file = await api.drafts.export({ id: c.req.param('id'), format: c.req.param('format') });
      return {
        body: new Uint8Array(Buffer.from(file.base64, 'base64')),
        headers: {
          'Content-Type': file.mime,
          'Content-Disposition': `attachment; filename="${file.filename}"; filename*=UTF-8''${encodeURIComponent(file.filename)}`,
          'Cache-Control': 'private, no-store',
        },
      };
    }),
  );
