// segments.*: a publication's saved segments (list, create, update, delete; the owner only), the count of
// readers rules select (the builder's live count, the send dialog's audience), and tags by hand on one
// reader or a selection (listTags, addTags, removeTags).
import { router } from '../trpc/init';
import { implement } from '../trpc/implement';
import { segmentsContract } from '../../shared/schemas/segments';
import { countAudience, countRules, createSegment, deleteSegment, listSegments, updateSegment } from '../readers/segments';
import { tagReaders, untagReaders, listTags } from '../readers/tags';

export const segmentsRouter = router(
  implement(segmentsContract, {
    list: (ctx, input) => listSegments(ctx, input.publicationId),
    create: createSegment,
    update: updateSegment,
    delete: (ctx, input) => deleteSegment(ctx, input.id),
    count: countRules,
    audience: countAudience,
    listTags: (ctx, input) => listTags(ctx, input.publicationId),
    addTags: tagReaders,
    removeTags: untagReaders,
  }),
);
