// /blog/:slug (public): a published post (title, date, author, cover, the server's sanitised HTML). With
// ?preview=1 staff see a draft through the staff procedure, marked as a preview.
import { Link } from '@tanstack/react-router';
import { ArrowLeft, Eye } from 'lucide-react';
import { PublicLayout, PublicPage } from '../../components/public-layout';
import { buttonClass } from '../../components/ui/button';
import { ListError } from '../../components/ui/list-states';
import { PageSpinner } from '../../components/ui/spinner';
import { errorMessage, httpStatusOf } from '../../lib/errors';
import { formatDate } from '../../lib/format';
import { useTitle } from '../../lib/use-title';
import { trpc } from '../../trpc';
import { ArticleBody } from './article';
import { useDocumentMeta } from './document-meta';
import type { BlogPost } from './types';

function NotFound() {
  useTitle('Post not found');
  return (
    <PublicPage title="Post not found" lead="This post does not exist or is not published.">
      <Link to="/blog" className={buttonClass('outline')}>
        <ArrowLeft aria-hidden /> All posts
      </Link>
    </PublicPage>
  );
}

function Post({ post, preview }: { post: BlogPost; preview: boolean }) {
  useTitle(post.title);
  useDocumentMeta({ description: post.excerpt, ogTitle: post.title, ogImage: post.cover?.url, ogType: 'article' });
  const date = post.publishedAt ?? post.updatedAt;
  return (
    <PublicLayout>
      <article className="mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16">
        {preview && (
          <p
            role="note"
            className="mb-6 flex items-center gap-2 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-500/30 dark:bg-amber-500/10 dark:text-amber-200"
          >
            <Eye className="size-4 shrink-0" aria-hidden />
            {post.status === 'published' ? 'Staff preview of a published post.' : 'Draft preview: only staff can see this page until the post is published.'}
          </p>
        )}
        <Link to="/blog" className="inline-flex items-center gap-1.5 text-sm font-medium text-muted hover:text-zinc-900 dark:hover:text-white">
          <ArrowLeft className="size-4" aria-hidden /> All posts
        </Link>
        <header className="mt-6">
          <h1 className="text-3xl font-semibold leading-tight tracking-tight text-zinc-900 sm:text-4xl dark:text-white">{post.title}</h1>
          <p className="mt-4 text-sm text-muted">
            <time dateTime={date}>{formatDate(date)}</time>
            {post.authorName && <> · by {post.authorName}</>}
          </p>
        </header>
        {post.cover && (
          <img
            src={post.cover.url}
            alt={post.cover.alt}
            className="mt-8 aspect-[16/9] w-full rounded-2xl border border-zinc-200 object-cover dark:border-zinc-800"
          />
        )}
        <ArticleBody html={post.html} className="mt-10" />
        <div className="mt-14 border-t border-zinc-200 pt-8 dark:border-zinc-800">
          <Link to="/blog" className={buttonClass('outline')}>
            <ArrowLeft aria-hidden /> All posts
          </Link>
        </div>
      </article>
    </PublicLayout>
  );
}

export function BlogPostPage({ slug, preview }: { slug: string; preview: boolean }) {
  const published = trpc.blog.bySlug.useQuery({ slug }, { enabled: !preview });
  const draft = trpc.blog.previewBySlug.useQuery({ slug }, { enabled: preview });
  const q = preview ? draft : published;
  if (q.isError) {
    if ([400, 403, 404].includes(httpStatusOf(q.error) ?? 0)) return <NotFound />;
    return (
      <PublicPage title="Blog">
        <ListError message={errorMessage(q.error)} onRetry={() => void q.refetch()} />
      </PublicPage>
    );
  }
  if (!q.data) return <PageSpinner />;
  return <Post post={q.data} preview={preview} />;
}
