// Channels and articles as the API exchanges them (spec §3, §7). Shared by the content engine,
// the workflow UI and tests.
import { z } from 'zod';

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
  /** True for sample articles shown when a channel fails. */
  isSample: z.boolean().optional(),
});
export type Article = z.infer<typeof articleSchema>;

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
