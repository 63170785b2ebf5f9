// "Sources": the articles of the creator's channels ranked for the topic, as a checklist with why each
// was ranked; the checked ones are what the generation writes from and cites.
import { AlertTriangle, Search } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { cn } from '../../lib/cn';
import { formatDate } from '../../lib/format';
import { AI_MAX_SOURCES } from '../../../shared/schemas/ai';
import { isHttpUrl } from '../../lib/url';
import { NoChannels } from './topic-step';
import { plural } from './text';
import type { FoundArticle, SourcesState } from './use-sources';

function ArticleRow({
  article,
  index,
  checked,
  disabled,
  onToggle,
}: {
  article: FoundArticle;
  index: number;
  checked: boolean;
  disabled: boolean;
  onToggle: () => void;
}) {
  const titleId = `source-${index}-title`;
  return (
    <li className={cn('flex gap-3 px-3 py-3 sm:px-4', checked && 'bg-indigo-50/60 dark:bg-indigo-500/5')}>
      <input
        type="checkbox"
        checked={checked}
        disabled={disabled}
        onChange={onToggle}
        aria-labelledby={titleId}
        className="mt-1 size-4 shrink-0 accent-indigo-600 disabled:cursor-not-allowed"
      />
      <div className="min-w-0 flex-1">
        {isHttpUrl(article.url) ? (
          <a
            id={titleId}
            href={article.url}
            target="_blank"
            rel="noopener noreferrer"
            className="font-medium break-words text-zinc-900 hover:text-indigo-700 hover:underline dark:text-zinc-100 dark:hover:text-indigo-300"
          >
            {article.title}
          </a>
        ) : (
          <span id={titleId} className="font-medium break-words text-zinc-900 dark:text-zinc-100">
            {article.title}
          </span>
        )}
        <p className="mt-0.5 flex flex-wrap gap-x-2 text-xs text-muted">
          {article.source && <span className="font-medium">{article.source}</span>}
          {article.publishDate && <time dateTime={article.publishDate}>{formatDate(article.publishDate)}</time>}
        </p>
        {article.reason && <p className="mt-1 text-xs text-muted">{article.reason}</p>}
      </div>
    </li>
  );
}

export function SourcesStep({ sources, onFind }: { sources: SourcesState; onFind: () => void }) {
  const { found, checked, pending, error, full } = sources;
  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap items-center gap-3">
        <Button variant="outline" onClick={onFind} loading={pending}>
          {!pending && <Search aria-hidden />}
          Find articles
        </Button>
        {pending && (
          <span role="status" className="text-sm text-muted">
            Reading your channels…
          </span>
        )}
        {found && !pending && found.articles.length > 0 && (
          <span aria-live="polite" className="text-sm text-muted">
            {checked.size} of {plural(found.articles.length, 'article')} chosen
          </span>
        )}
      </div>
      {error && (
        <p role="alert" className="text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
      {found && found.channels === 0 && <NoChannels />}
      {found && found.failed.length > 0 && (
        <p className="flex items-start gap-2 text-sm text-amber-800 dark:text-amber-300">
          <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden />
          <span>Could not load {found.failed.join(', ')}: their articles are missing below.</span>
        </p>
      )}
      {found && found.channels > 0 && found.articles.length === 0 && (
        <p className="text-sm text-muted">Your channels have no articles right now. Try again later or add channels.</p>
      )}
      {found && found.articles.length > 0 && (
        <>
          {full && (
            <p role="status" className="text-sm text-amber-800 dark:text-amber-300">
              You can write from at most {AI_MAX_SOURCES} articles: uncheck one to choose another.
            </p>
          )}
          <ul
            aria-label="Articles to write from"
            className="max-h-[28rem] divide-y divide-zinc-100 overflow-y-auto rounded-lg border border-zinc-200 dark:divide-zinc-800 dark:border-zinc-800"
          >
            {found.articles.map((a, i) => (
              <ArticleRow
                key={`${a.id}-${i}`}
                article={a}
                index={i}
                checked={checked.has(a.id)}
                disabled={!checked.has(a.id) && full}
                onToggle={() => sources.toggle(a.id)}
              />
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
