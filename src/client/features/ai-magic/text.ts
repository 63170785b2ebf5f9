// Plain helpers of AI Magic: the default title of a generation, the text the Copy buttons put on the
// clipboard, and the dates the page shows.
import { toast } from '../../components/ui/toast-store';
import { AI_KIND_INFO, withoutCitations, type AiKind } from '../../../shared/schemas/ai';

export interface SourceRef {
  title: string;
  url: string;
}

/**
 * The first Markdown heading without its '#' and marks, else the topic, else the kind's label. Social
 * posts are skipped: their headings name the network ("X (280 characters)"), not the piece.
 */
export function defaultTitle(text: string, topic: string, kind: AiKind): string {
  if (kind !== 'social') {
    const heading = /^#{1,6}[ \t]+(.+)$/m.exec(text)?.[1];
    const clean = heading
      ? withoutCitations(heading)
          .replace(/[ \t]#+$/, '')
          .trim()
      : '';
    if (clean) return clean.slice(0, 200);
  }
  return topic.trim().slice(0, 200) || AI_KIND_INFO[kind].label;
}

/** The text without [n] marks and, except for social posts, the numbered sources below it. */
export function clipboardText(text: string, sources: readonly SourceRef[], kind: AiKind): string {
  const body = withoutCitations(text);
  if (kind === 'social' || sources.length === 0) return body;
  return `${body}\n\nSources:\n${sources.map((s, i) => `[${i + 1}] ${s.title} — ${s.url}`).join('\n')}`;
}

export async function copyToClipboard(text: string) {
  try {
    await navigator.clipboard.writeText(text);
    toast({ title: 'Copied' });
  } catch {
    toast({ title: 'Could not copy', description: 'Your browser did not allow it. Select the text and copy it by hand.', variant: 'destructive' });
  }
}

/** A UTC moment as "Dec 1, 2026" (the quota renews at midnight UTC: local time would show the day before in the Americas). */
export function formatUtcDate(value: string): string {
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return '';
  return d.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
}

export const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
