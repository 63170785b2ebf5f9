// Channels and articles as the API exchanges them (spec §3, §7). Shared by the content engine,
// the workflow UI and tests.
import { z } from 'zod';
import { MSG } from '../messages';

export const CHANNEL_PAGE_SIZE = 12;
export const CHANNEL_MAX_PAGES = 5;

export const channelQuality = z.enum(['high', 'medium', 'low']);

export const channelSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The feed address. */
  url: z.string(),
  siteUrl: z.string().nullable().optional(),
  description: z.string(),
  quality: channelQuality,
  /** 'Multiple times a day', 'Daily', 'Weekly', ... computed from real items. */
  frequency: z.string(),
  niche: z.string(),
  source: z.string(),
  /** True for the built-in sample channels shown when search fails; never passed off as real. */
  isSample: z.boolean().optional(),
  /** False while quality and frequency are not yet measured from fetched items ('Unknown' frequency). */
  measured: z.boolean().optional(),
});
export type Channel = z.infer<typeof channelSchema>;

export const articleSchema = z.object({
  id: z.string(),
  title: z.string(),
  summary: z.string(),
  url: z.string(),
  publishDate: z.string(),
  source: z.string(),
  channelUrl: z.string(),
  category: z.string(),
  readTime: z.string(),
  aiEnhanced: z.boolean(),
  imageUrl: z.string().nullable().optional(),
  /** The image's alt text as the feed gave it (its <img alt> or title); the e-mail leaves out words that are only a file name. */
  imageAlt: z.string().max(1000).nullable().optional(),
  /** True for sample articles shown when a channel fails. */
  isSample: z.boolean().optional(),
});
export type Article = z.infer<typeof articleSchema>;

/**
 * A sample entry stands in for a channel that could not be loaded (spec §8). It is shown, labelled, and
 * never chosen: it never reaches a selection, an assembled issue, a draft or a send.
 */
export function isSampleArticle(a: { id?: unknown; isSample?: unknown } | null | undefined): boolean {
  return !!a && (a.isSample === true || (typeof a.id === 'string' && a.id.startsWith('sample-')));
}

/** Spec §5: an article with neither id nor title is dropped. */
const named = (a: { id?: unknown; title?: unknown } | null | undefined) => !!a && (!!a.id || !!a.title);

/**
 * A list of articles a user chose, as every input takes it (wizard selection, assembly, drafts, sends):
 * sample entries are refused with a clear message, unnamed entries dropped.
 */
export function chosenArticles<T extends z.ZodType<{ id?: string; title?: string; isSample?: boolean }>>(item: T, max: number, tooMany: string) {
  return z
    .array(item)
    .max(max, tooMany)
    .refine((list) => !list.some(isSampleArticle), MSG.sampleNotSelectable)
    .transform((list) => list.filter(named));
}

/** The same list read back from storage: what older rows hold is cleaned, never refused. */
export function storedArticles<T extends z.ZodType<{ id?: string; title?: string; isSample?: boolean }>>(item: T) {
  // overwrite: a filter that keeps the type, so JSON Schema (the API document) describes it.
  return z.array(item).overwrite((list) => list.filter((a) => named(a) && !isSampleArticle(a)));
}

export const dateRangeSchema = z.object({ start: z.string(), end: z.string() });
export type DateRange = z.infer<typeof dateRangeSchema>;

export const channelRef = z.object({
  name: z.string().max(300).default('Unknown Channel'),
  url: z.string().max(2048).default('#'),
  niche: z.string().max(100).default('general'),
});
export type ChannelRef = z.infer<typeof channelRef>;

export const searchChannelsInput = z.object({
  niche: z.string().max(500),
  page: z.number().int().min(1).max(CHANNEL_MAX_PAGES).default(1),
});

export const searchChannelsResult = z.object({
  success: z.boolean(),
  data: z.array(channelSchema),
  message: z.string(),
  page: z.number().int(),
  totalPages: z.number().int(),
  total: z.number().int(),
});
export type SearchChannelsResult = z.infer<typeof searchChannelsResult>;

// The creator's own channels: discovery, adding one, removing one, OPML in and out.
const feedAddress = z.string().trim().min(1, 'Please enter a site or feed address').max(2048);

export const discoverInput = z.object({ url: feedAddress, niche: z.string().trim().max(100).optional() });
export const discoverResult = z.object({ success: z.boolean(), data: z.array(channelSchema), message: z.string() });
export const addChannelInput = z.object({ url: feedAddress, name: z.string().trim().max(300).optional(), niche: z.string().trim().max(100).optional() });
export const importOpmlInput = z.object({
  opml: z
    .string()
    .min(1, 'The OPML file is empty')
    .max(512 * 1024),
});
export const importOpmlResult = z.object({
  imported: z.number().int(),
  channels: z.array(channelSchema),
  failed: z.array(z.object({ url: z.string(), message: z.string() })),
});

export const channelIdInput = z.object({ id: z.string().min(1).max(100) });
export const opmlFile = z.object({ opml: z.string() });

export const channelArticlesInput = z.object({
  channelName: z.string().max(300).default('Unknown Channel'),
  channelUrl: z.string().max(2048),
  niche: z.string().max(100).default('general'),
});

export const channelArticlesResult = z.object({ success: z.boolean(), data: z.array(articleSchema), message: z.string() });

export const multiChannelArticlesInput = z.object({
  channels: z.array(channelRef).max(100),
  userRole: z.string().max(50).optional(),
  dateRange: dateRangeSchema.nullable().optional(),
});

export const multiChannelArticlesResult = z.object({
  success: z.boolean(),
  articles: z.array(articleSchema),
  errors: z.array(z.object({ channelUrl: z.string(), message: z.string() })),
});
export type MultiChannelArticlesResult = z.infer<typeof multiChannelArticlesResult>;
