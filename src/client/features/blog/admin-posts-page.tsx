// /admin/blog-content (staff): every post with its status, last change and publication date; New post,
// View (the public page, or the staff preview of a draft), Edit and Delete (after a confirmation).
import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import { Eye, FilePenLine, Newspaper, Plus, Trash2 } from 'lucide-react';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { PageHeader } from '../../components/page-header';
import { Badge } from '../../components/ui/badge';
import { Button, buttonClass } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { EmptyState, ListError, ListSkeleton } from '../../components/ui/list-states';
import { toast } from '../../components/ui/toast-store';
import { errorMessage } from '../../lib/errors';
import { formatDate, formatDateTime } from '../../lib/format';
import { trpc } from '../../trpc';
import { StaffOnly } from './staff-forbidden';
import type { BlogAdminItem } from './types';
import { LOADED } from '../../lib/page-data';

export const BLOG_ADMIN_TITLE = 'Blog posts';

export function StatusBadge({ status }: { status: string }) {
  return status === 'published' ? <Badge tone="success">Published</Badge> : <Badge tone="warning">Draft</Badge>;
}

export function postHref(p: { slug: string; status: string }) {
  return p.status === 'published' ? `/blog/${p.slug}` : `/blog/${p.slug}?preview=1`;
}

function PostRow({ post, onDelete }: { post: BlogAdminItem; onDelete: () => void }) {
  return (
    <li className="flex flex-col gap-3 px-5 py-4 sm:flex-row sm:items-center sm:gap-4">
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <Link
            to="/admin/blog-content/$postId"
            params={{ postId: post.id }}
            className="truncate font-medium text-zinc-900 hover:text-indigo-600 dark:text-white dark:hover:text-indigo-400"
          >
            {post.title}
          </Link>
          <StatusBadge status={post.status} />
        </div>
        <p className="mt-1 truncate text-xs text-muted">
          /blog/{post.slug} · Updated {formatDateTime(post.updatedAt)}
          {post.publishedAt && <> · Published {formatDate(post.publishedAt)}</>}
        </p>
      </div>
      <div className="flex shrink-0 gap-2">
        <a href={postHref(post)} className={buttonClass('ghost', 'sm')} aria-label={`View ${post.title}`}>
          <Eye aria-hidden /> View
        </a>
        <Link to="/admin/blog-content/$postId" params={{ postId: post.id }} className={buttonClass('outline', 'sm')} aria-label={`Edit ${post.title}`}>
          <FilePenLine aria-hidden /> Edit
        </Link>
        <Button variant="ghost" size="sm" onClick={onDelete} aria-label={`Delete ${post.title}`} className="text-red-600 dark:text-red-400">
          <Trash2 aria-hidden /> Delete
        </Button>
      </div>
    </li>
  );
}

function PostList() {
  const utils = trpc.useUtils();
  const q = trpc.blog.adminList.useQuery(undefined, LOADED);
  const [doomed, setDoomed] = useState<BlogAdminItem | null>(null);
  const del = trpc.blog.delete.useMutation({
    onSuccess: () => {
      toast({ title: 'Post deleted', variant: 'success' });
      setDoomed(null);
      void utils.blog.invalidate();
    },
    onError: (err) => toast({ title: 'Could not delete the post', description: errorMessage(err), variant: 'destructive' }),
  });
  const posts = q.data?.posts;
  return (
    <div>
      <PageHeader
        title={BLOG_ADMIN_TITLE}
        description="The product's public blog. Drafts stay private until you publish them."
        actions={
          <Link to="/admin/blog-content/new" className={buttonClass('primary')}>
            <Plus aria-hidden /> New post
          </Link>
        }
      />
      <Card className="overflow-hidden">
        {q.isError ? (
          <ListError message={errorMessage(q.error)} onRetry={() => void q.refetch()} />
        ) : !posts ? (
          <ListSkeleton rows={3} />
        ) : posts.length === 0 ? (
          <EmptyState icon={Newspaper} title="No posts yet" body="Write the first post; it stays a draft until you publish it.">
            <Link to="/admin/blog-content/new" className={buttonClass('primary', 'sm')}>
              <Plus aria-hidden /> New post
            </Link>
          </EmptyState>
        ) : (
          <ul aria-label="Posts" className="divide-y divide-zinc-100 dark:divide-zinc-800">
            {posts.map((p) => (
              <PostRow key={p.id} post={p} onDelete={() => setDoomed(p)} />
            ))}
          </ul>
        )}
      </Card>
      <ConfirmDialog
        open={!!doomed}
        onOpenChange={(o) => !o && setDoomed(null)}
        title="Delete this post?"
        description={
          <>
            “{doomed?.title}” and its cover image will be deleted{doomed?.status === 'published' ? ' and its public page will be gone' : ''}. This cannot be
            undone.
          </>
        }
        confirmLabel="Delete post"
        pending={del.isPending}
        onConfirm={() => doomed && del.mutate({ id: doomed.id })}
      />
    </div>
  );
}

export function AdminPostsPage() {
  return (
    <StaffOnly title={BLOG_ADMIN_TITLE}>
      <PostList />
    </StaffOnly>
  );
}
