// The built-in sample channels of the spec's search fallbacks (§8): shown when a channel search fails
// or finds nothing, by the server and, when the request itself fails, by the client. Each carries
// isSample: true so the UI can say so.
import type { Channel } from './schemas/content';

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
