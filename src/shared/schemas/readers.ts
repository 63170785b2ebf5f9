// Readers after they join, as the API exchanges them: tags, saved segments (rules), the preference
// centre's choices, the welcome mail and its sequence, and signup forms for other sites.
import { z } from 'zod';

export const MAX_TAG_LENGTH = 50;
export const MAX_TAGS_PER_READER = 50;
export const MAX_TOPICS = 30;
export const MAX_SEGMENTS = 100;
export const MAX_SEGMENT_CONDITIONS = 20;
export const MAX_SEQUENCE_STEPS = 10;
export const MAX_FORMS = 50;

export const READERS_MSG = {
  tagMarkup: 'A tag is plain text: letters, numbers, spaces and - _ . & / + # only.',
  tagLength: `A tag is at most ${MAX_TAG_LENGTH} characters.`,
  tagEmpty: 'A tag cannot be empty.',
  tooManyTags: `A reader can carry at most ${MAX_TAGS_PER_READER} tags.`,
  segmentName: 'Give the segment a name.',
  segmentTaken: 'A segment with this name already exists for this publication.',
  segmentNotFound: 'Segment not found.',
  tooManySegments: `A publication can keep at most ${MAX_SEGMENTS} segments.`,
  formNotFound: 'Signup form not found.',
  tooManyForms: `A publication can keep at most ${MAX_FORMS} signup forms.`,
  thanksUrl: "A thank-you address is a web address (https://…) or a path of this publication's pages (/p/…).",
  thanksPath: (slug: string) => `A thank-you path must be one of this publication's pages: /p/${slug}…`,
  preferencesLink: 'This preferences link is not valid. Open it again from the latest issue.',
  preferencesSaved: 'Your preferences are saved.',
} as const;

/** A tag as creators, readers, CSV files, forms and the API give it: one short line of plain text. */
export const tagName = z
  .string()
  .trim()
  .min(1, READERS_MSG.tagEmpty)
  .max(MAX_TAG_LENGTH, READERS_MSG.tagLength)
  .regex(/^[\p{L}\p{N} _.&/+#-]+$/u, READERS_MSG.tagMarkup);

export const tagList = z.array(tagName).max(MAX_TAGS_PER_READER, READERS_MSG.tooManyTags);

export const READER_FORMATS = ['html', 'text'] as const;
export type ReaderFormat = (typeof READER_FORMATS)[number];
export const READER_FREQUENCIES = ['every', 'weekly'] as const;
export type ReaderFrequency = (typeof READER_FREQUENCIES)[number];

/** How a reader joined (subscribers.source). */
export const SUBSCRIBER_SOURCES = ['manual', 'import', 'signup', 'form', 'api'] as const;

export const segmentCondition = z.discriminatedUnion('field', [
  z.object({ field: z.literal('tag'), op: z.enum(['has', 'hasNot']), value: tagName }),
  z.object({ field: z.literal('status'), value: z.enum(['pending', 'active', 'unsubscribed', 'bounced', 'complained']) }),
  z.object({ field: z.literal('source'), value: z.enum(SUBSCRIBER_SOURCES) }),
  /** Opened (human-likely) or clicked in at least one of the publication's last N sends. */
  z.object({ field: z.literal('engaged'), lastIssues: z.number().int().min(1).max(100) }),
  /** Received at least one of the last N sends and neither opened nor clicked any of them. */
  z.object({ field: z.literal('notEngaged'), lastIssues: z.number().int().min(1).max(100) }),
]);
export type SegmentCondition = z.infer<typeof segmentCondition>;

export const segmentRules = z.object({
  match: z.enum(['all', 'any']),
  conditions: z.array(segmentCondition).min(1, 'Add at least one rule.').max(MAX_SEGMENT_CONDITIONS),
});
export type SegmentRules = z.infer<typeof segmentRules>;

/** One later mail of the welcome sequence, sent `dayOffset` days after the reader confirmed. */
export const welcomeStep = z.object({
  dayOffset: z.number().int().min(1).max(365),
  subject: z
    .string()
    .trim()
    .min(1, 'Give the mail a subject.')
    .max(200)
    .regex(/^[^\r\n]*$/, 'The subject must be one line'),
  markdown: z.string().max(20_000),
});
export type WelcomeStep = z.infer<typeof welcomeStep>;

/** The kinds of a reader's history (reader_events.kind). */
export const READER_EVENT_KINDS = [
  'subscribed',
  'confirmed',
  'unsubscribed',
  'bounced',
  'complained',
  'preferences',
  'tagged',
  'untagged',
  'welcome',
  'removed',
] as const;
export type ReaderEventKind = (typeof READER_EVENT_KINDS)[number];

/** The colours a reader's page draws the publication's accent in, per colour scheme (WCAG AA on that scheme's grounds). */
const accentPair = z.object({
  /** Links, buttons and marks: reads at 4.5:1 on the page and its cards. */
  accent: z.string(),
  /** Text on a button filled with `accent` (4.5:1). */
  onAccent: z.string(),
});

/**
 * What every page a publication's readers see carries of it, on every plan (readers/pages/reader-brand.ts):
 * its name, the logo of its saved theme, its accent, where its signup page and archive are, and whether
 * the product may sign the page ("Made with Curated"; never for white-label accounts).
 */
export const readerBrand = z.object({
  name: z.string(),
  /** The signup page, /p/<slug>; null for a publication that has none yet. */
  home: z.string().nullable(),
  /** Where its sent issues are listed (the signup page); null until one has been sent. */
  archiveUrl: z.string().nullable(),
  logo: z.object({ src: z.string(), width: z.number(), height: z.number() }).nullable(),
  /** The theme's main colour as chosen (#rrggbb): a decorative band; text and buttons use `light`/`dark`. */
  color: z.string(),
  light: accentPair,
  dark: accentPair,
  whiteLabel: z.boolean(),
});
export type ReaderBrand = z.infer<typeof readerBrand>;

/** The page grounds the accent is measured on: the page and its cards, light and dark (zinc-50/950/900). */
export const READER_GROUNDS = { light: ['#ffffff', '#fafafa'], dark: ['#09090b', '#18181b'] } as const;
