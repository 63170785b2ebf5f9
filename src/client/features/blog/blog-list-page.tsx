// /blog (public): published posts, newest first, as cards (cover, title, date, excerpt), twelve a page;
// names the RSS feed for readers and browsers.
import { Link } from '@tanstack/react-router';
import { ArrowLeft, ArrowRight, Newspaper, Rss } from 'lucide-react';
import { PublicLayout } from '../../components/public-layout';
import { buttonClass } from '../../components/ui/button';
import { EmptyState, ListError } from '../../components/ui/list-states';
import { errorMessage } from '../../lib/errors';
import { formatDate } from '../../lib/format';
import { useTitle } from '../../lib/use-title';
import { trpc } from '../../trpc';
import { useDocumentMeta } from './document-meta';
import type { BlogCard } from './types';

export const BLOG_EMPTY = 'No posts have been published yet.';
const DESCRIPTION = 'Guides and news about newsletters from the Curated team.';

function PostCard({ post }: { post: BlogCard }) {
  return (
    <article className="focus-card group relative flex flex-col overflow-hidden rounded-2xl border border-zinc-200 bg-white shadow-sm transition hover:shadow-md dark:border-zinc-800 dark:bg-zinc-900/60">
      <div className="aspect-[16/9] overflow-hidden bg-gradient-to-br from-indigo-50 to-violet-100 dark:from-indigo-500/10 dark:to-violet-500/10">
        {post.cover ? (
          <img src={post.cover.url} alt={post.cover.alt} loading="lazy" className="size-full object-cover transition duration-300 group-hover:scale-[1.02]" />
        ) : (
          <div className="flex size-full items-center justify-center text-indigo-300 dark:text-indigo-500/40">
            <Newspaper className="size-10" aria-hidden />
          </div>
        )}
      </div>
      <div className="flex flex-1 flex-col gap-2 p-5">
        {post.publishedAt && (
          <time dateTime={post.publishedAt} className="text-xs font-medium uppercase tracking-wide text-muted">
            {formatDate(post.publishedAt)}
          </time>
        )}
        <h2 className="text-lg font-semibold leading-snug tracking-tight text-zinc-900 dark:text-white">
          <Link to="/blog/$slug" params={{ slug: post.slug }} className="after:absolute after:inset-0">
            {post.title}
          </Link>
        </h2>
        <p className="line-clamp-3 text-sm leading-6 text-muted">{post.excerpt}</p>
      </div>
    </article>
  );
}

function CardSkeleton() {
  return (
    <div aria-hidden className="overflow-hidden rounded-2xl border border-zinc-200 dark:border-zinc-800">
      <div className="aspect-[16/9] animate-pulse bg-zinc-100 dark:bg-zinc-800/60" />
      <div className="space-y-3 p-5">
        <div className="h-3 w-24 animate-pulse rounded bg-zinc-100 dark:bg-zinc-800/60" />
        <div className="h-5 w-4/5 animate-pulse rounded bg-zinc-200 dark:bg-zinc-800" />
        <div className="h-3 w-full animate-pulse rounded bg-zinc-100 dark:bg-zinc-800/60" />
      </div>
    </div>
  );
}

export function BlogListPage({ page }: { page: number }) {
  useTitle('Blog');
  useDocumentMeta({ description: DESCRIPTION, ogTitle: 'Curated Blog', ogType: 'website', feed: { title: 'Curated Blog', href: '/blog/feed.xml' } });
  const q = trpc.blog.list.useQuery({ page });
  const d = q.data;
  return (
    <PublicLayout>
      <div className="mx-auto max-w-6xl px-4 py-14 sm:px-6 sm:py-20">
        <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
          <div>
            <h1 className="text-3xl font-semibold tracking-tight sm:text-4xl">Blog</h1>
            <p className="mt-3 text-lg text-muted">{DESCRIPTION}</p>
          </div>
          <a href="/blog/feed.xml" className={buttonClass('outline', 'sm', 'self-start sm:self-auto')}>
            <Rss aria-hidden /> RSS feed
          </a>
        </div>
        <div className="mt-10">
          {q.isError ? (
            <ListError message={errorMessage(q.error)} onRetry={() => void q.refetch()} />
          ) : !d ? (
            <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              <CardSkeleton />
              <CardSkeleton />
              <CardSkeleton />
            </div>
          ) : d.posts.length === 0 ? (
            <div className="rounded-2xl border border-dashed border-zinc-300 dark:border-zinc-700">
              <EmptyState icon={Newspaper} title={BLOG_EMPTY} body="New guides and product news will appear here." />
            </div>
          ) : (
            <>
              <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
                {d.posts.map((p) => (
                  <PostCard key={p.slug} post={p} />
                ))}
              </div>
              {d.pageCount > 1 && (
                <nav aria-label="Pages" className="mt-10 flex items-center justify-between gap-4 text-sm text-muted">
                  {page > 1 ? (
                    <Link to="/blog" search={{ page: page - 1 }} className={buttonClass('outline', 'sm')}>
                      <ArrowLeft aria-hidden /> Newer posts
                    </Link>
                  ) : (
                    <span />
                  )}
                  <span>
                    Page {d.page} of {d.pageCount}
                  </span>
                  {page < d.pageCount ? (
                    <Link to="/blog" search={{ page: page + 1 }} className={buttonClass('outline', 'sm')}>
                      Older posts <ArrowRight aria-hidden />
                    </Link>
                  ) : (
                    <span />
                  )}
                </nav>
              )}
            </>
          )}
        </div>
      </div>
    </PublicLayout>
  );
}
