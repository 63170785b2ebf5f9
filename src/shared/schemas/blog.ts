// The contracts of blog.*: inputs (validated by the router, typed for the domain functions) and what
// each procedure answers (the public pages, the staff list and editor, the /api upload path).
import { z } from 'zod';
import { SLUG_MAX, SLUG_PATTERN } from '../blog-slug';
import { query, mutation, type RouterContract } from '../contract';
import { noInput } from './common';

export const BLOG_POST_STATUSES = ['draft', 'published'] as const;
export type BlogPostStatus = (typeof BLOG_POST_STATUSES)[number];

export const TITLE_MAX = 200;
export const EXCERPT_MAX = 300;
export const MARKDOWN_MAX = 200_000;
export const COVER_ALT_MAX = 300;
export const PAGE_SIZE = 12;

export const BLOG_MSG = {
  notFound: 'Post not found',
  slugTaken: (slug: string) => `Another post already uses the address /blog/${slug}. Choose a different slug.`,
  coverNotFound: 'The cover image was not found. Upload it again.',
  imageTooLarge: 'The image is too large (2 MB at most).',
  imageEmpty: 'Choose an image file to upload.',
  imageType: 'Only JPEG, PNG, WebP and GIF images can be uploaded (SVG and other files are refused).',
} as const;

const idSchema = z.string().trim().min(1).max(100);

export const slugSchema = z
  .string()
  .trim()
  .max(SLUG_MAX, `Slug must be at most ${SLUG_MAX} characters`)
  .regex(SLUG_PATTERN, 'Slug may only hold lower-case letters, digits and single hyphens (e.g. my-first-post)');

export const postFields = z.object({
  title: z.string().trim().min(1, 'Title is required').max(TITLE_MAX, `Title must be at most ${TITLE_MAX} characters`),
  /** Empty: made from the title. */
  slug: z.union([z.literal(''), slugSchema]).optional(),
  excerpt: z.string().trim().max(EXCERPT_MAX, `Excerpt must be at most ${EXCERPT_MAX} characters`).default(''),
  markdown: z
    .string()
    .max(MARKDOWN_MAX, `The text must be at most ${MARKDOWN_MAX.toLocaleString('en-US')} characters`)
    .default(''),
  coverImageId: idSchema.nullable().default(null),
  coverAlt: z.string().trim().max(COVER_ALT_MAX, `Cover alt text must be at most ${COVER_ALT_MAX} characters`).default(''),
});
export type PostFields = z.infer<typeof postFields>;

export const updatePostInput = postFields.extend({ id: idSchema });
export type UpdatePostInput = z.infer<typeof updatePostInput>;

export const postIdInput = z.object({ id: idSchema });
export const slugInput = z.object({ slug: z.string().trim().min(1).max(SLUG_MAX) });
export const listInput = z.object({ page: z.number().int().min(1).max(10_000).default(1) }).default({ page: 1 });
export const previewInput = z.object({ markdown: z.string().max(MARKDOWN_MAX, `The text must be at most ${MARKDOWN_MAX.toLocaleString('en-US')} characters`) });
export const uploadImageInput = z.object({ bytes: z.instanceof(Uint8Array, { message: BLOG_MSG.imageEmpty }) });
/** POST /api/uploads/blog-image: the stored image, served from its url. */
export const uploadedImage = z.object({
  id: z.string(),
  url: z.string(),
  mime: z.string(),
  size: z.number().int(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
});

/** A post as the public listing shows it (blog.list), and as its public page shows it (blog.bySlug). */
export const postCard = z.object({
  slug: z.string(),
  title: z.string(),
  excerpt: z.string(),
  cover: z.object({ url: z.string(), alt: z.string() }).nullable(),
  publishedAt: z.string().nullable(),
});
export const postList = z.object({ posts: z.array(postCard), page: z.number().int(), pageCount: z.number().int(), total: z.number().int() });
export const postPage = postCard.extend({ status: z.enum(BLOG_POST_STATUSES), html: z.string(), authorName: z.string().nullable(), updatedAt: z.string() });

/** A post as the staff list shows it. */
export const postListItem = z.object({
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  status: z.enum(BLOG_POST_STATUSES),
  publishedAt: z.string().nullable(),
  updatedAt: z.string(),
  createdAt: z.string(),
});
export const staffPostList = z.object({ posts: z.array(postListItem) });

/** Everything the editor needs. */
export const editorPost = postListItem.extend({
  excerpt: z.string(),
  markdown: z.string(),
  html: z.string(),
  coverImageId: z.string().nullable(),
  coverAlt: z.string(),
  cover: postCard.shape.cover,
});
export type EditorPost = z.infer<typeof editorPost>;

export const previewHtml = z.object({ html: z.string() });
export const deletedPost = z.object({ id: z.string() });

/** The blog router: what each procedure takes and answers. */
export const blogContract = {
  list: query(listInput, postList, 'public'),
  bySlug: query(slugInput, postPage, 'public'),

  adminList: query(noInput, staffPostList, 'staff'),
  get: query(postIdInput, editorPost, 'staff'),
  /** Staff read a post by its address whatever its status (the draft preview). */
  previewBySlug: query(slugInput, postPage, 'staff'),
  preview: query(previewInput, previewHtml, 'staff'),
  create: mutation(postFields, editorPost, 'staff'),
  update: mutation(updatePostInput, editorPost, 'staff'),
  publish: mutation(postIdInput, editorPost, 'staff'),
  unpublish: mutation(postIdInput, editorPost, 'staff'),
  delete: mutation(postIdInput, deletedPost, 'staff'),
  /** Bytes arrive through the REST upload path; a JSON call cannot carry them and gets a 400. */
  uploadImage: mutation(uploadImageInput, uploadedImage, 'staff'),
} satisfies RouterContract;
