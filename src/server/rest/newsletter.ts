// REST: POST /api/ai-magic/assemble-newsletter, POST /api/newsletter-drafts (spec §7) and
// GET /api/newsletters/:id/export/:format, thin adapters over wizard.* and drafts.*.
import { Hono } from 'hono';
import type { AppEnv } from '../http/types';
import { readJson, rest, errorResponse } from './adapter';
import { createCaller } from '../trpc/root';
import { createContext } from '../trpc/context';
import { MSG } from '../../shared/messages';

export const newsletterRest = new Hono<AppEnv>()
  .post('/ai-magic/assemble-newsletter', (c) => rest(c, async (api) => api.wizard.assemble((await readJson(c)) as never)))
  .post('/newsletter-drafts', async (c) => {
    const res = await rest(c, async (api) => ({ success: true, data: await api.drafts.create((await readJson(c)) as never) }), { status: 201 });
    // Unexpected failures carry the spec's save message; validation and auth errors keep theirs.
    if (res.status >= 500) return c.json({ success: false, message: MSG.draftSaveFailed, code: 'INTERNAL_SERVER_ERROR' }, 500);
    return res;
  })
  .get('/newsletters/:id/export/:format', async (c) => {
    const ctx = createContext(c.get('deps'), {
      user: c.get('user'),
      sessionId: c.get('sessionId'),
      ip: c.get('ip'),
      userAgent: c.req.header('user-agent'),
      resHeaders: new Headers(),
    });
    try {
      const file = await createCaller(ctx).drafts.export({ id: c.req.param('id'), format: c.req.param('format') as never });
      const encoded = encodeURIComponent(file.filename);
      return c.body(Buffer.from(file.base64, 'base64'), 200, {
        'Content-Type': file.mime,
        'Content-Disposition': `attachment; filename="${file.filename}"; filename*=UTF-8''${encoded}`,
        'Cache-Control': 'private, no-store',
      });
    } catch (err) {
      return errorResponse(c, err);
    }
  });
