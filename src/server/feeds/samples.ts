// Built-in samples for the spec's fallbacks (§8): three sample channels when search fails or finds
// nothing, and sample articles for a channel that fails. All carry isSample: true so the UI can say so;
// they describe what they are instead of posing as fetched news.
import type { Article, Channel } from '../../shared/schemas/content';
import { hashId } from './normalize';

export const SAMPLE_CHANNELS: readonly Channel[] = [
  {
    id: 'sample-technology',
    name: 'Ars Technica',
    url: 'https://feeds.arstechnica.com/arstechnica/index',
    siteUrl: 'https://arstechnica.com',
    description: 'Sample channel: in-depth technology news, analysis and reviews.',
    quality: 'high',
    frequency: 'Multiple times a day',
    niche: 'technology',
    source: 'Condé Nast',
    isSample: true,
  },
  {
    id: 'sample-business',
    name: 'Harvard Business Review',
    url: 'http://feeds.hbr.org/harvardbusiness',
    siteUrl: 'https://hbr.org',
    description: 'Sample channel: ideas and advice on business, management and leadership.',
    quality: 'high',
    frequency: 'Daily',
    niche: 'business',
    source: 'Harvard Business Review',
    isSample: true,
  },
  {
    id: 'sample-science',
    name: 'ScienceDaily',
    url: 'https://www.sciencedaily.com/rss/all.xml',
    siteUrl: 'https://www.sciencedaily.com',
    description: 'Sample channel: the latest research news across the sciences.',
    quality: 'high',
    frequency: 'Multiple times a day',
    niche: 'science',
    source: 'ScienceDaily',
    isSample: true,
  },
];

/** Sample channels whose niche or name matches a topic word; all three if none match. */
export function sampleChannelsFor(topic: string): Channel[] {
  const words = topic.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  const matches = SAMPLE_CHANNELS.filter((c) => {
    const hay = `${c.niche} ${c.name}`.toLowerCase();
    return words.some((w) => w.length > 1 && hay.includes(w));
  });
  return [...(matches.length ? matches : SAMPLE_CHANNELS)];
}

/**
 * Sample articles for a channel that could not be loaded: one entry that says so and links to the
 * source's own site, so a curator can still open it. Filtered to that source by construction.
 */
export function sampleArticlesFor(ch: { name: string; url: string; siteUrl?: string | null; niche: string }, reason: string, now: Date): Article[] {
  const link = ch.siteUrl || (/^https?:\/\//i.test(ch.url) ? new URL(ch.url).origin : null);
  if (!link) return [];
  const source = ch.name || 'Unknown Source';
  return [
    {
      id: `sample-${hashId(`${ch.url}|unavailable`)}`,
      title: `Latest from ${source}`,
      summary: `Sample entry: the articles of ${source} could not be loaded just now (${reason}). Open the source to read its latest stories, or retry later.`,
      url: link,
      publishDate: now.toISOString(),
      source,
      channelUrl: ch.url,
      category: ch.niche && ch.niche !== 'general' ? ch.niche.charAt(0).toUpperCase() + ch.niche.slice(1) : 'General',
      readTime: '1 min',
      aiEnhanced: false,
      imageUrl: null,
      isSample: true,
    },
  ];
}
