// Blog covers: a cover no post uses goes with its last post, so deleting a post while another is saved
// with the same cover must leave every post's cover in place (or refuse the save as "not found").
// @postgres
import crypto from 'node:crypto';
import { describe, it, expect } from 'vitest';
import { isNotNull } from 'drizzle-orm';
import { blogPosts, contentImages } from '../../../db/schema';
import { PNG_1X1, setup } from '../blog/support';
import { BLOG_MSG } from '../../../src/shared/schemas/blog';
import { together } from './support';

const post = { title: 'Ten ways to grow a newsletter', markdown: 'Write **often**. Keep it short.' };

describe('blog covers', () => {
  it('deleting the only post with a cover while another post is saved with it keeps the cover for that post (five rounds)', async () => {
    const h = await setup();
    for (let round = 0; round < 5; round++) {
      const id = crypto.randomUUID();
      await h.db.insert(contentImages).values({ id, mime: 'image/png', bytes: PNG_1X1, size: PNG_1X1.length, width: 1, height: 1, createdAt: new Date() });
      const old = await h.admin.blog.create({ ...post, title: `Old ${round}`, coverImageId: id, coverAlt: 'A cover' });

      const { refused } = await together<unknown>([
        h.admin.blog.delete({ id: old.id }),
        h.admin.blog.create({ ...post, title: `New ${round}`, coverImageId: id, coverAlt: 'A cover' }),
      ]);
      for (const r of refused) expect(r).toEqual({ status: 400, message: BLOG_MSG.coverNotFound });
      const images = new Set((await h.db.select({ id: contentImages.id }).from(contentImages)).map((i) => i.id));
      const covers = await h.db.select({ title: blogPosts.title, cover: blogPosts.coverImageId }).from(blogPosts).where(isNotNull(blogPosts.coverImageId));
      for (const c of covers) expect({ title: c.title, found: images.has(c.cover!) }).toEqual({ title: c.title, found: true });
    }
  });
});
