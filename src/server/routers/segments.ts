// segments.*: a publication's saved segments (list, create, update, delete; the owner only), the count of
// readers rules select (the builder's live count, the send dialog's audience), and tags by hand on one
// reader or a selection (listTags, addTags, removeTags).
import { z } from 'zod';
import { router, protectedProcedure } from '../trpc/init';
import { segmentRules, tagList } from '../../shared/schemas/readers';
import { countAudience, countRules, createSegment, deleteSegment, listSegments, updateSegment } from '../readers/segments';
import { tagReaders, untagReaders, listTags } from '../readers/tags';
import { READERS_MSG } from '../../shared/schemas/readers';

const publicationId = z.string().min(1).max(64);
const segmentId = z.string().min(1).max(64);
const segmentName = z
  .string()
  .trim()
  .min(1, READERS_MSG.segmentName)
  .max(80, 'A segment name is at most 80 characters.')
  .regex(/^[^\r\n]*$/, 'A segment name is one line.');

export const segmentDto = z.object({
  id: z.string(),
  publicationId: z.string(),
  name: z.string(),
  rules: segmentRules,
  createdAt: z.string(),
  updatedAt: z.string(),
});
const readerIds = z.array(z.string().min(1).max(64)).min(1).max(500);

export const segmentsRouter = router({
  list: protectedProcedure
    .input(z.object({ publicationId }))
    .output(z.array(segmentDto))
    .query(({ ctx, input }) => listSegments(ctx, input.publicationId)),
  create: protectedProcedure
    .input(z.object({ publicationId, name: segmentName, rules: segmentRules }))
    .output(segmentDto)
    .mutation(({ ctx, input }) => createSegment(ctx, input)),
  update: protectedProcedure
    .input(z.object({ id: segmentId, name: segmentName.optional(), rules: segmentRules.optional() }))
    .output(segmentDto)
    .mutation(({ ctx, input }) => updateSegment(ctx, input)),
  delete: protectedProcedure.input(z.object({ id: segmentId })).mutation(({ ctx, input }) => deleteSegment(ctx, input.id)),
  /** Readers the rules select (any status) and those a send would reach now. */
  count: protectedProcedure.input(z.object({ publicationId, rules: segmentRules })).query(({ ctx, input }) => countRules(ctx, input)),
  /** Recipients of a send to a saved segment, or (no segmentId) to every active reader. */
  audience: protectedProcedure.input(z.object({ publicationId, segmentId: segmentId.nullish() })).query(({ ctx, input }) => countAudience(ctx, input)),
  listTags: protectedProcedure.input(z.object({ publicationId })).query(({ ctx, input }) => listTags(ctx, input.publicationId)),
  addTags: protectedProcedure.input(z.object({ publicationId, ids: readerIds, tags: tagList.min(1) })).mutation(({ ctx, input }) => tagReaders(ctx, input)),
  removeTags: protectedProcedure
    .input(z.object({ publicationId, ids: readerIds, tags: z.array(z.string().max(100)).min(1).max(50) }))
    .mutation(({ ctx, input }) => untagReaders(ctx, input)),
});
