// The blog's REST paths and its public feed and images (outside /api): POST /api/uploads/blog-image (staff,
// the image as the raw body or a multipart `file` field, over blog.uploadImage), GET /media/:id (an uploaded
// image with its checked type, inert even if opened as a page) and GET /blog/feed.xml (RSS).
import { Hono } from 'hono';
import type { AppEnv } from '../http/types';
import { rest, uploadedBytes } from './adapter';
import { isStaff } from '../../shared/plans';
import { readImage } from '../blog/images';
import { blogFeedXml } from '../blog/public-pages';

export const blogRest = new Hono<AppEnv>().post('/api/uploads/blog-image', async (c) => {
  // The procedure decides who may upload; a body is only read for staff, so nobody else can make us buffer 25 MB.
  const user = c.get('user');
  const bytes = user && isStaff(user.role) ? await uploadedBytes(c.req) : new Uint8Array();
  return rest(c, (api) => api.blog.uploadImage({ bytes }), { status: 201 });
});

/** Public paths (no session, no CSRF): mounted after app.ts's public context, which supplies deps. */
export const blogPublicRest = new Hono<AppEnv>()
  .get('/media/:file', async (c) => {
    // Markdown may name an upload with an extension (/media/<id>.png); the id is what counts.
    const image = await readImage(c.get('deps').db, c.req.param('file').replace(/\.[a-z]{2,5}$/, ''));
    if (!image) return c.text('Not found', 404);
    return c.body(new Uint8Array(image.bytes), 200, {
      'Content-Type': image.mime,
      'Content-Length': String(image.bytes.length),
      'X-Content-Type-Options': 'nosniff',
      // An image id never gets other bytes, so it may be cached for good.
      'Cache-Control': 'public, max-age=31536000, immutable',
      'Content-Security-Policy': "default-src 'none'; sandbox",
      // Covers and body images also show in web mail and link previews on other origins.
      'Cross-Origin-Resource-Policy': 'cross-origin',
    });
  })
  .get('/blog/feed.xml', async (c) => {
    const deps = c.get('deps');
    return c.body(await blogFeedXml(deps.db, deps.env.APP_URL, deps.now()), 200, {
      'Content-Type': 'application/rss+xml; charset=utf-8',
      'Cache-Control': 'public, max-age=300',
    });
  });
