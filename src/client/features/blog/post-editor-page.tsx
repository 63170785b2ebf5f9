// /admin/blog-content/new and /admin/blog-content/<id> (staff): title, slug (made from the title until
// edited), excerpt, Markdown with a live preview the server renders and sanitises (debounced), cover
// upload with alt text, Save draft, Publish / Unpublish, and the link to the public page.
import { Link } from '@tanstack/react-router';
import { ArrowLeft, ExternalLink, Send, Undo2 } from 'lucide-react';
import { PageHeader } from '../../components/page-header';
import { Button, buttonClass } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Input, Textarea } from '../../components/ui/input';
import { FieldError, Label } from '../../components/ui/label';
import { ListError } from '../../components/ui/list-states';
import { PageSpinner, Spinner } from '../../components/ui/spinner';
import { errorMessage, httpStatusOf } from '../../lib/errors';
import { formatDate } from '../../lib/format';
import { trpc } from '../../trpc';
import { ArticleBody } from './article';
import { postHref, StatusBadge } from './admin-posts-page';
import { StaffOnly } from './staff-forbidden';
import type { BlogEditorPost } from './types';
import { LOADED } from '../../lib/page-data';
import { CountedLabel, CoverField, LIMITS } from './editor-parts';
import { usePostEditor, type PostEditor } from './use-post-editor';

function PostFields({ e, published }: { e: PostEditor; published: boolean }) {
  const { draft, set } = e;
  return (
    <Card className="space-y-5 p-5">
      <div>
        <CountedLabel htmlFor="blog-title" value={draft.title} max={LIMITS.title}>
          Title
        </CountedLabel>
        <Input id="blog-title" value={draft.title} required maxLength={LIMITS.title} onChange={(ev) => set({ title: ev.target.value })} />
      </div>
      <div>
        <Label htmlFor="blog-slug">Slug</Label>
        <div className="flex items-center rounded-lg">
          <span className="mr-2 shrink-0 text-sm text-muted">/blog/</span>
          <Input
            id="blog-slug"
            value={e.slug}
            maxLength={100}
            aria-invalid={e.slugError ? true : undefined}
            aria-describedby={e.slugError ? 'blog-slug-hint blog-slug-error' : 'blog-slug-hint'}
            onChange={(ev) => e.editSlug(ev.target.value)}
          />
        </div>
        <p id="blog-slug-hint" className="mt-1.5 text-xs text-muted">
          {published
            ? 'Changing the address of a published post breaks links to it.'
            : 'Lower-case letters, digits and hyphens. Made from the title until you edit it.'}
        </p>
        <FieldError id="blog-slug-error">{e.slugError}</FieldError>
      </div>
      <div>
        <CountedLabel htmlFor="blog-excerpt" value={draft.excerpt} max={LIMITS.excerpt}>
          Excerpt
        </CountedLabel>
        <Textarea
          id="blog-excerpt"
          rows={2}
          value={draft.excerpt}
          maxLength={LIMITS.excerpt}
          placeholder="Shown on the blog and to search engines. Left empty, the first sentences of the text are used."
          onChange={(ev) => set({ excerpt: ev.target.value })}
        />
      </div>
      <CoverField draft={draft} set={set} />
      <div>
        <CountedLabel htmlFor="blog-markdown" value={draft.markdown} max={LIMITS.markdown}>
          Text (Markdown)
        </CountedLabel>
        <Textarea
          id="blog-markdown"
          rows={18}
          value={draft.markdown}
          className="font-mono text-[13px] leading-6"
          placeholder={'## A heading\n\nWrite with **bold**, *italic*, [links](https://example.com), lists and > quotes.'}
          onChange={(ev) => set({ markdown: ev.target.value })}
        />
      </div>
      <div className="flex flex-wrap gap-2 border-t border-zinc-100 pt-5 dark:border-zinc-800">
        <Button type="submit" variant={published ? 'primary' : 'outline'} loading={e.create.isPending || e.update.isPending} disabled={e.busy}>
          {published ? 'Save changes' : 'Save draft'}
        </Button>
        {published ? (
          <Button variant="outline" onClick={() => void e.onUnpublish()} loading={e.unpublish.isPending} disabled={e.busy}>
            <Undo2 aria-hidden /> Unpublish
          </Button>
        ) : (
          <Button onClick={() => void e.onPublish()} loading={e.publish.isPending} disabled={e.busy}>
            <Send aria-hidden /> Publish
          </Button>
        )}
      </div>
    </Card>
  );
}

function PostPreview({ e }: { e: PostEditor }) {
  const { draft, preview } = e;
  return (
    <Card className="h-fit overflow-hidden xl:sticky xl:top-20">
      <div className="flex items-center justify-between border-b border-zinc-100 px-5 py-3 dark:border-zinc-800">
        <h2 className="text-sm font-semibold text-zinc-900 dark:text-white">Preview</h2>
        {(preview.isFetching || e.previewStale) && <Spinner size="sm" />}
      </div>
      <div className="max-h-[75vh] overflow-y-auto px-5 py-6" aria-label="Preview" role="region">
        {preview.isError ? (
          <p className="text-sm text-red-600 dark:text-red-400">{errorMessage(preview.error)}</p>
        ) : (
          <>
            <h1 className="text-2xl font-semibold tracking-tight text-zinc-900 dark:text-white">{draft.title || 'Untitled post'}</h1>
            {draft.cover && <img src={draft.cover.url} alt={draft.coverAlt} className="mt-5 aspect-[16/9] w-full rounded-xl object-cover" />}
            {preview.data?.html ? (
              <ArticleBody html={preview.data.html} className="mt-6 text-base leading-7" />
            ) : (
              <p className="mt-6 text-sm text-muted">The text appears here as readers will see it.</p>
            )}
          </>
        )}
      </div>
    </Card>
  );
}

function Editor({ post }: { post: BlogEditorPost | null }) {
  const e = usePostEditor(post);
  const published = post?.status === 'published';
  const title = post ? 'Edit post' : 'New post';
  return (
    <div>
      <Link to="/admin/blog-content" className="mb-4 inline-flex items-center gap-1.5 text-sm font-medium text-muted hover:text-zinc-900 dark:hover:text-white">
        <ArrowLeft className="size-4" aria-hidden /> All posts
      </Link>
      <PageHeader
        title={title}
        description={
          post ? (
            <span className="inline-flex flex-wrap items-center gap-2">
              <StatusBadge status={post.status} />
              {post.publishedAt && <>Published {formatDate(post.publishedAt)}</>}
            </span>
          ) : (
            'A new post stays a draft until you publish it.'
          )
        }
        actions={
          post && (
            <a href={postHref(post)} target="_blank" rel="noopener" className={buttonClass('outline')}>
              <ExternalLink aria-hidden /> {published ? 'View post' : 'Preview page'}
            </a>
          )
        }
      />
      <form onSubmit={(ev) => void e.onSave(ev)} className="grid gap-6 xl:grid-cols-2">
        <PostFields e={e} published={published} />
        <PostPreview e={e} />
      </form>
    </div>
  );
}

function EditExisting({ id }: { id: string }) {
  const q = trpc.blog.get.useQuery({ id }, LOADED);
  if (q.isError) {
    const notFound = httpStatusOf(q.error) === 404;
    return (
      <div>
        <PageHeader title="Edit post" />
        <Card>
          <ListError message={notFound ? 'This post does not exist (it may have been deleted).' : errorMessage(q.error)} onRetry={() => void q.refetch()} />
        </Card>
      </div>
    );
  }
  if (!q.data) return <PageSpinner />;
  // Keyed by id: opening another post starts from its saved state.
  return <Editor key={q.data.id} post={q.data} />;
}

export function PostEditorPage({ postId }: { postId?: string }) {
  return <StaffOnly title={postId ? 'Edit post' : 'New post'}>{postId ? <EditExisting id={postId} /> : <Editor post={null} />}</StaffOnly>;
}
