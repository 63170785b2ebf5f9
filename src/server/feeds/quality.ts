// A channel's quality and update frequency, measured from its real items.
import type { StoredItem } from './normalize';
import { NO_SUMMARY } from './normalize';

export type Quality = 'high' | 'medium' | 'low';
export const UNKNOWN_FREQUENCY = 'Unknown';

const DAY = 86_400_000;

/**
 * Completeness score over the items: real summaries, real dates, images, https links, and how recent
 * the newest item is. 'high' needs most of it; an empty or stale feed is 'low'.
 */
export function qualityOf(items: StoredItem[], now: number): Quality {
  if (items.length === 0) return 'low';
  const share = (f: (i: StoredItem) => boolean) => items.filter(f).length / items.length;
  const newest = Math.max(...items.map((i) => i.publishedAt));
  const age = now - newest;
  const recency = age <= 7 * DAY ? 1 : age <= 30 * DAY ? 0.6 : age <= 180 * DAY ? 0.25 : 0;
  const score =
    share((i) => i.summary !== NO_SUMMARY && i.summary.length >= 60) * 0.3 +
    share((i) => i.dated) * 0.2 +
    share((i) => !!i.imageUrl) * 0.15 +
    share((i) => i.url.startsWith('https:')) * 0.1 +
    recency * 0.25;
  return score >= 0.8 ? 'high' : score >= 0.45 ? 'medium' : 'low';
}

/** From the median gap between dated items; too few dated items to tell is 'Unknown'. */
export function frequencyOf(items: StoredItem[]): string {
  const times = items
    .filter((i) => i.dated)
    .map((i) => i.publishedAt)
    .sort((a, b) => b - a);
  if (times.length < 2) return UNKNOWN_FREQUENCY;
  const gaps = times.slice(1).map((t, i) => times[i] - t);
  gaps.sort((a, b) => a - b);
  const median = gaps[Math.floor(gaps.length / 2)];
  if (median < 0.5 * DAY) return 'Multiple times a day';
  if (median <= 2 * DAY) return 'Daily';
  if (median <= 10 * DAY) return 'Weekly';
  if (median <= 45 * DAY) return 'Monthly';
  return 'Rarely';
}
