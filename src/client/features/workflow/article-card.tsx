// One article in step 4: a checkbox card with source, date, read time, summary and image. Feed text
// arrives as plain text and React escapes it; only http(s) images and links are used.
import { ExternalLink } from 'lucide-react';
import { Badge } from '../../components/ui/badge';
import { cn } from '../../lib/cn';
import { formatDate } from '../../lib/format';
import type { Article } from '../../../shared/schemas/content';

export const isHttpUrl = (u: string | null | undefined): u is string => !!u && /^https?:\/\//i.test(u);

export function ArticleCard({ article, selected, onToggle }: { article: Article; selected: boolean; onToggle: () => void }) {
  const id = `article-${article.id}`.replace(/[^A-Za-z0-9_-]/g, '_');
  return (
    <li
      className={cn(
        'group relative flex flex-col overflow-hidden rounded-lg border bg-white transition-colors dark:bg-zinc-900',
        selected ? 'border-indigo-500 ring-1 ring-indigo-500' : 'border-zinc-200 hover:border-zinc-300 dark:border-zinc-800 dark:hover:border-zinc-700',
      )}
    >
      <div className="aspect-[16/9] w-full bg-zinc-100 dark:bg-zinc-800">
        {isHttpUrl(article.imageUrl) && (
          <img src={article.imageUrl} alt={article.title} loading="lazy" decoding="async" referrerPolicy="no-referrer" className="size-full object-cover" />
        )}
      </div>
      <div className="flex flex-1 flex-col p-4">
        <div className="mb-2 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-zinc-500 dark:text-zinc-400">
          <span className="max-w-[12rem] truncate font-medium text-zinc-700 dark:text-zinc-300">{article.source}</span>
          <span aria-hidden>·</span>
          <time dateTime={article.publishDate}>{formatDate(article.publishDate)}</time>
          <span aria-hidden>·</span>
          <span>{article.readTime}</span>
          {article.isSample && <Badge tone="warning">Sample article</Badge>}
        </div>
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
        <p className="mt-2 line-clamp-3 text-sm text-zinc-600 dark:text-zinc-400">{article.summary}</p>
        <div className="mt-auto pt-3">
          {isHttpUrl(article.url) && (
            <a
              href={article.url}
              target="_blank"
              rel="noopener noreferrer"
              className="relative z-10 inline-flex items-center gap-1 text-xs font-medium text-indigo-600 hover:underline dark:text-indigo-400"
            >
              Read original <ExternalLink className="size-3" aria-hidden />
              <span className="sr-only">: {article.title}</span>
            </a>
          )}
        </div>
      </div>
    </li>
  );
}
