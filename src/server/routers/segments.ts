// segments.*: a publication's saved segments (list, create, update, delete; the owner only), the count of
// readers rules select (the builder's live count, the send dialog's audience), and tags by hand on one
// reader or a selection (listTags, addTags, removeTags).
import { z } from 'zod';
import { router, protectedProcedure } from '../trpc/init';
import { countAudience, countRules, createSegment, deleteSegment, listSegments, updateSegment } from '../readers/segments';
import { tagReaders, untagReaders, listTags } from '../readers/tags';
import {
  addTagsInput,
  audienceCount,
  audienceInput,
  countRulesInput,
  createSegmentInput,
  removeTagsInput,
  rulesCount,
  segmentDeleted,
  segmentDto,
  segmentRef,
  segmentsOfPublication,
  tagCounts,
  tagsChanged,
  updateSegmentInput,
} from '../../shared/schemas/segments';

export const segmentsRouter = router({
  list: protectedProcedure
    .input(segmentsOfPublication)
    .output(z.array(segmentDto))
    .query(({ ctx, input }) => listSegments(ctx, input.publicationId)),
  create: protectedProcedure
    .input(createSegmentInput)
    .output(segmentDto)
    .mutation(({ ctx, input }) => createSegment(ctx, input)),
  update: protectedProcedure
    .input(updateSegmentInput)
    .output(segmentDto)
    .mutation(({ ctx, input }) => updateSegment(ctx, input)),
  delete: protectedProcedure
    .input(segmentRef)
    .output(segmentDeleted)
    .mutation(({ ctx, input }) => deleteSegment(ctx, input.id)),
  /** Readers the rules select (any status) and those a send would reach now. */
  count: protectedProcedure
    .input(countRulesInput)
    .output(rulesCount)
    .query(({ ctx, input }) => countRules(ctx, input)),
  /** Recipients of a send to a saved segment, or (no segmentId) to every active reader. */
  audience: protectedProcedure
    .input(audienceInput)
    .output(audienceCount)
    .query(({ ctx, input }) => countAudience(ctx, input)),
  listTags: protectedProcedure
    .input(segmentsOfPublication)
    .output(tagCounts)
    .query(({ ctx, input }) => listTags(ctx, input.publicationId)),
  addTags: protectedProcedure
    .input(addTagsInput)
    .output(tagsChanged)
    .mutation(({ ctx, input }) => tagReaders(ctx, input)),
  removeTags: protectedProcedure
    .input(removeTagsInput)
    .output(tagsChanged)
    .mutation(({ ctx, input }) => untagReaders(ctx, input)),
});
