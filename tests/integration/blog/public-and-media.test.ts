// The blog's REST and public paths: cover upload (staff, type from the bytes, 2 MB), /media/:id with inert
// headers over a real node server, the RSS feed and sitemap (strict XML, escaped, drafts absent), and the
// app shell's server-side title and meta tags for a published post.
import { afterAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import Parser from 'rss-parser';
import { DomUtils, parseDocument } from 'htmlparser2';
import { contentImages } from '../../../db/schema';
import { createApp } from '../../../src/server/app';
import { BLOG_MSG } from '../../../src/shared/schemas/blog';
import { PNG_1X1, pngHeader, setup, xmlTexts, type Setup } from './support';

let server: ServerType | undefined;
afterAll(() => server?.close());

const upload = (h: Setup, body: BodyInit, headers: Record<string, string> = {}) =>
  h.app.request('/api/uploads/blog-image', { method: 'POST', headers: { 'content-type': 'image/png', ...headers }, body });

describe('cover image upload', () => {
  it('staff upload a PNG (raw body or multipart); type and size come from its bytes', async () => {
    const h = await setup();
    const res = await upload(h, PNG_1X1, { cookie: h.staffCookie });
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body).toMatchObject({ mime: 'image/png', width: 1, height: 1, size: PNG_1X1.length });
    expect(body.url).toBe(`/media/${body.id}`);

    const form = new FormData();
    form.append('file', new Blob([pngHeader(640, 360)], { type: 'application/octet-stream' }), 'cover.bin');
    const multi = await h.app.request('/api/uploads/blog-image', { method: 'POST', headers: { cookie: h.staffCookie }, body: form });
    expect(multi.status).toBe(201);
    expect(await multi.json()).toMatchObject({ mime: 'image/png', width: 640, height: 360 });
    expect(await h.db.select().from(contentImages)).toHaveLength(2);
  });

  it('refuses a 3 MB file (413), an SVG and an HTML page named .png (400), and nothing (400)', async () => {
    const h = await setup();
    const big = await upload(h, pngHeader(10, 10, 3 * 1024 * 1024), { cookie: h.staffCookie });
    expect(big.status).toBe(413);
    expect(await big.json()).toMatchObject({ success: false, message: BLOG_MSG.imageTooLarge });

    const svg = '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><circle r="4"/></svg>';
    const html = '<!doctype html><html><script>alert(1)</script></html>';
    for (const [name, bytes, type] of [
      ['logo.svg', svg, 'image/svg+xml'],
      ['cover.png', html, 'image/png'],
    ] as const) {
      const form = new FormData();
      form.append('file', new Blob([bytes], { type }), name);
      const res = await h.app.request('/api/uploads/blog-image', { method: 'POST', headers: { cookie: h.staffCookie }, body: form });
      expect(res.status, name).toBe(400);
      expect((await res.json()).message, name).toBe(BLOG_MSG.imageType);
    }
    const empty = await upload(h, '', { cookie: h.staffCookie });
    expect(empty.status).toBe(400);
    expect((await empty.json()).message).toBe(BLOG_MSG.imageEmpty);
    expect(await h.db.select().from(contentImages)).toHaveLength(0);
  });

  it('a plain user gets 403, anon 401, and nothing is stored', async () => {
    const h = await setup();
    expect((await upload(h, PNG_1X1, { cookie: h.plainCookie })).status).toBe(403);
    expect((await upload(h, PNG_1X1)).status).toBe(401);
    expect(await h.db.select().from(contentImages)).toHaveLength(0);
  });

  it('a JSON call of blog.uploadImage cannot carry bytes: 400', async () => {
    const h = await setup();
    const res = await h.app.request('/api/trpc/blog.uploadImage', {
      method: 'POST',
      headers: { cookie: h.staffCookie, 'content-type': 'application/json' },
      body: JSON.stringify({ bytes: [137, 80, 78, 71] }),
    });
    expect(res.status).toBe(400);
  });
});

describe('/media/:id', () => {
  it('serves the bytes with the checked type, nosniff, a long cache and a CSP that allows nothing (real HTTP server)', async () => {
    const h = await setup();
    const { id } = await (await upload(h, PNG_1X1, { cookie: h.staffCookie })).json();
    server = serve({ fetch: h.app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise((r) => server!.once('listening', r));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    for (const p of [`/media/${id}`, `/media/${id}.png`]) {
      const res = await fetch(base + p);
      expect(res.status, p).toBe(200);
      expect(Buffer.from(await res.arrayBuffer()).equals(PNG_1X1), p).toBe(true);
      expect(res.headers.get('content-type')).toBe('image/png');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp).toMatch(/^default-src 'none'/);
      expect(csp.split('default-src').length).toBe(2);
    }
    expect((await fetch(`${base}/media/unknown-id`)).status).toBe(404);
    expect((await fetch(`${base}/media/${encodeURIComponent('../etc/passwd')}`)).status).toBe(404);
  });
});

const HOSTILE_TITLE = 'Tips <&> "quotes" \'n\' $& more';

async function publishedAndDraft(h: Setup) {
  const live = await h.admin.blog.create({
    title: HOSTILE_TITLE,
    slug: 'hostile-title',
    markdown: 'Body <b>bold</b> & text.',
    excerpt: 'Teaser <script>x</script> & "more"',
  });
  await h.admin.blog.publish({ id: live.id });
  const draft = await h.admin.blog.create({ title: 'Unreleased draft', markdown: 'Secret' });
  return { live, draft };
}

describe('RSS feed', () => {
  it('lists published posts only, well-formed and escaped, with title, link, guid, pubDate and description', async () => {
    const h = await setup();
    const { live } = await publishedAndDraft(h);
    const res = await h.app.request('/blog/feed.xml');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/rss+xml; charset=utf-8');
    const xml = await res.text();
    expect(xml).not.toContain('Unreleased draft');
    expect(xmlTexts(xml, 'title')).toEqual(['Curated Blog', HOSTILE_TITLE]);
    const feed = await new Parser().parseString(xml);
    expect(feed.items).toHaveLength(1);
    expect(feed.items[0]).toMatchObject({
      title: HOSTILE_TITLE,
      link: 'http://localhost:3000/blog/hostile-title',
      guid: `urn:uuid:${live.id}`,
      // RSS readers take the description as HTML; the excerpt is plain text, so its markup is text too.
      content: 'Teaser &lt;script&gt;x&lt;/script&gt; &amp; &quot;more&quot;',
    });
    const { publishedAt } = await h.admin.blog.get({ id: live.id });
    expect(Date.parse(feed.items[0].pubDate!)).toBe(Math.floor(Date.parse(publishedAt!) / 1000) * 1000);
  });

  it("a hostile excerpt's description, read as HTML the way readers do, has no script and no event handler", async () => {
    const h = await setup();
    const post = await h.admin.blog.create({
      title: 'Hostile excerpt',
      markdown: 'Body',
      excerpt: 'Look <script>alert(1)</script> <img src=x onerror="alert(2)"> & <a href="javascript:alert(3)" onclick="x()">here</a>',
    });
    await h.admin.blog.publish({ id: post.id });
    const xml = await (await h.app.request('/blog/feed.xml')).text();
    const item = DomUtils.getElementsByTagName('item', parseDocument(xml, { xmlMode: true }))[0]!;
    const description = DomUtils.textContent(DomUtils.getElementsByTagName('description', item)[0]!);
    const html = parseDocument(description);
    expect(DomUtils.getElementsByTagName('script', html)).toEqual([]);
    expect(DomUtils.getElementsByTagName('img', html)).toEqual([]);
    const elements = DomUtils.findAll(() => true, html.children);
    expect(elements.flatMap((el) => Object.keys(el.attribs)).filter((a) => a.startsWith('on') || a === 'href')).toEqual([]);
    // What a reader shows is the excerpt, word for word.
    expect(DomUtils.textContent(html)).toBe(
      'Look <script>alert(1)</script> <img src=x onerror="alert(2)"> & <a href="javascript:alert(3)" onclick="x()">here</a>',
    );
  });

  it('carries the 20 newest posts', async () => {
    const h = await setup();
    for (let i = 0; i < 22; i += 1) {
      const p = await h.admin.blog.create({ title: `Post ${i}`, markdown: 'x' });
      await h.admin.blog.publish({ id: p.id });
    }
    const xml = await (await h.app.request('/blog/feed.xml')).text();
    expect(xmlTexts(xml, 'item')).toHaveLength(20);
  });
});

describe('sitemap', () => {
  it('lists the fixed pages and every published post with lastmod, escaped; drafts are absent', async () => {
    const h = await setup();
    const { draft } = await publishedAndDraft(h);
    const xml = await (await h.app.request('/sitemap.xml')).text();
    const locs = xmlTexts(xml, 'loc');
    expect(locs).toContain('http://localhost:3000/blog');
    expect(locs).toContain('http://localhost:3000/blog/hostile-title');
    expect(locs.some((l) => l.includes(draft.slug))).toBe(false);
    expect(xmlTexts(xml, 'lastmod')).toHaveLength(1);
    expect(Number.isNaN(Date.parse(xmlTexts(xml, 'lastmod')[0]))).toBe(false);
  });
});

describe('app shell of blog pages', () => {
  const shell =
    '<!doctype html><html><head><meta name="description" content="Curated default." /><title>Curated — AI-assisted newsletter builder</title></head><body><div id="root"></div></body></html>';

  function appWithClient(h: Setup) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'blog-shell-'));
    fs.writeFileSync(path.join(dir, 'index.html'), shell);
    return createApp(h.deps, { clientDir: dir });
  }

  it("a published post's page has its title, description and Open Graph tags, escaped", async () => {
    const h = await setup();
    const png = await (await upload(h, PNG_1X1, { cookie: h.staffCookie })).json();
    const { live } = await publishedAndDraft(h);
    await h.admin.blog.update({
      id: live.id,
      title: HOSTILE_TITLE,
      slug: 'hostile-title',
      markdown: 'x',
      excerpt: 'Teaser <script>x</script> & "more"',
      coverImageId: png.id,
      coverAlt: 'A cover',
    });
    const app = appWithClient(h);
    const res = await app.request('/blog/hostile-title');
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<title>Tips &lt;&amp;&gt; &quot;quotes&quot; &#39;n&#39; $&amp; more · Curated</title>');
    expect(html).toContain('<meta name="description" content="Teaser &lt;script&gt;x&lt;/script&gt; &amp; &quot;more&quot;" />');
    expect(html).toContain('<meta property="og:title" content="Tips &lt;&amp;&gt; &quot;quotes&quot; &#39;n&#39; $&amp; more" />');
    expect(html).toContain(`<meta property="og:image" content="http://localhost:3000/media/${png.id}" />`);
    expect(html).toContain('<meta property="og:url" content="http://localhost:3000/blog/hostile-title" />');
    expect(html).not.toContain('<script>x');
    expect(html).not.toContain('Curated default.');
  });

  it('drafts, unknown posts and other pages keep the plain shell; /blog names the feed', async () => {
    const h = await setup();
    const { draft } = await publishedAndDraft(h);
    const app = appWithClient(h);
    for (const p of [`/blog/${draft.slug}`, '/blog/nothing-here', '/dashboard', '/']) {
      expect(await (await app.request(p)).text(), p).toBe(shell);
    }
    // The post page of a draft or of no post is a real not-found (the shell shows the not-found view).
    for (const p of [`/blog/${draft.slug}`, '/blog/nothing-here', '/blog/nothing-here/', '/blog/Not%20A%20Slug', '/blog/%E0%A4%A']) {
      expect((await app.request(p)).status, p).toBe(404);
    }
    for (const p of ['/blog/hostile-title', '/blog/hostile-title/', '/blog', '/dashboard']) expect((await app.request(p)).status, p).toBe(200);
    const blog = await (await app.request('/blog')).text();
    expect(blog).toContain('<title>Blog · Curated</title>');
    expect(blog).toContain('<link rel="alternate" type="application/rss+xml" title="Curated Blog" href="/blog/feed.xml" />');
  });
});
