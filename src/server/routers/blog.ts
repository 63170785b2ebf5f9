// blog.*: the public reads published posts (list, bySlug); staff (admin, manager, supervisor) write, preview,
// publish and delete them and upload cover images (through POST /api/uploads/blog-image).
import { router, adminProcedure, publicProcedure } from '../trpc/init';
import {
  deletedPost,
  editorPost,
  listInput,
  postFields,
  postIdInput,
  postList,
  postPage,
  previewHtml,
  previewInput,
  slugInput,
  staffPostList,
  updatePostInput,
  uploadImageInput,
  uploadedImage,
} from '../../shared/schemas/blog';
import { noInput } from '../../shared/schemas/common';
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

/** A staff procedure answering the editor's view of one post. */
const editing = adminProcedure.output(editorPost);

export const blogRouter = router({
  list: publicProcedure
    .input(listInput)
    .output(postList)
    .query(({ ctx, input }) => listPublished(ctx.db, input.page)),
  bySlug: publicProcedure
    .input(slugInput)
    .output(postPage)
    .query(({ ctx, input }) => publishedBySlug(ctx.db, input.slug)),

  adminList: adminProcedure
    .input(noInput)
    .output(staffPostList)
    .query(({ ctx }) => listForStaff(ctx.db)),
  get: editing.input(postIdInput).query(({ ctx, input }) => getPost(ctx.db, input.id)),
  /** Staff read a post by its address whatever its status (the draft preview). */
  previewBySlug: adminProcedure
    .input(slugInput)
    .output(postPage)
    .query(({ ctx, input }) => anyBySlug(ctx.db, input.slug)),
  preview: adminProcedure
    .input(previewInput)
    .output(previewHtml)
    .query(({ input }) => previewMarkdown(input.markdown)),
  create: editing.input(postFields).mutation(({ ctx, input }) => createPost(ctx, input)),
  update: editing.input(updatePostInput).mutation(({ ctx, input }) => updatePost(ctx, input)),
  publish: editing.input(postIdInput).mutation(({ ctx, input }) => setPublished(ctx, input.id, true)),
  unpublish: editing.input(postIdInput).mutation(({ ctx, input }) => setPublished(ctx, input.id, false)),
  delete: adminProcedure
    .input(postIdInput)
    .output(deletedPost)
    .mutation(({ ctx, input }) => deletePost(ctx, input.id)),
  /** Bytes arrive through the REST upload path; a JSON call cannot carry them and gets a 400. */
  uploadImage: adminProcedure
    .input(uploadImageInput)
    .output(uploadedImage)
    .mutation(({ ctx, input }) => uploadImage(ctx, input.bytes)),
});
