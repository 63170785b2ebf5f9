// The contracts of segments.*: a publication's saved segments (rules over its readers), the counts of
// readers rules select, and tags put on or taken off readers by hand.
import { z } from 'zod';
import { query, mutation, type RouterContract } from '../contract';
import { READERS_MSG, segmentRules, tagList } from './readers';

const publicationId = z.string().min(1).max(64);
const segmentId = z.string().min(1).max(64);
const segmentName = z
  .string()
  .trim()
  .min(1, READERS_MSG.segmentName)
  .max(80, 'A segment name is at most 80 characters.')
  .regex(/^[^\r\n]*$/, 'A segment name is one line.');
/** One reader or a selection (at most 500 at a time). */
const readerIds = z.array(z.string().min(1).max(64)).min(1).max(500);

export const segmentsOfPublication = z.object({ publicationId });
export const createSegmentInput = z.object({ publicationId, name: segmentName, rules: segmentRules });
export const updateSegmentInput = z.object({ id: segmentId, name: segmentName.optional(), rules: segmentRules.optional() });
export const segmentRef = z.object({ id: segmentId });
export const countRulesInput = z.object({ publicationId, rules: segmentRules });
/** A send's audience: a saved segment, or (no segmentId) every active reader. */
export const audienceInput = z.object({ publicationId, segmentId: segmentId.nullish() });
export const addTagsInput = z.object({ publicationId, ids: readerIds, tags: tagList.min(1) });
/** Tags to take off are matched against the reader's own (case-insensitively), not checked as new tags. */
export const removeTagsInput = z.object({ publicationId, ids: readerIds, tags: z.array(z.string().max(100)).min(1).max(50) });

export const segmentDto = z.object({
  id: z.string(),
  publicationId: z.string(),
  name: z.string(),
  rules: segmentRules,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SegmentDto = z.infer<typeof segmentDto>;
export const segmentList = z.array(segmentDto);
export const segmentDeleted = z.object({ deleted: z.literal(true) });
/** Readers the rules select (any status), and those of them a send would reach now. */
export const rulesCount = z.object({ matching: z.number().int(), recipients: z.number().int() });
export const audienceCount = z.object({ recipients: z.number().int() });
/** A publication's tags with how many readers carry each. */
export const tagCounts = z.array(z.object({ tag: z.string(), readers: z.number().int() }));
/** How many readers gained (or lost) a tag. */
export const tagsChanged = z.object({ changed: z.number().int() });

/** The segments router: what each procedure takes and answers. */
export const segmentsContract = {
  list: query(segmentsOfPublication, segmentList),
  create: mutation(createSegmentInput, segmentDto),
  update: mutation(updateSegmentInput, segmentDto),
  delete: mutation(segmentRef, segmentDeleted),
  /** Readers the rules select (any status) and those a send would reach now. */
  count: query(countRulesInput, rulesCount),
  /** Recipients of a send to a saved segment, or (no segmentId) to every active reader. */
  audience: query(audienceInput, audienceCount),
  listTags: query(segmentsOfPublication, tagCounts),
  addTags: mutation(addTagsInput, tagsChanged),
  removeTags: mutation(removeTagsInput, tagsChanged),
} satisfies RouterContract;
