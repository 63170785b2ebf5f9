// A publication's welcome mail and its sequence as the Subscribers page edits them: the contract of
// welcome.get / welcome.save / welcome.preview, shared by the server and the page so both refuse alike.
import { z } from 'zod';
import { MAX_SEQUENCE_STEPS, welcomeStep } from './readers';
import { mutation, query, type RouterContract } from '../contract';

export const MAX_WELCOME_MARKDOWN = 20_000;

export const WELCOME_MSG = {
  subjectRequired: 'Give the welcome mail a subject.',
  bodyRequired: 'Write the welcome mail before turning it on.',
  subjectLine: 'The subject must be one line.',
  subjectLength: 'The subject is at most 200 characters.',
  bodyLength: `The mail is at most ${MAX_WELCOME_MARKDOWN.toLocaleString('en-US')} characters.`,
  tooManySteps: `A welcome sequence has at most ${MAX_SEQUENCE_STEPS} later mails.`,
  sameDay: 'Two mails of the sequence cannot go out on the same day.',
  saved: 'Welcome mail saved.',
} as const;

const publicationId = z.string().min(1).max(64);

const fields = {
  enabled: z.boolean(),
  subject: z
    .string()
    .trim()
    .max(200, WELCOME_MSG.subjectLength)
    .regex(/^[^\r\n]*$/, WELCOME_MSG.subjectLine),
  markdown: z.string().max(MAX_WELCOME_MARKDOWN, WELCOME_MSG.bodyLength),
  sequence: z.array(welcomeStep).max(MAX_SEQUENCE_STEPS, WELCOME_MSG.tooManySteps),
};

export const welcomeSettings = z.object(fields);
export type WelcomeSettings = z.infer<typeof welcomeSettings>;

/** A mail that is on needs a subject and a body; the sequence's days are distinct (one mail a day). */
export const welcomeSaveInput = z.object({ publicationId, ...fields }).superRefine((v, c) => {
  if (v.enabled && !v.subject) c.addIssue({ code: 'custom', path: ['subject'], message: WELCOME_MSG.subjectRequired });
  if (v.enabled && !v.markdown.trim()) c.addIssue({ code: 'custom', path: ['markdown'], message: WELCOME_MSG.bodyRequired });
  const days = v.sequence.map((s) => s.dayOffset);
  if (new Set(days).size !== days.length) c.addIssue({ code: 'custom', path: ['sequence'], message: WELCOME_MSG.sameDay });
});
export type WelcomeSaveInput = z.infer<typeof welcomeSaveInput>;

export const welcomeRef = z.object({ publicationId });

export const welcomePreviewInput = z.object({
  publicationId,
  subject: fields.subject,
  markdown: fields.markdown,
});
export type WelcomePreviewInput = z.infer<typeof welcomePreviewInput>;

export const welcomeView = welcomeSettings.extend({ updatedAt: z.string().nullable() });
export type WelcomeView = z.infer<typeof welcomeView>;

export const welcomePreview = z.object({ subject: z.string(), html: z.string(), text: z.string() });

/** The welcome router: what each procedure takes and answers. */
export const welcomeContract = {
  get: query(welcomeRef, welcomeView),
  save: mutation(welcomeSaveInput, welcomeView),
  /** A query: it changes nothing; the editor asks again as the text changes. */
  preview: query(welcomePreviewInput, welcomePreview),
} satisfies RouterContract;
