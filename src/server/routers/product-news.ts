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
import { draftInput, newsletterRef, previewInput, sendInput, setOptInInput } from '../onboarding/schemas';

export const productNewsRouter = router({
  /** The signed-in user's own choice (off until they turn it on). */
  get: protectedProcedure.input(z.void()).query(({ ctx }) => getProductNews(ctx)),
  set: protectedProcedure.input(setOptInInput).mutation(({ ctx, input }) => setProductNews(ctx, input)),
  list: adminProcedure.input(z.void()).query(({ ctx }) => listNewsletters(ctx)),
  audience: adminProcedure.input(z.void()).query(({ ctx }) => optedInCount(ctx)),
  preview: adminProcedure.input(previewInput).query(({ ctx, input }) => previewNewsletter(ctx, input)),
  sendTest: adminProcedure.input(previewInput).mutation(({ ctx, input }) => sendNewsletterTest(ctx, input)),
  saveDraft: adminProcedure.input(draftInput).mutation(({ ctx, input }) => saveDraft(ctx, input)),
  deleteDraft: adminProcedure.input(newsletterRef).mutation(({ ctx, input }) => deleteDraft(ctx, input)),
  send: adminProcedure.input(sendInput).mutation(({ ctx, input }) => sendNewsletter(ctx, input)),
});
