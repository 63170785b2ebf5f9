// productNews.*: product newsletters staff write to the accounts that opted in (compose, preview, test
// and drafts for every staff role; sending for admins), and each user's own opt-in switch.
import { z } from 'zod';
import { router, adminProcedure, protectedProcedure } from '../trpc/init';
import {
  deleteDraft,
  getProductNews,
  listNewsletters,
  optedInCount,
  previewNewsletter,
  saveDraft,
  sendNewsletter,
  sendNewsletterTest,
  setProductNews,
} from '../onboarding/product-news';
import { deletedRef, mailPreview, previewInput, testMailResult } from '../../shared/schemas/onboarding';
import {
  draftInput,
  newsletterRef,
  productNewsAudience,
  productNewsChoice,
  productNewsletterDto,
  productNewsletterList,
  sendInput,
  setOptInInput,
} from '../../shared/schemas/product-news';

export const productNewsRouter = router({
  /** The signed-in user's own choice (off until they turn it on). */
  get: protectedProcedure
    .input(z.void())
    .output(productNewsChoice)
    .query(({ ctx }) => getProductNews(ctx)),
  set: protectedProcedure
    .input(setOptInInput)
    .output(productNewsChoice)
    .mutation(({ ctx, input }) => setProductNews(ctx, input)),
  list: adminProcedure
    .input(z.void())
    .output(productNewsletterList)
    .query(({ ctx }) => listNewsletters(ctx)),
  audience: adminProcedure
    .input(z.void())
    .output(productNewsAudience)
    .query(({ ctx }) => optedInCount(ctx)),
  preview: adminProcedure
    .input(previewInput)
    .output(mailPreview)
    .query(({ ctx, input }) => previewNewsletter(ctx, input)),
  sendTest: adminProcedure
    .input(previewInput)
    .output(testMailResult)
    .mutation(({ ctx, input }) => sendNewsletterTest(ctx, input)),
  saveDraft: adminProcedure
    .input(draftInput)
    .output(productNewsletterDto)
    .mutation(({ ctx, input }) => saveDraft(ctx, input)),
  deleteDraft: adminProcedure
    .input(newsletterRef)
    .output(deletedRef)
    .mutation(({ ctx, input }) => deleteDraft(ctx, input)),
  send: adminProcedure
    .input(sendInput)
    .output(productNewsletterDto)
    .mutation(({ ctx, input }) => sendNewsletter(ctx, input)),
});
