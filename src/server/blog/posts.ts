// Blog posts: staff (admin, manager, supervisor) write them in Markdown; the HTML is rendered and sanitised
// on the server on every save; the public reads published posts only. Every change is audited in the same
// transaction. A slug made from the title gets a -2, -3 … suffix when taken; a slug staff typed is refused
// with a 409 instead, so nobody silently gets an address they did not choose.
import crypto from 'node:crypto';
import { and, count, desc, eq, ne } from 'drizzle-orm';
import type { Deps } from '../context';
import type { SessionUser } from '../auth/service';
import { blogPosts, contentImages, users, type BlogPostRow } from '../../../db/schema';
import { AppError } from '../errors';
import { markdownToSafeHtml, markdownToText } from '../markdown';
import { recordAudit, type Actor } from '../user/audit';
import { slugify } from '../../shared/blog-slug';
import { BLOG_MSG, EXCERPT_MAX, PAGE_SIZE, type PostFields, type UpdatePostInput } from '../../shared/schemas/blog';

export type BlogCtx = Pick<Deps, 'db' | 'now'> & { user: SessionUser; ip: string };
import { affectedRows, isUniqueViolation, tx, type Db, type DbOrTx, type Tx } from '../db';
import { locks } from '../locks';
const actorOf = (ctx: BlogCtx): Actor => ({ id: ctx.user.id, email: ctx.user.email, ip: ctx.ip });

export const mediaUrl = (imageId: string) => `/media/${imageId}`;

const AUTO_EXCERPT = 200;

/** The first sentences of the text (about 200 characters, never more than the excerpt limit). */
export function autoExcerpt(markdown: string): string {
  // The opening of a long body is enough for a teaser; rendering 200,000 characters for it is not.
  // Headings are titles, not sentences: a teaser reads from the first paragraph on.
  const body = markdown.slice(0, 4000).replace(/^ {0,3}#{1,6}\s.*$/gm, '');
  const text = markdownToText(body).replace(/\s+/g, ' ').trim();
  if (text.length <= AUTO_EXCERPT) return text;
  let out = '';
  for (const sentence of text.match(/[^.!?]+[.!?]+["')\]]*(?=\s|$)/g) ?? []) {
    if ((out + sentence).trim().length > AUTO_EXCERPT) break;
    out += sentence;
  }
  out = out.trim();
  if (out.length >= 60) return out;
  const cut = text.slice(0, AUTO_EXCERPT);
  const space = cut.lastIndexOf(' ');
  return `${(space > 100 ? cut.slice(0, space) : cut).replace(/[\s,;:.-]+$/, '')}…`.slice(0, EXCERPT_MAX);
}

const excerptOf = (row: Pick<BlogPostRow, 'excerpt' | 'markdown'>) => row.excerpt || autoExcerpt(row.markdown);

function coverOf(row: Pick<BlogPostRow, 'coverImageId' | 'coverAlt'>) {
  return row.coverImageId ? { url: mediaUrl(row.coverImageId), alt: row.coverAlt } : null;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** A post as the public listing shows it. */
export function cardDto(row: BlogPostRow) {
  return { slug: row.slug, title: row.title, excerpt: excerptOf(row), cover: coverOf(row), publishedAt: iso(row.publishedAt) };
}

/** A post as its public page shows it (also the staff preview of a draft). */
export function pageDto(row: BlogPostRow, authorName: string | null) {
  return {
    ...cardDto(row),
    status: row.status,
    html: row.html,
    authorName,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A post as the staff list shows it. */
export function adminItemDto(row: Pick<BlogPostRow, 'id' | 'slug' | 'title' | 'status' | 'publishedAt' | 'updatedAt' | 'createdAt'>) {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    status: row.status,
    publishedAt: iso(row.publishedAt),
    updatedAt: row.updatedAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
  };
}

/** Everything the editor needs. */
export function editorDto(row: BlogPostRow) {
  return {
    ...adminItemDto(row),
    excerpt: row.excerpt,
    markdown: row.markdown,
    html: row.html,
    coverImageId: row.coverImageId,
    coverAlt: row.coverAlt,
    cover: coverOf(row),
  };
}
export type BlogEditorPost = ReturnType<typeof editorDto>;

async function findPost(db: DbOrTx, id: string): Promise<BlogPostRow> {
  const [row] = await db.select().from(blogPosts).where(eq(blogPosts.id, id)).limit(1);
  if (!row) throw new AppError('NOT_FOUND', BLOG_MSG.notFound);
  return row;
}

async function slugTaken(db: DbOrTx, slug: string, exceptId?: string): Promise<boolean> {
  const where = exceptId ? and(eq(blogPosts.slug, slug), ne(blogPosts.id, exceptId)) : eq(blogPosts.slug, slug);
  const [row] = await db.select({ id: blogPosts.id }).from(blogPosts).where(where).limit(1);
  return !!row;
}

/** The slug to store: one staff typed must be free (409), one made from the title is made free. */
async function resolveSlug(db: DbOrTx, typed: string | undefined, title: string, current?: { id: string; slug: string }): Promise<string> {
  if (typed) {
    if (await slugTaken(db, typed, current?.id)) throw new AppError('CONFLICT', BLOG_MSG.slugTaken(typed));
    return typed;
  }
  if (current) return current.slug;
  const base = slugify(title);
  for (let n = 1; ; n += 1) {
    const candidate = n === 1 ? base : `${base.slice(0, 95).replace(/-+$/, '')}-${n}`;
    if (!(await slugTaken(db, candidate))) return candidate;
  }
}

/**
 * The cover must exist; run it in the transaction that saves the post, after `locks.blogCovers`: a
 * deletion that drops the cover waits for the save (and then sees the cover used) or comes first.
 */
async function checkCover(db: DbOrTx, coverImageId: string | null): Promise<void> {
  if (!coverImageId) return;
  const [image] = await db.select({ id: contentImages.id }).from(contentImages).where(eq(contentImages.id, coverImageId)).limit(1);
  if (!image) throw new AppError('BAD_REQUEST', BLOG_MSG.coverNotFound);
}

/** A unique-index failure that slipped past the check (two saves at once) is the same 409. */
async function conflictOnUnique<T>(slug: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError('CONFLICT', BLOG_MSG.slugTaken(slug));
    throw err;
  }
}

/** A post's written content as stored: the Markdown with its safe HTML, the cover's text only with a cover. */
function contentOf(input: PostFields) {
  return {
    title: input.title,
    excerpt: input.excerpt,
    markdown: input.markdown,
    html: markdownToSafeHtml(input.markdown),
    coverImageId: input.coverImageId,
    coverAlt: input.coverImageId ? input.coverAlt : '',
  };
}

export async function createPost(ctx: BlogCtx, input: PostFields): Promise<BlogEditorPost> {
  const now = ctx.now();
  // Rendered before the transaction opens: it is CPU work that needs no row.
  const content = contentOf(input);
  return tx(ctx.db, async (t) => {
    if (input.coverImageId) await locks.blogCovers(t);
    await checkCover(t, input.coverImageId);
    const slug = await resolveSlug(t, input.slug || undefined, input.title);
    const row: BlogPostRow = {
      id: crypto.randomUUID(),
      slug,
      ...content,
      status: 'draft',
      authorId: ctx.user.id,
      publishedAt: null,
      createdAt: now,
      updatedAt: now,
    };
    await conflictOnUnique(slug, async () => t.insert(blogPosts).values(row));
    await recordAudit(t, actorOf(ctx), 'blog.create', null, { postId: row.id, title: row.title, slug }, now);
    return editorDto(row);
  });
}

export async function updatePost(ctx: BlogCtx, input: UpdatePostInput): Promise<BlogEditorPost> {
  const now = ctx.now();
  const content = contentOf(input);
  return tx(ctx.db, async (t) => {
    await locks.blogCovers(t);
    const before = await findPost(t, input.id);
    await checkCover(t, input.coverImageId);
    const slug = await resolveSlug(t, input.slug || undefined, input.title, before);
    const patch = {
      slug,
      ...content,
      updatedAt: now,
    };
    await conflictOnUnique(slug, async () => t.update(blogPosts).set(patch).where(eq(blogPosts.id, before.id)));
    const changed = (['slug', 'title', 'excerpt', 'markdown', 'coverImageId', 'coverAlt'] as const).filter((k) => before[k] !== patch[k]);
    await recordAudit(t, actorOf(ctx), 'blog.update', null, { postId: before.id, title: patch.title, slug, changed }, now);
    if (before.coverImageId && before.coverImageId !== patch.coverImageId) await dropImageIfUnused(t, before.coverImageId);
    return editorDto({ ...before, ...patch });
  });
}

export async function setPublished(ctx: BlogCtx, id: string, publish: boolean): Promise<BlogEditorPost> {
  const now = ctx.now();
  return tx(ctx.db, async (t) => {
    const before = await findPost(t, id);
    if (publish && !before.markdown.trim()) throw new AppError('BAD_REQUEST', 'Write the post before publishing it.');
    const status = publish ? 'published' : 'draft';
    if (before.status === status) return editorDto(before);
    // The first publication date stays: unpublishing and publishing again keeps the post's date.
    const patch = { status, publishedAt: before.publishedAt ?? (publish ? now : null), updatedAt: now } as const;
    // Written only while the status is still the other one: of two publications at once, the second
    // answers with the post as the first left it, unaudited.
    if (
      !affectedRows(
        await t
          .update(blogPosts)
          .set(patch)
          .where(and(eq(blogPosts.id, id), ne(blogPosts.status, status))),
      )
    )
      return editorDto(await findPost(t, id));
    await recordAudit(t, actorOf(ctx), publish ? 'blog.publish' : 'blog.unpublish', null, { postId: id, title: before.title, slug: before.slug }, now);
    return editorDto({ ...before, ...patch });
  });
}

export async function deletePost(ctx: BlogCtx, id: string) {
  const now = ctx.now();
  await tx(ctx.db, async (t) => {
    await locks.blogCovers(t);
    const row = await findPost(t, id);
    await t.delete(blogPosts).where(eq(blogPosts.id, id));
    if (row.coverImageId) await dropImageIfUnused(t, row.coverImageId);
    await recordAudit(t, actorOf(ctx), 'blog.delete', null, { postId: id, title: row.title, slug: row.slug, status: row.status }, now);
  });
  return { id };
}

/** A cover no other post uses goes with its post (body images in Markdown are addresses, not tracked). */
async function dropImageIfUnused(t: Tx, imageId: string): Promise<void> {
  const [usedBy] = await t.select({ id: blogPosts.id }).from(blogPosts).where(eq(blogPosts.coverImageId, imageId)).limit(1);
  if (!usedBy) await t.delete(contentImages).where(eq(contentImages.id, imageId));
}

export async function getPost(db: Db, id: string) {
  return editorDto(await findPost(db, id));
}

export async function listForStaff(db: Db) {
  const rows = await db
    .select({
      id: blogPosts.id,
      slug: blogPosts.slug,
      title: blogPosts.title,
      status: blogPosts.status,
      publishedAt: blogPosts.publishedAt,
      updatedAt: blogPosts.updatedAt,
      createdAt: blogPosts.createdAt,
    })
    .from(blogPosts)
    .orderBy(desc(blogPosts.updatedAt));
  return { posts: rows.map(adminItemDto) };
}

const published = eq(blogPosts.status, 'published');

/** Published posts, newest first. */
export async function listPublished(db: Db, page: number) {
  const [counted] = await db.select({ n: count() }).from(blogPosts).where(published);
  const total = counted?.n ?? 0;
  const rows = await db
    .select()
    .from(blogPosts)
    .where(published)
    .orderBy(desc(blogPosts.publishedAt), desc(blogPosts.createdAt), desc(blogPosts.id))
    .limit(PAGE_SIZE)
    .offset((page - 1) * PAGE_SIZE);
  return { posts: rows.map(cardDto), page, pageCount: Math.max(1, Math.ceil(total / PAGE_SIZE)), total };
}

/** The newest published posts in full (feed). */
export async function latestPublished(db: Db, limit: number) {
  return db.select().from(blogPosts).where(published).orderBy(desc(blogPosts.publishedAt), desc(blogPosts.createdAt), desc(blogPosts.id)).limit(limit);
}

async function bySlug(db: Db, slug: string, includeDrafts: boolean) {
  const [found] = await db
    .select({ post: blogPosts, authorName: users.name })
    .from(blogPosts)
    .leftJoin(users, eq(users.id, blogPosts.authorId))
    .where(includeDrafts ? eq(blogPosts.slug, slug) : and(eq(blogPosts.slug, slug), published))
    .limit(1);
  return found ? pageDto(found.post, found.authorName) : null;
}

/** A published post; a draft's address is not found, as an unknown one. */
export async function publishedBySlug(db: Db, slug: string) {
  const post = await bySlug(db, slug, false);
  if (!post) throw new AppError('NOT_FOUND', BLOG_MSG.notFound);
  return post;
}

/** Staff preview: a post by address whatever its status. */
export async function anyBySlug(db: Db, slug: string) {
  const post = await bySlug(db, slug, true);
  if (!post) throw new AppError('NOT_FOUND', BLOG_MSG.notFound);
  return post;
}

/** Published posts for the sitemap (address and last change). */
export async function publishedAddresses(db: Db) {
  return db.select({ slug: blogPosts.slug, updatedAt: blogPosts.updatedAt }).from(blogPosts).where(published).orderBy(desc(blogPosts.publishedAt));
}

/** The live preview of the editor: the same rendering and sanitising as a save. */
export function previewMarkdown(markdown: string) {
  return { html: markdownToSafeHtml(markdown) };
}
