// The contracts of onboarding.* and productNews.*: the onboarding sequence's steps, product newsletters,
// each user's opt-in, and the unsubscribe page's read of either list.
import { z } from 'zod';
import { LISTS } from './unsubscribe';

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

export const unsubscribeInfoInput = z.object({ list: z.enum(LISTS), token: z.string().min(1).max(512) });
/** What the unsubscribe page shows: the list, the address masked, whether it is already off. */
export const unsubscribeInfoResult = z.object({ list: z.enum(LISTS), email: z.string(), unsubscribed: z.boolean() });
