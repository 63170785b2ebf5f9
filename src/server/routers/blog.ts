// blog.*: the public reads published posts (list, bySlug); staff (admin, manager, supervisor) write, preview,
// publish and delete them and upload cover images (through POST /api/uploads/blog-image).
import { z } from 'zod';
import { router, adminProcedure, publicProcedure } from '../trpc/init';
import {
  listInput,
  postFields,
  postIdInput,
  previewInput,
  slugInput,
  updatePostInput,
  uploadImageInput,
  uploadedImage,
  postList,
  postPage,
} from '../blog/schemas';
import {
  anyBySlug,
  createPost,
  deletePost,
  getPost,
  listForStaff,
  listPublished,
  previewMarkdown,
  publishedBySlug,
  setPublished,
  updatePost,
} from '../blog/posts';
import { uploadImage } from '../blog/images';

export const blogRouter = router({
  list: publicProcedure
    .input(listInput)
    .output(postList)
    .query(({ ctx, input }) => listPublished(ctx.db, input.page)),
  bySlug: publicProcedure
    .input(slugInput)
    .output(postPage)
    .query(({ ctx, input }) => publishedBySlug(ctx.db, input.slug)),

  adminList: adminProcedure.input(z.void()).query(({ ctx }) => listForStaff(ctx.db)),
  get: adminProcedure.input(postIdInput).query(({ ctx, input }) => getPost(ctx.db, input.id)),
  /** Staff read a post by its address whatever its status (the draft preview). */
  previewBySlug: adminProcedure.input(slugInput).query(({ ctx, input }) => anyBySlug(ctx.db, input.slug)),
  preview: adminProcedure.input(previewInput).query(({ input }) => previewMarkdown(input.markdown)),
  create: adminProcedure.input(postFields).mutation(({ ctx, input }) => createPost(ctx, input)),
  update: adminProcedure.input(updatePostInput).mutation(({ ctx, input }) => updatePost(ctx, input)),
  publish: adminProcedure.input(postIdInput).mutation(({ ctx, input }) => setPublished(ctx, input.id, true)),
  unpublish: adminProcedure.input(postIdInput).mutation(({ ctx, input }) => setPublished(ctx, input.id, false)),
  delete: adminProcedure.input(postIdInput).mutation(({ ctx, input }) => deletePost(ctx, input.id)),
  /** Bytes arrive through the REST upload path; a JSON call cannot carry them and gets a 400. */
  uploadImage: adminProcedure
    .input(uploadImageInput)
    .output(uploadedImage)
    .mutation(({ ctx, input }) => uploadImage(ctx, input.bytes)),
});
