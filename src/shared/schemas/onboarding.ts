// The contracts of onboarding.*: the onboarding sequence's steps as staff edit, preview and test them, and
// the unsubscribe page's read of either list of the product's own mail (onboarding e-mails, product news).
import { z } from 'zod';
import { noInput } from './common';
import { mutation, query, type RouterContract } from '../contract';

/** The two lists of the product's own mail an account can leave. */
export const PRODUCT_LISTS = ['onboarding', 'news'] as const;
export type ProductList = (typeof PRODUCT_LISTS)[number];

/** A subject line: one line (no CR/LF: it becomes a mail header), at most 200 characters. */
export const subjectSchema = z
  .string()
  .trim()
  .min(1, 'Subject is required')
  .max(200, 'Subject must be at most 200 characters')
  .regex(/^[^\r\n]*$/, 'Subject must be one line');
export const markdownSchema = z.string().max(50_000, 'The body must be at most 50,000 characters');

export const stepFields = z.object({
  dayOffset: z.number().int('Day must be a whole number').min(0, 'Day must be 0 or more').max(365, 'Day must be 365 or less'),
  subject: subjectSchema,
  markdown: markdownSchema,
  enabled: z.boolean().default(true),
});
export const stepIdInput = z.object({ id: z.string().min(1).max(100) });
export const updateStepInput = stepFields.extend({ id: z.string().min(1).max(100) });
/** A mail as written so far (saved or not), for a preview or a test to oneself. */
export const previewInput = z.object({
  subject: z
    .string()
    .max(200)
    .regex(/^[^\r\n]*$/, 'Subject must be one line'),
  markdown: markdownSchema,
});
export type StepFields = z.infer<typeof stepFields>;
export type StepIdInput = z.infer<typeof stepIdInput>;
export type UpdateStepInput = z.infer<typeof updateStepInput>;
export type PreviewInput = z.infer<typeof previewInput>;

/** One step of the sequence: the day after sign-up it goes out, its mail, and how many accounts got it. */
export const onboardingStepDto = z.object({
  id: z.string(),
  dayOffset: z.number().int(),
  subject: z.string(),
  markdown: z.string(),
  enabled: z.boolean(),
  sent: z.number().int(),
  updatedAt: z.string(),
});
export type OnboardingStepDto = z.infer<typeof onboardingStepDto>;
/** The sequence in day order, and whether the caller may change it (admins only). */
export const onboardingStepList = z.object({ steps: z.array(onboardingStepDto), canEdit: z.boolean() });

/** A deleted step or draft, by its id. */
export const deletedRef = z.object({ id: z.string() });
/** The mail as it would be sent. */
export const mailPreview = z.object({ subject: z.string(), html: z.string(), text: z.string() });
export type MailPreview = z.infer<typeof mailPreview>;
/** A test sent to the caller's own address. */
export const testMailResult = z.object({ to: z.string() });

export const unsubscribeInfoInput = z.object({ list: z.enum(PRODUCT_LISTS), token: z.string().min(1).max(512) });
/** What the unsubscribe page shows: the list, the address masked, whether it is already off. */
export const unsubscribeInfoResult = z.object({ list: z.enum(PRODUCT_LISTS), email: z.string(), unsubscribed: z.boolean() });
export type UnsubscribeInfoResult = z.infer<typeof unsubscribeInfoResult>;

/** The onboarding router: what each procedure takes and answers. */
export const onboardingContract = {
  list: query(noInput, onboardingStepList, 'staff'),
  create: mutation(stepFields, onboardingStepDto, 'staff'),
  update: mutation(updateStepInput, onboardingStepDto, 'staff'),
  delete: mutation(stepIdInput, deletedRef, 'staff'),
  preview: query(previewInput, mailPreview, 'staff'),
  sendTest: mutation(previewInput, testMailResult, 'staff'),
  /** What the unsubscribe page shows for a link of either list (onboarding e-mails or product news). */
  unsubscribeInfo: query(unsubscribeInfoInput, unsubscribeInfoResult, 'public'),
} satisfies RouterContract;
