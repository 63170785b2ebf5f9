// Readers after they join, as the API exchanges them: tags, saved segments (rules), the preference
// centre's choices, the welcome mail and its sequence, and signup forms for other sites.
import { z } from 'zod';
import { csvFile } from './common';
import { query, type RouterContract } from '../contract';

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

// readers.get, readers.history and readers.growth (and GET /api/analytics/growth-export): one reader and
// their history, and the readership's growth per week.
const readerKey = z.string().trim().min(1).max(64);

export const readerRef = z.object({ publicationId: readerKey, subscriberId: readerKey });
export type ReaderRef = z.infer<typeof readerRef>;

export const HISTORY_PAGE = 50;
export const historyInput = readerRef.extend({
  /** The `nextCursor` of the previous page; none for the newest. */
  cursor: z
    .string()
    .max(64)
    .regex(/^\d{1,15}\.\d\.\d{1,18}$/)
    .optional(),
  limit: z.number().int().min(1).max(200).default(HISTORY_PAGE),
});
export type HistoryInput = z.output<typeof historyInput>;

const item = { key: z.string(), at: z.string() };
export const timelineItem = z.discriminatedUnion('type', [
  z.object({
    ...item,
    type: z.literal('event'),
    kind: z.enum(READER_EVENT_KINDS),
    source: z.string(),
    detail: z.record(z.string(), z.unknown()).nullable(),
  }),
  z.object({ ...item, type: z.literal('send'), sendId: z.string(), subject: z.string(), status: z.string() }),
  /** machine: the open came from a mail client or scanner fetching images on its own, not likely a person. */
  z.object({ ...item, type: z.literal('open'), sendId: z.string(), subject: z.string(), machine: z.boolean() }),
  z.object({ ...item, type: z.literal('click'), sendId: z.string(), subject: z.string(), url: z.string().nullable(), machine: z.boolean() }),
  z.object({
    ...item,
    type: z.literal('mail'),
    kind: z.enum(['bounced', 'complained']),
    sendId: z.string().nullable(),
    subject: z.string().nullable(),
    detail: z.string().nullable(),
  }),
]);
export type TimelineItem = z.infer<typeof timelineItem>;
export const historyPage = z.object({ items: z.array(timelineItem), nextCursor: z.string().nullable() });
export type HistoryPage = z.infer<typeof historyPage>;

export const readerDetail = z.object({
  publication: z.object({ id: z.string(), name: z.string() }),
  id: z.string(),
  email: z.string(),
  name: z.string(),
  status: z.string(),
  source: z.string(),
  sourceDetail: z.string().nullable(),
  tags: z.array(z.object({ tag: z.string(), source: z.string(), createdAt: z.string() })),
  format: z.string(),
  frequency: z.string(),
  pausedUntil: z.string().nullable(),
  confirmedAt: z.string().nullable(),
  unsubscribedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type ReaderDetail = z.infer<typeof readerDetail>;

export const GROWTH_WEEKS = [4, 12, 26, 52] as const;
export const GROWTH_SOURCES = ['signup', 'form', 'import', 'manual', 'api'] as const;
export const growthInput = z.object({
  publicationId: readerKey.optional(),
  weeks: z
    .number()
    .int()
    .refine((n) => (GROWTH_WEEKS as readonly number[]).includes(n), 'Choose 4, 12, 26 or 52 weeks')
    .default(12),
});
export type GrowthInput = z.output<typeof growthInput>;

const bySource = z.object({ signup: z.number(), form: z.number(), import: z.number(), manual: z.number(), api: z.number() });
const figures = { new: z.number(), confirmed: z.number(), left: z.number(), net: z.number(), bySource };
export const growthWeek = z.object({ weekStart: z.string(), ...figures });
export type GrowthWeek = z.infer<typeof growthWeek>;
export const growthReport = z.object({ from: z.string(), to: z.string(), weeks: z.array(growthWeek), totals: z.object(figures) });
export type GrowthReport = z.infer<typeof growthReport>;

/** The readers router: what each procedure takes and answers. */
export const readersContract = {
  get: query(readerRef, readerDetail),
  history: query(historyInput, historyPage),
  growth: query(growthInput, growthReport),
  growthCsv: query(growthInput, csvFile),
} satisfies RouterContract;
