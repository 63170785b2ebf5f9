// The contracts of readers.get, readers.history and readers.growth (and GET /api/analytics/growth-export).
import { z } from 'zod';
import { READER_EVENT_KINDS } from '../../shared/schemas/readers';

const id = z.string().trim().min(1).max(64);

export const readerRef = z.object({ publicationId: id, subscriberId: id });
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
  publicationId: id.optional(),
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
