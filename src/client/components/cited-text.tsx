// Generated text with its citations: each [n] mark becomes a small link to the source it names. The
// text is rendered as text (React escapes it), never as HTML, whatever a model or a feed put in it.
import type { ReactNode } from 'react';
import { citedPieces } from '../../shared/schemas/ai';
import { isHttpUrl } from '../lib/url';

export interface CitedSource {
  title: string;
  url: string;
}

/** Only http(s) addresses become links (a source's url is text a feed or the creator could have sent). */

export function Citation({ n, source }: { n: number; source: CitedSource | undefined }) {
  if (!source || !isHttpUrl(source.url))
    return (
      <sup className="ml-0.5 text-[0.7em] text-muted" title="No such source">
        [{n}]
      </sup>
    );
  return (
    <sup className="ml-0.5 text-[0.7em]">
      <a
        href={source.url}
        target="_blank"
        rel="noopener noreferrer"
        title={source.title}
        aria-label={`Source ${n}: ${source.title}`}
        className="font-semibold text-indigo-600 hover:underline dark:text-indigo-400"
      >
        [{n}]
      </a>
    </sup>
  );
}

/** The text's pieces, each followed by its [n] marks as links to `sources[n - 1]` (no wrapping element). */
export function CitedPieces({ text, sources }: { text: string; sources: readonly CitedSource[] }): ReactNode {
  return citedPieces(text).map((piece, i) => (
    <span key={i}>
      {piece.text}
      {piece.cites.map((n, k) => (
        <Citation key={k} n={n} source={sources[n - 1]} />
      ))}
    </span>
  ));
}

/** The text with its [n] marks as links to `sources[n - 1]`. */
export function CitedText({ text, sources, className }: { text: string; sources: readonly CitedSource[]; className?: string }): ReactNode {
  return (
    <p className={className ?? 'whitespace-pre-wrap'}>
      <CitedPieces text={text} sources={sources} />
    </p>
  );
}
