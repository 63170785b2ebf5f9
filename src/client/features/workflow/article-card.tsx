// One article in step 4: a checkbox card with source, date, read time, summary and, when the feed has
// one, an image. Feed text arrives as plain text and React escapes it; only http(s) images and links are
// used. A sample entry (it stands in for a channel that could not be loaded) is shown, labelled, with
// its link to the source, but has no checkbox: it can never be part of a newsletter.
import { useState } from 'react';
import { ExternalLink, History, Info, Sparkles } from 'lucide-react';
import { Badge } from '../../components/ui/badge';
import { cn } from '../../lib/cn';
import { formatDate } from '../../lib/format';
import { MSG } from '../../../shared/messages';
import { isHttpUrl } from '../../lib/url';
import { isSampleArticle, type Article } from '../../../shared/schemas/content';

/** The image box, or nothing: no box for a feed without images, and the box goes if the image fails. */
function ArticleImage({ src, alt }: { src: string | null | undefined; alt: string }) {
  const [failed, setFailed] = useState<string | null>(null);
  if (!isHttpUrl(src) || failed === src) return null;
  return (
    <div className="aspect-[16/9] w-full bg-zinc-100 dark:bg-zinc-800">
      <img src={src} alt={alt} loading="lazy" decoding="async" referrerPolicy="no-referrer" className="size-full object-cover" onError={() => setFailed(src)} />
    </div>
  );
}

function Meta({ article }: { article: Article }) {
  return (
    <div className="mb-2 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-muted">
      <span className="max-w-[12rem] truncate font-medium text-zinc-700 dark:text-zinc-300">{article.source}</span>
      <span aria-hidden>·</span>
      <time dateTime={article.publishDate}>{formatDate(article.publishDate)}</time>
      <span aria-hidden>·</span>
      <span>{article.readTime}</span>
    </div>
  );
}

function SourceLink({ article, label }: { article: Article; label: string }) {
  if (!isHttpUrl(article.url)) return null;
  return (
    <a
      href={article.url}
      target="_blank"
      rel="noopener noreferrer"
      className="relative z-10 inline-flex min-h-6 items-center gap-1 text-xs font-medium text-indigo-600 hover:underline dark:text-indigo-400"
    >
      {label} <ExternalLink className="size-3" aria-hidden />
      <span className="sr-only">: {article.title}</span>
    </a>
  );
}

function SampleCard({ article }: { article: Article }) {
  const titleId = `sample-${article.id}`.replace(/[^A-Za-z0-9_-]/g, '_');
  return (
    <li
      aria-labelledby={titleId}
      className="flex flex-col rounded-lg border border-dashed border-amber-300 bg-amber-50/40 p-4 dark:border-amber-500/40 dark:bg-amber-500/5"
    >
      <Meta article={article} />
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h4 id={titleId} className="font-medium leading-snug text-zinc-900 dark:text-zinc-100">
          {article.title}
        </h4>
        <Badge tone="warning">Sample article</Badge>
      </div>
      <p className="mt-2 text-sm text-muted">{article.summary}</p>
      <p role="note" className="mt-3 flex items-start gap-1.5 text-xs text-amber-800 dark:text-amber-300">
        <Info className="mt-px size-3.5 shrink-0" aria-hidden />
        {MSG.sampleNotSelectable}
      </p>
      <div className="mt-auto pt-3">
        <SourceLink article={article} label="Open the source" />
      </div>
    </li>
  );
}

export interface CardNotes {
  /** Why 'pick the best' chose it. */
  reason?: string | null;
  /** 'Used in “Issue 3” (date)' when an earlier issue carried it. */
  used?: string | null;
  /** Opens the AI summary (absent without AI tools). */
  onSummarize?: () => void;
}

export function ArticleCard({ article, selected, onToggle, notes = {} }: { article: Article; selected: boolean; onToggle: () => void; notes?: CardNotes }) {
  if (isSampleArticle(article)) return <SampleCard article={article} />;
  const id = `article-${article.id}`.replace(/[^A-Za-z0-9_-]/g, '_');
  return (
    <li
      className={cn(
        'group relative flex flex-col overflow-hidden rounded-lg border bg-white transition-colors dark:bg-zinc-900',
        selected ? 'border-indigo-500 ring-1 ring-indigo-500' : 'border-zinc-200 hover:border-zinc-300 dark:border-zinc-800 dark:hover:border-zinc-700',
      )}
    >
      <ArticleImage src={article.imageUrl} alt={article.imageAlt ?? ''} />
      <div className="flex flex-1 flex-col p-4">
        <Meta article={article} />
        <div className="flex items-start gap-3">
          <input
            id={id}
            type="checkbox"
            checked={selected}
            onChange={onToggle}
            className="relative z-10 mt-1 size-4 shrink-0 cursor-pointer rounded border-zinc-300 accent-indigo-600"
          />
          {/* The label covers the card so a click anywhere toggles it; the link below sits above it. */}
          <label htmlFor={id} className="cursor-pointer font-medium leading-snug text-zinc-900 after:absolute after:inset-0 dark:text-zinc-100">
            {article.title}
          </label>
        </div>
        <p className="mt-2 line-clamp-3 text-sm text-muted">{article.summary}</p>
        {article.aiEnhanced && <p className="mt-1 text-xs text-indigo-700 dark:text-indigo-300">AI summary: sentences quoted from the article</p>}
        {notes.used && (
          <p className="mt-2 flex items-start gap-1.5 text-xs text-amber-800 dark:text-amber-300">
            <History className="mt-px size-3.5 shrink-0" aria-hidden /> {notes.used}
          </p>
        )}
        {notes.reason && (
          <p className="mt-2 flex items-start gap-1.5 rounded-md bg-indigo-50 px-2 py-1 text-xs text-indigo-900 dark:bg-indigo-500/10 dark:text-indigo-200">
            <Sparkles className="mt-px size-3.5 shrink-0" aria-hidden />
            <span>
              <span className="font-medium">Why: </span>
              {notes.reason}
            </span>
          </p>
        )}
        <div className="mt-auto flex flex-wrap items-center justify-between gap-2 pt-3">
          <SourceLink article={article} label="Read original" />
          {notes.onSummarize && (
            <button
              type="button"
              onClick={notes.onSummarize}
              className="relative z-10 inline-flex min-h-6 items-center gap-1 rounded text-xs font-medium text-indigo-600 hover:underline dark:text-indigo-400"
            >
              <Sparkles className="size-3" aria-hidden /> AI summary<span className="sr-only"> of {article.title}</span>
            </button>
          )}
        </div>
      </div>
    </li>
  );
}
