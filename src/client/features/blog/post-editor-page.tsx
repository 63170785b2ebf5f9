// /admin/blog-content/new and /admin/blog-content/<id> (staff): title, slug (made from the title until
// edited), excerpt, Markdown with a live preview the server renders and sanitises (debounced), cover
// upload with alt text, Save draft, Publish / Unpublish, and the link to the public page.
import { uploadFile } from '../../lib/upload';
import { useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { ArrowLeft, ExternalLink, ImagePlus, Send, Undo2, X } from 'lucide-react';
import { keepPreviousData } from '@tanstack/react-query';
import { PageHeader } from '../../components/page-header';
import { Button, buttonClass } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Input, Textarea } from '../../components/ui/input';
import { FieldError, Label } from '../../components/ui/label';
import { ListError } from '../../components/ui/list-states';
import { PageSpinner, Spinner } from '../../components/ui/spinner';
import { toast } from '../../components/ui/toast-store';
import { errorMessage, httpStatusOf } from '../../lib/errors';
import { formatDate } from '../../lib/format';
import { trpc } from '../../trpc';
import { ArticleBody } from './article';
import { postHref, StatusBadge } from './admin-posts-page';
import { slugify } from '../../../shared/blog-slug';
import { useDebounced } from '../../lib/use-debounced';
import { StaffOnly } from './staff-forbidden';
import type { BlogEditorPost } from './types';
import { LOADED } from '../../lib/page-data';

export const UPLOAD_PATH = '/api/uploads/blog-image';
const IMAGE_MAX = 2 * 1024 * 1024;
const LIMITS = { title: 200, excerpt: 300, markdown: 200_000, alt: 300 };

interface Draft {
  title: string;
  slug: string;
  excerpt: string;
  markdown: string;
  cover: { id: string; url: string } | null;
  coverAlt: string;
}

const fromPost = (p: BlogEditorPost): Draft => ({
  title: p.title,
  slug: p.slug,
  excerpt: p.excerpt,
  markdown: p.markdown,
  cover: p.coverImageId && p.cover ? { id: p.coverImageId, url: p.cover.url } : null,
  coverAlt: p.coverAlt,
});

const blank: Draft = { title: '', slug: '', excerpt: '', markdown: '', cover: null, coverAlt: '' };

async function uploadCover(file: File): Promise<{ id: string; url: string }> {
  const body = await uploadFile<{ id?: string; url?: string }>(UPLOAD_PATH, file);
  if (!body.id || !body.url) throw new Error('The upload gave no image.');
  return { id: body.id, url: body.url };
}

/** A field's label with its length counter (red once over the limit) on the right. */
function CountedLabel({ htmlFor, children, value, max }: { htmlFor: string; children: string; value: string; max: number }) {
  const over = value.length > max;
  return (
    <div className="flex items-baseline justify-between">
      <Label htmlFor={htmlFor}>{children}</Label>
      <span className={over ? 'text-xs text-red-600 dark:text-red-400' : 'text-xs text-muted'}>
        {value.length.toLocaleString('en-US')}/{max.toLocaleString('en-US')}
      </span>
    </div>
  );
}

function CoverField({ draft, set }: { draft: Draft; set: (patch: Partial<Draft>) => void }) {
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function onFile(file: File | undefined) {
    if (!file) return;
    setError(null);
    if (file.size > IMAGE_MAX) {
      setError('The image is too large (2 MB at most).');
      return;
    }
    setBusy(true);
    try {
      set({ cover: await uploadCover(file) });
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  }

  return (
    <div>
      <Label htmlFor="blog-cover">Cover image</Label>
      {draft.cover ? (
        <div className="overflow-hidden rounded-xl border border-zinc-200 dark:border-zinc-800">
          <img src={draft.cover.url} alt={draft.coverAlt || 'Cover preview'} className="aspect-[16/9] w-full object-cover" />
          <div className="flex flex-wrap gap-2 border-t border-zinc-100 p-3 dark:border-zinc-800">
            <Button size="sm" variant="outline" onClick={() => input.current?.click()} loading={busy}>
              <ImagePlus aria-hidden /> Replace
            </Button>
            <Button size="sm" variant="ghost" onClick={() => set({ cover: null })}>
              <X aria-hidden /> Remove cover
            </Button>
          </div>
        </div>
      ) : (
        <button
          type="button"
          onClick={() => input.current?.click()}
          disabled={busy}
          className="flex w-full flex-col items-center gap-2 rounded-xl border border-dashed border-zinc-300 px-4 py-8 text-sm text-muted hover:border-indigo-400 hover:text-indigo-600 dark:border-zinc-700"
        >
          {busy ? <Spinner size="sm" /> : <ImagePlus className="size-6" aria-hidden />}
          Upload a cover image
          <span className="text-xs text-muted">JPEG, PNG, WebP or GIF, 2 MB at most</span>
        </button>
      )}
      <input
        ref={input}
        id="blog-cover"
        type="file"
        accept="image/jpeg,image/png,image/webp,image/gif"
        className="sr-only"
        aria-label="Cover image file"
        onChange={(e) => void onFile(e.target.files?.[0])}
      />
      <FieldError>{error}</FieldError>
      {draft.cover && (
        <div className="mt-3">
          <Label htmlFor="blog-cover-alt">Cover alt text</Label>
          <Input
            id="blog-cover-alt"
            value={draft.coverAlt}
            maxLength={LIMITS.alt}
            placeholder="What the image shows, for readers who cannot see it"
            onChange={(e) => set({ coverAlt: e.target.value })}
          />
        </div>
      )}
    </div>
  );
}

function Editor({ post }: { post: BlogEditorPost | null }) {
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const [draft, setDraft] = useState<Draft>(post ? fromPost(post) : blank);
  // A new post's address follows its title until staff type one; a saved post keeps its own.
  const [slugTouched, setSlugTouched] = useState(!!post);
  const [slugError, setSlugError] = useState<string | null>(null);
  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));
  const slug = slugTouched ? draft.slug : draft.title.trim() ? slugify(draft.title) : '';

  const debounced = useDebounced(draft.markdown, 400);
  const preview = trpc.blog.preview.useQuery({ markdown: debounced }, { placeholderData: keepPreviousData, enabled: debounced.length <= LIMITS.markdown });

  const fields = () => ({
    title: draft.title,
    slug,
    excerpt: draft.excerpt,
    markdown: draft.markdown,
    coverImageId: draft.cover?.id ?? null,
    coverAlt: draft.coverAlt,
  });
  const onSaved = (saved: BlogEditorPost) => {
    utils.blog.get.setData({ id: saved.id }, saved);
    void utils.blog.adminList.invalidate();
    void utils.blog.list.invalidate();
    void utils.blog.bySlug.invalidate();
  };
  const failed = (title: string) => (err: unknown) => {
    if (httpStatusOf(err) === 409) setSlugError(errorMessage(err));
    toast({ title, description: errorMessage(err), variant: 'destructive' });
  };

  const create = trpc.blog.create.useMutation();
  const update = trpc.blog.update.useMutation();
  const publish = trpc.blog.publish.useMutation();
  const unpublish = trpc.blog.unpublish.useMutation();
  const busy = create.isPending || update.isPending || publish.isPending || unpublish.isPending;

  async function save(): Promise<BlogEditorPost> {
    setSlugError(null);
    const saved = post ? await update.mutateAsync({ id: post.id, ...fields() }) : await create.mutateAsync(fields());
    onSaved(saved);
    setDraft(fromPost(saved));
    setSlugTouched(true);
    return saved;
  }

  async function onSave(e?: FormEvent) {
    e?.preventDefault();
    try {
      const saved = await save();
      toast({ title: saved.status === 'published' ? 'Changes published' : 'Draft saved', variant: 'success' });
      if (!post) void navigate({ to: '/admin/blog-content/$postId', params: { postId: saved.id }, replace: true });
    } catch (err) {
      failed('Could not save the post')(err);
    }
  }

  async function onPublish() {
    try {
      const saved = await save();
      const done = await publish.mutateAsync({ id: saved.id });
      onSaved(done);
      toast({ title: 'Post published', description: `It is live at /blog/${done.slug}.`, variant: 'success' });
      if (!post) void navigate({ to: '/admin/blog-content/$postId', params: { postId: done.id }, replace: true });
    } catch (err) {
      failed('Could not publish the post')(err);
    }
  }

  async function onUnpublish() {
    if (!post) return;
    try {
      onSaved(await unpublish.mutateAsync({ id: post.id }));
      toast({ title: 'Post unpublished', description: 'It is a draft again and hidden from the public.', variant: 'success' });
    } catch (err) {
      failed('Could not unpublish the post')(err);
    }
  }

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
      <form onSubmit={(e) => void onSave(e)} className="grid gap-6 xl:grid-cols-2">
        <Card className="space-y-5 p-5">
          <div>
            <CountedLabel htmlFor="blog-title" value={draft.title} max={LIMITS.title}>
              Title
            </CountedLabel>
            <Input id="blog-title" value={draft.title} required maxLength={LIMITS.title} onChange={(e) => set({ title: e.target.value })} />
          </div>
          <div>
            <Label htmlFor="blog-slug">Slug</Label>
            <div className="flex items-center rounded-lg">
              <span className="mr-2 shrink-0 text-sm text-muted">/blog/</span>
              <Input
                id="blog-slug"
                value={slug}
                maxLength={100}
                aria-invalid={slugError ? true : undefined}
                aria-describedby={slugError ? 'blog-slug-hint blog-slug-error' : 'blog-slug-hint'}
                onChange={(e) => {
                  setSlugTouched(true);
                  setSlugError(null);
                  set({ slug: e.target.value.toLowerCase() });
                }}
              />
            </div>
            <p id="blog-slug-hint" className="mt-1.5 text-xs text-muted">
              {published
                ? 'Changing the address of a published post breaks links to it.'
                : 'Lower-case letters, digits and hyphens. Made from the title until you edit it.'}
            </p>
            <FieldError id="blog-slug-error">{slugError}</FieldError>
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
              onChange={(e) => set({ excerpt: e.target.value })}
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
              onChange={(e) => set({ markdown: e.target.value })}
            />
          </div>
          <div className="flex flex-wrap gap-2 border-t border-zinc-100 pt-5 dark:border-zinc-800">
            <Button type="submit" variant={published ? 'primary' : 'outline'} loading={create.isPending || update.isPending} disabled={busy}>
              {published ? 'Save changes' : 'Save draft'}
            </Button>
            {published ? (
              <Button variant="outline" onClick={() => void onUnpublish()} loading={unpublish.isPending} disabled={busy}>
                <Undo2 aria-hidden /> Unpublish
              </Button>
            ) : (
              <Button onClick={() => void onPublish()} loading={publish.isPending} disabled={busy}>
                <Send aria-hidden /> Publish
              </Button>
            )}
          </div>
        </Card>
        <Card className="h-fit overflow-hidden xl:sticky xl:top-20">
          <div className="flex items-center justify-between border-b border-zinc-100 px-5 py-3 dark:border-zinc-800">
            <h2 className="text-sm font-semibold text-zinc-900 dark:text-white">Preview</h2>
            {(preview.isFetching || debounced !== draft.markdown) && <Spinner size="sm" />}
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
