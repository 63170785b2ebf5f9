// blog.*: the public reads published posts (list, bySlug); staff (admin, manager, supervisor) write, preview,
// publish and delete them and upload cover images (through POST /api/uploads/blog-image).
import { router } from '../trpc/init';
import { implement } from '../trpc/implement';
import { blogContract } from '../../shared/schemas/blog';
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

export const blogRouter = router(
  implement(blogContract, {
    list: (ctx, input) => listPublished(ctx.db, input.page),
    bySlug: (ctx, input) => publishedBySlug(ctx.db, input.slug),

    adminList: (ctx) => listForStaff(ctx.db),
    get: (ctx, input) => getPost(ctx.db, input.id),
    previewBySlug: (ctx, input) => anyBySlug(ctx.db, input.slug),
    preview: (_ctx, input) => previewMarkdown(input.markdown),
    create: createPost,
    update: updatePost,
    publish: (ctx, input) => setPublished(ctx, input.id, true),
    unpublish: (ctx, input) => setPublished(ctx, input.id, false),
    delete: (ctx, input) => deletePost(ctx, input.id),
    uploadImage: (ctx, input) => uploadImage(ctx, input.bytes),
  }),
);
