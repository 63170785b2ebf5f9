// The post editor's pieces: the draft it edits, a label with a length counter, and the cover image field
// (upload, replace, remove, alt text).
import { useRef, useState } from 'react';
import { ImagePlus, X } from 'lucide-react';
import { uploadFile } from '../../lib/upload';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { FieldError, Label } from '../../components/ui/label';
import { Spinner } from '../../components/ui/spinner';
import { errorMessage } from '../../lib/errors';
import type { BlogEditorPost } from './types';

export const UPLOAD_PATH = '/api/uploads/blog-image';
const IMAGE_MAX = 2 * 1024 * 1024;
export const LIMITS = { title: 200, excerpt: 300, markdown: 200_000, alt: 300 };

export interface Draft {
  title: string;
  slug: string;
  excerpt: string;
  markdown: string;
  cover: { id: string; url: string } | null;
  coverAlt: string;
}

export const fromPost = (p: BlogEditorPost): Draft => ({
  title: p.title,
  slug: p.slug,
  excerpt: p.excerpt,
  markdown: p.markdown,
  cover: p.coverImageId && p.cover ? { id: p.coverImageId, url: p.cover.url } : null,
  coverAlt: p.coverAlt,
});

export const blank: Draft = { title: '', slug: '', excerpt: '', markdown: '', cover: null, coverAlt: '' };

async function uploadCover(file: File): Promise<{ id: string; url: string }> {
  const body = await uploadFile<{ id?: string; url?: string }>(UPLOAD_PATH, file);
  if (!body.id || !body.url) throw new Error('The upload gave no image.');
  return { id: body.id, url: body.url };
}

/** A field's label with its length counter (red once over the limit) on the right. */
export function CountedLabel({ htmlFor, children, value, max }: { htmlFor: string; children: string; value: string; max: number }) {
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

export function CoverField({ draft, set }: { draft: Draft; set: (patch: Partial<Draft>) => void }) {
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
