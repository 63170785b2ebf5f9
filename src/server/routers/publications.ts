// publications.*: the signed-in user's stored publications (the newsletters the workflow edits).
import { z } from 'zod';
import { router, protectedProcedure } from '../trpc/init';
import { removedResult } from '../../shared/schemas/common';
import { createPublicationInput, publicationDto, publicationRef, publicationSummaryDto, renamePublicationInput } from '../../shared/schemas/publications';
import { createPublication, deletePublication, getPublication, listPublications, renamePublication } from '../publications/publications';

export const publicationsRouter = router({
  list: protectedProcedure
    .input(z.void())
    .output(z.array(publicationSummaryDto))
    .query(({ ctx }) => listPublications(ctx)),

  create: protectedProcedure
    .input(createPublicationInput)
    .output(publicationDto)
    .mutation(({ ctx, input }) => createPublication(ctx, input)),

  get: protectedProcedure
    .input(publicationRef)
    .output(publicationDto)
    .query(({ ctx, input }) => getPublication(ctx, input.id)),

  rename: protectedProcedure
    .input(renamePublicationInput)
    .output(publicationDto)
    .mutation(({ ctx, input }) => renamePublication(ctx, input)),

  delete: protectedProcedure
    .input(publicationRef)
    .output(removedResult)
    .mutation(({ ctx, input }) => deletePublication(ctx, input.id)),
});
