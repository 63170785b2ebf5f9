// The post editor's state: the draft, the slug (made from the title until edited), the debounced preview the
// server renders, and Save / Publish / Unpublish with their toasts.
import { useState, type FormEvent } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { keepPreviousData } from '@tanstack/react-query';
import { toast } from '../../components/ui/toast-store';
import { errorMessage, httpStatusOf } from '../../lib/errors';
import { useDebounced } from '../../lib/use-debounced';
import { trpc } from '../../trpc';
import { slugify } from '../../../shared/blog-slug';
import { blank, fromPost, LIMITS, type Draft } from './editor-parts';
import type { BlogEditorPost } from './types';

function useBlogMutations() {
  const create = trpc.blog.create.useMutation();
  const update = trpc.blog.update.useMutation();
  const publish = trpc.blog.publish.useMutation();
  const unpublish = trpc.blog.unpublish.useMutation();
  const busy = create.isPending || update.isPending || publish.isPending || unpublish.isPending;
  return { create, update, publish, unpublish, busy };
}

export function usePostEditor(post: BlogEditorPost | null) {
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
  const m = useBlogMutations();

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
  const openSaved = (id: string) => {
    if (!post) void navigate({ to: '/admin/blog-content/$postId', params: { postId: id }, replace: true });
  };

  async function save(): Promise<BlogEditorPost> {
    setSlugError(null);
    const saved = post ? await m.update.mutateAsync({ id: post.id, ...fields() }) : await m.create.mutateAsync(fields());
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
      openSaved(saved.id);
    } catch (err) {
      failed('Could not save the post')(err);
    }
  }

  async function onPublish() {
    try {
      const saved = await save();
      const done = await m.publish.mutateAsync({ id: saved.id });
      onSaved(done);
      toast({ title: 'Post published', description: `It is live at /blog/${done.slug}.`, variant: 'success' });
      openSaved(done.id);
    } catch (err) {
      failed('Could not publish the post')(err);
    }
  }

  async function onUnpublish() {
    if (!post) return;
    try {
      onSaved(await m.unpublish.mutateAsync({ id: post.id }));
      toast({ title: 'Post unpublished', description: 'It is a draft again and hidden from the public.', variant: 'success' });
    } catch (err) {
      failed('Could not unpublish the post')(err);
    }
  }

  const editSlug = (value: string) => {
    setSlugTouched(true);
    setSlugError(null);
    set({ slug: value.toLowerCase() });
  };

  return { draft, set, slug, editSlug, slugError, preview, previewStale: debounced !== draft.markdown, ...m, onSave, onPublish, onUnpublish };
}

export type PostEditor = ReturnType<typeof usePostEditor>;
