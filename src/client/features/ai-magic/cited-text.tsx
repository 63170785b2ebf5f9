// Generated text as text (React escapes it; never HTML, whatever a model or a feed put in it): its
// Markdown heading lines shown as headings, each run of [n] marks turned into small superscript links
// to the sources they name, and the numbered list of those sources.
import { ExternalLink } from 'lucide-react';
import { CitedPieces } from '../../components/cited-text';
import { isHttpUrl } from '../../lib/url';
import type { SourceRef } from './text';

export interface CitedSource extends SourceRef {
  source: string;
}

/** Lines of the text as blocks: a Markdown heading line alone, other lines up to a blank line together. */
function blocksOf(text: string): { level: number; text: string }[] {
  const blocks: { level: number; text: string }[] = [];
  let lines: string[] = [];
  const flush = () => {
    if (lines.length) blocks.push({ level: 0, text: lines.join('\n') });
    lines = [];
  };
  for (const line of text.split('\n')) {
    const heading = /^(#{1,6})[ \t]+(.*)$/.exec(line);
    if (heading) {
      flush();
      blocks.push({ level: heading[1]!.length, text: heading[2]! });
    } else if (!line.trim()) flush();
    else lines.push(line);
  }
  flush();
  return blocks;
}

const HEADING = {
  1: 'text-lg font-semibold tracking-tight text-zinc-900 dark:text-zinc-50',
  2: 'pt-1 text-base font-semibold text-zinc-900 dark:text-zinc-100',
  3: 'pt-1 text-sm font-semibold text-zinc-900 dark:text-zinc-100',
} as const;

/**
 * Markdown headings become headings (h3 to h5, below the card's own), everything else stays text with
 * its line breaks; the marks are not shown, their links are.
 */
export function CitedText({ text, sources }: { text: string; sources: readonly CitedSource[] }) {
  return (
    <div data-testid="generated-text" className="grid gap-3 text-sm leading-relaxed break-words text-zinc-800 dark:text-zinc-200">
      {blocksOf(text).map((block, i) => {
        if (block.level === 0)
          return (
            <p key={i} className="whitespace-pre-wrap">
              <CitedPieces text={block.text} sources={sources} />
            </p>
          );
        const level = Math.min(block.level, 3) as 1 | 2 | 3;
        const Tag = (['h3', 'h4', 'h5'] as const)[level - 1];
        return (
          <Tag key={i} className={HEADING[level]}>
            <CitedPieces text={block.text} sources={sources} />
          </Tag>
        );
      })}
    </div>
  );
}

export function SourceList({ sources }: { sources: readonly CitedSource[] }) {
  if (sources.length === 0) return null;
  return (
    <section aria-labelledby="result-sources" className="grid gap-2">
      <h3 id="result-sources" className="text-sm font-semibold text-zinc-900 dark:text-zinc-100">
        Sources
      </h3>
      <ol className="grid gap-1.5 text-sm">
        {sources.map((s, i) => (
          <li key={`${i}-${s.url}`} className="flex min-w-0 gap-2">
            <span className="shrink-0 font-medium text-muted tabular-nums">[{i + 1}]</span>
            <span className="min-w-0 break-words">
              {isHttpUrl(s.url) ? (
                <a href={s.url} target="_blank" rel="noopener noreferrer" className="font-medium text-indigo-700 hover:underline dark:text-indigo-300">
                  {s.title}
                  <ExternalLink className="ml-1 inline size-3 align-baseline" aria-hidden />
                </a>
              ) : (
                <span className="font-medium text-zinc-800 dark:text-zinc-200">{s.title}</span>
              )}
              {s.source && <span className="text-muted"> — {s.source}</span>}
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}
