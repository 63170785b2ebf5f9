// blog.*: staff write, publish, unpublish and delete posts (each change audited); the public reads only
// published ones; slugs are made from titles, checked and unique; hostile Markdown is stored inert.
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { auditLog, blogPosts } from '../../../db/schema';
import { expectStatus } from '../workflow/factories';
import { BLOG_MSG } from '../../../src/shared/schemas/blog';
import { setup } from './support';

const post = { title: 'Ten ways to grow a newsletter', markdown: 'Write **often**. Keep it short.\n\nSecond paragraph.' };

describe('blog posts (staff)', () => {
  it('create makes a draft with a slug from the title, rendered HTML and an audit entry', async () => {
    const h = await setup();
    const p = await h.admin.blog.create({ ...post, title: 'Crème brûlée: 10 Tips & Tricks!' });
    expect(p).toMatchObject({ slug: 'creme-brulee-10-tips-tricks', status: 'draft', publishedAt: null });
    expect(p.html).toContain('<strong>often</strong>');
    const second = await h.admin.blog.create({ ...post, title: 'Crème brûlée: 10 tips & tricks' });
    expect(second.slug).toBe('creme-brulee-10-tips-tricks-2');
    expect(await h.actions()).toEqual(['blog.create', 'blog.create']);
    const [entry] = await h.db.select().from(auditLog).limit(1);
    expect(entry).toMatchObject({ actorEmail: 'admin@example.com', action: 'blog.create' });
    expect(entry.detail).toMatchObject({ postId: p.id, slug: p.slug });
  });

  it('every staff role writes; a plain user gets 403 and anon 401 on every staff procedure', async () => {
    const h = await setup();
    const mine = await h.caller(h.manager).blog.create(post);
    expect((await h.caller(h.manager).blog.adminList()).posts.map((p) => p.id)).toEqual([mine.id]);
    const id = { id: mine.id };
    const calls = (c: ReturnType<typeof h.caller>) => [
      c.blog.adminList(),
      c.blog.get(id),
      c.blog.previewBySlug({ slug: mine.slug }),
      c.blog.preview({ markdown: 'x' }),
      c.blog.create(post),
      c.blog.update({ ...id, ...post }),
      c.blog.publish(id),
      c.blog.unpublish(id),
      c.blog.delete(id),
      c.blog.uploadImage({ bytes: new Uint8Array([1]) }),
    ];
    for (const p of calls(h.caller(h.user))) await expectStatus(p, 403);
    for (const p of calls(h.anon)) await expectStatus(p, 401);
    expect(await h.db.select().from(blogPosts)).toHaveLength(1);
  });

  it('bad input is a 400 with a clear message', async () => {
    const h = await setup();
    await expectStatus(h.admin.blog.create({ ...post, title: '  ' }), 400, /Title is required/);
    await expectStatus(h.admin.blog.create({ ...post, title: 'x'.repeat(201) }), 400, /at most 200/);
    await expectStatus(h.admin.blog.create({ ...post, excerpt: 'x'.repeat(301) }), 400, /at most 300/);
    await expectStatus(h.admin.blog.create({ ...post, markdown: 'x'.repeat(200_001) }), 400, /at most 200,000/);
    await expectStatus(h.admin.blog.create({ ...post, slug: 'Not A Slug' }), 400, /lower-case letters/);
    await expectStatus(h.admin.blog.create({ ...post, coverImageId: 'missing' }), 400, BLOG_MSG.coverNotFound);
    await expectStatus(h.admin.blog.preview({ markdown: 'x'.repeat(200_001) }), 400);
    await expectStatus(h.admin.blog.get({ id: '' }), 400);
    await expectStatus(h.admin.blog.get({ id: 'nope' }), 404, BLOG_MSG.notFound);
    await expectStatus(h.admin.blog.publish({ id: 'nope' }), 404);
    await expectStatus(h.anon.blog.list({ page: 0 }), 400);
    await expectStatus(h.anon.blog.bySlug({ slug: '' }), 400);
  });

  it('a slug staff typed that another post uses is a 409 on create and update', async () => {
    const h = await setup();
    const a = await h.admin.blog.create({ ...post, slug: 'my-post' });
    await expectStatus(h.admin.blog.create({ ...post, title: 'Other', slug: 'my-post' }), 409, BLOG_MSG.slugTaken('my-post'));
    const b = await h.admin.blog.create({ ...post, title: 'Other' });
    await expectStatus(h.admin.blog.update({ id: b.id, ...post, slug: 'my-post' }), 409, BLOG_MSG.slugTaken('my-post'));
    // Keeping one's own slug is no conflict.
    expect((await h.admin.blog.update({ id: a.id, ...post, slug: 'my-post' })).slug).toBe('my-post');
  });

  it('update re-renders the HTML, keeps the slug when none is sent, and is audited with what changed', async () => {
    const h = await setup();
    const p = await h.admin.blog.create(post);
    await h.admin.blog.publish({ id: p.id });
    const u = await h.admin.blog.update({ id: p.id, title: 'A new title', markdown: '# Heading\n\nNew *text*', excerpt: 'Teaser' });
    expect(u.slug).toBe(p.slug); // stable once published: a new title does not move the address
    expect(u.html).toBe('<h2>Heading</h2>\n<p>New <em>text</em></p>\n');
    const renamed = await h.admin.blog.update({ id: p.id, title: 'A new title', markdown: 'x', excerpt: 'Teaser', slug: 'moved-here' });
    expect(renamed.slug).toBe('moved-here');
    await expectStatus(h.anon.blog.bySlug({ slug: p.slug }), 404);
    expect((await h.anon.blog.bySlug({ slug: 'moved-here' })).title).toBe('A new title');
    const updates = await h.db.select().from(auditLog).where(eq(auditLog.action, 'blog.update'));
    expect(updates.map((e) => e.detail.changed)).toEqual([
      ['title', 'excerpt', 'markdown'],
      ['slug', 'markdown'],
    ]);
  });

  it('publish sets publishedAt once; unpublish hides the post; both audited', async () => {
    let clock = Date.parse('2026-03-01T09:00:00Z');
    const h = await setup({ deps: { now: () => new Date(clock) } });
    const p = await h.admin.blog.create(post);
    await expectStatus(h.anon.blog.bySlug({ slug: p.slug }), 404, BLOG_MSG.notFound);
    clock += 3_600_000;
    const pub = await h.admin.blog.publish({ id: p.id });
    expect(pub).toMatchObject({ status: 'published', publishedAt: '2026-03-01T10:00:00.000Z' });
    const first = pub.publishedAt;
    clock += 3_600_000;
    expect((await h.anon.blog.bySlug({ slug: p.slug })).publishedAt).toBe(first);

    const un = await h.admin.blog.unpublish({ id: p.id });
    expect(un.status).toBe('draft');
    await expectStatus(h.anon.blog.bySlug({ slug: p.slug }), 404);
    expect((await h.anon.blog.list({ page: 1 })).posts).toEqual([]);
    expect((await h.admin.blog.publish({ id: p.id })).publishedAt).toBe(first);
    expect(await h.actions()).toEqual(['blog.create', 'blog.publish', 'blog.unpublish', 'blog.publish']);
  });

  it('an empty post cannot be published', async () => {
    const h = await setup();
    const p = await h.admin.blog.create({ title: 'Empty' });
    await expectStatus(h.admin.blog.publish({ id: p.id }), 400, /Write the post/);
  });

  it('delete removes the post and is audited; a second delete is 404', async () => {
    const h = await setup();
    const p = await h.admin.blog.create(post);
    await h.admin.blog.publish({ id: p.id });
    expect(await h.admin.blog.delete({ id: p.id })).toEqual({ id: p.id });
    await expectStatus(h.anon.blog.bySlug({ slug: p.slug }), 404);
    await expectStatus(h.admin.blog.delete({ id: p.id }), 404);
    expect(await h.actions()).toEqual(['blog.create', 'blog.publish', 'blog.delete']);
    expect((await h.db.select().from(auditLog).where(eq(auditLog.action, 'blog.delete')).limit(1))[0]!.detail).toMatchObject({
      title: post.title,
      status: 'published',
    });
  });

  it('staff preview a draft by address and the Markdown as sanitised HTML', async () => {
    const h = await setup();
    const p = await h.admin.blog.create(post);
    expect(await h.caller(h.manager).blog.previewBySlug({ slug: p.slug })).toMatchObject({ status: 'draft', title: post.title, authorName: 'Admin' });
    expect((await h.admin.blog.preview({ markdown: 'Hi <script>alert(1)</script>**there**' })).html).toBe('<p>Hi <strong>there</strong></p>\n');
  });
});

describe('blog posts (public)', () => {
  it('list shows published posts only, newest first, paged, with the excerpt or the first sentences', async () => {
    let clock = Date.parse('2026-01-01T10:00:00Z');
    const h = await setup({ deps: { now: () => new Date(clock) } });
    const ids: string[] = [];
    for (let i = 1; i <= 14; i += 1) {
      clock += 60_000;
      const p = await h.admin.blog.create({ title: `Post ${i}`, markdown: `Body ${i}. More text here.`, excerpt: i === 14 ? 'Hand written' : '' });
      if (i !== 7) await h.admin.blog.publish({ id: p.id });
      ids.push(p.id);
    }
    const page1 = await h.anon.blog.list({ page: 1 });
    expect(page1).toMatchObject({ page: 1, pageCount: 2, total: 13 });
    expect(page1.posts.map((p) => p.title)).toEqual([
      'Post 14',
      'Post 13',
      'Post 12',
      'Post 11',
      'Post 10',
      'Post 9',
      'Post 8',
      'Post 6',
      'Post 5',
      'Post 4',
      'Post 3',
      'Post 2',
    ]);
    expect(page1.posts[0].excerpt).toBe('Hand written');
    expect(page1.posts[1].excerpt).toBe('Body 13. More text here.');
    expect((await h.anon.blog.list({ page: 2 })).posts.map((p) => p.title)).toEqual(['Post 1']);
    expect(JSON.stringify(page1)).not.toContain('Post 7');
  });

  it('bySlug answers a published post with its author; a draft is NOT_FOUND like an unknown address', async () => {
    const h = await setup();
    const draft = await h.admin.blog.create({ ...post, title: 'Secret draft' });
    const live = await h.admin.blog.create(post);
    await h.admin.blog.publish({ id: live.id });
    expect(await h.anon.blog.bySlug({ slug: live.slug })).toMatchObject({
      title: post.title,
      authorName: 'Admin',
      excerpt: 'Write often. Keep it short. Second paragraph.',
    });
    await expectStatus(h.anon.blog.bySlug({ slug: draft.slug }), 404, BLOG_MSG.notFound);
    await expectStatus(h.caller(h.user).blog.bySlug({ slug: draft.slug }), 404);
    await expectStatus(h.anon.blog.bySlug({ slug: 'no-such-post' }), 404, BLOG_MSG.notFound);
  });

  it('hostile Markdown is stored and served inert', async () => {
    const h = await setup();
    const hostile = [
      '<script>window.__pwned = 1</script>',
      '<img src="x" onerror="window.__pwned = 2">',
      '[click](javascript:window.__pwned=3)',
      '<a href="javascript:alert(1)">raw</a>',
      '<iframe src="https://evil.example"></iframe>',
      '<style>body{display:none}</style>',
      '<p style="position:fixed" onclick="x()">styled</p>',
      '<svg onload="alert(1)"><circle /></svg>',
      '![pic](data:image/svg+xml;base64,PHN2Zz4=)',
      'Visible text stays.',
    ].join('\n\n');
    const p = await h.admin.blog.create({ title: 'Hostile', markdown: hostile });
    await h.admin.blog.publish({ id: p.id });
    const { html } = await h.anon.blog.bySlug({ slug: p.slug });
    expect(html).toContain('Visible text stays.');
    expect(html).toContain('styled');
    for (const bad of [/<script/i, /onerror/i, /onload/i, /onclick/i, /javascript:/i, /<iframe/i, /<style/i, /style=/i, /<svg/i, /data:/i, /__pwned/]) {
      expect(html).not.toMatch(bad);
    }
  });
});
