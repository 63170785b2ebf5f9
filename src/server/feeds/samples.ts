// Built-in samples for the spec's fallbacks (§8): three sample channels when a search fails (shared
// with the client, which shows them when the request itself fails; a search that finds nothing shows
// none, issue 43), and sample articles for a channel that fails. All carry isSample: true so the UI can
// say so; they describe what they are instead of posing as fetched news.
import type { Article } from '../../shared/schemas/content';
import { hashId } from './normalize';

export { SAMPLE_CHANNELS, sampleChannelsFor } from '../../shared/sample-channels';

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
