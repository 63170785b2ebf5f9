// publications.*: the signed-in user's stored publications (the newsletters the workflow edits).
import { router } from '../trpc/init';
import { implement } from '../trpc/implement';
import { publicationsContract } from '../../shared/schemas/publications';
import { createPublication, deletePublication, getPublication, listPublications, renamePublication } from '../publications/publications';

export const publicationsRouter = router(
  implement(publicationsContract, {
    list: (ctx) => listPublications(ctx),
    create: createPublication,
    get: (ctx, input) => getPublication(ctx, input.id),
    rename: renamePublication,
    delete: (ctx, input) => deletePublication(ctx, input.id),
  }),
);
