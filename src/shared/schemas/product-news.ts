// The contracts of productNews.*: product newsletters staff write, preview, test, keep as drafts and send
// to the accounts that opted in, and each user's own opt-in switch.
import { z } from 'zod';
import { query, mutation, type RouterContract } from '../contract';
import { noInput } from './common';
import { deletedRef, mailPreview, markdownSchema, previewInput, subjectSchema, testMailResult } from './onboarding';

/** Where a product newsletter stands (product_newsletters.status). */
export const PRODUCT_NEWSLETTER_STATUSES = ['draft', 'sending', 'sent', 'failed'] as const;

export const draftInput = z.object({
  id: z.string().min(1).max(100).optional(),
  subject: subjectSchema,
  markdown: markdownSchema.refine((s) => s.trim().length > 0, 'Write the newsletter first'),
});
export const sendInput = draftInput;
export const setOptInInput = z.object({ optIn: z.boolean() });
export const newsletterRef = z.object({ id: z.string().min(1).max(100) });
export type DraftInput = z.infer<typeof draftInput>;
export type SetOptInInput = z.infer<typeof setOptInInput>;

/** The signed-in user's choice (off until they turn it on). */
export const productNewsChoice = z.object({ optIn: z.boolean() });

export const productNewsletterDto = z.object({
  id: z.string(),
  subject: z.string(),
  markdown: z.string(),
  status: z.enum(PRODUCT_NEWSLETTER_STATUSES),
  recipients: z.number().int(),
  sentCount: z.number().int(),
  failedCount: z.number().int(),
  sentAt: z.string().nullable(),
  updatedAt: z.string(),
});
export type ProductNewsletterDto = z.infer<typeof productNewsletterDto>;
/** The latest newsletters, newest first, and whether the caller may send (admins only). */
export const productNewsletterList = z.object({ newsletters: z.array(productNewsletterDto), canSend: z.boolean() });
/** How many accounts a send would reach now (opted in, not disabled). */
export const productNewsAudience = z.object({ count: z.number().int() });

/** The productNews router: what each procedure takes and answers. */
export const productNewsContract = {
  /** The signed-in user's own choice (off until they turn it on). */
  get: query(noInput, productNewsChoice),
  set: mutation(setOptInInput, productNewsChoice),
  list: query(noInput, productNewsletterList, 'staff'),
  audience: query(noInput, productNewsAudience, 'staff'),
  preview: query(previewInput, mailPreview, 'staff'),
  sendTest: mutation(previewInput, testMailResult, 'staff'),
  saveDraft: mutation(draftInput, productNewsletterDto, 'staff'),
  deleteDraft: mutation(newsletterRef, deletedRef, 'staff'),
  send: mutation(sendInput, productNewsletterDto, 'staff'),
} satisfies RouterContract;
