// The theme builder's logo: an image file (PNG, JPEG, WebP or GIF, up to 2 MB) uploaded at once, resized
// by the server to fit 480 × 160 and shown above the masthead at half that size; or removed.
import { useId, useState } from 'react';
import { ImagePlus, Trash2 } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { Label, FieldError } from '../../components/ui/label';
import { Spinner } from '../../components/ui/spinner';
import { uploadFile } from '../../lib/upload';
import type { ThemeLogo } from '../../../shared/schemas/themes';

export const LOGO_UPLOAD_PATH = '/api/uploads/theme-logo';
const MAX_BYTES = 2 * 1024 * 1024;

export function LogoField({ value, onChange }: { value: ThemeLogo | null; onChange: (logo: ThemeLogo | null) => void }) {
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const pick = async (file: File | undefined) => {
    if (!file) return;
    setError(null);
    if (file.size > MAX_BYTES) return setError('A logo can be at most 2 MB.');
    setBusy(true);
    try {
      onChange(await uploadFile<ThemeLogo>(LOGO_UPLOAD_PATH, file));
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>Logo</Label>
      {value && (
        <div className="flex min-w-0 flex-wrap items-center gap-3 rounded-md border border-zinc-200 p-2 dark:border-zinc-800">
          <img
            src={`/media/${value.id}.png`}
            alt="Your logo"
            width={value.width / 2}
            height={value.height / 2}
            className="h-auto max-w-full bg-white sm:max-w-[60%]"
          />
          <Button type="button" size="sm" variant="outline" onClick={() => onChange(null)}>
            <Trash2 aria-hidden /> Remove logo
          </Button>
        </div>
      )}
      <label className="flex cursor-pointer items-center gap-2 text-sm text-indigo-700 hover:underline dark:text-indigo-300">
        {busy ? <Spinner size="sm" /> : <ImagePlus className="size-4" aria-hidden />}
        {value ? 'Upload another logo' : 'Upload a logo'}
        <input
          id={id}
          type="file"
          accept="image/png,image/jpeg,image/webp,image/gif"
          className="sr-only"
          disabled={busy}
          onChange={(e) => {
            void pick(e.target.files?.[0]);
            e.target.value = '';
          }}
        />
      </label>
      <p className="text-xs text-muted">PNG, JPEG, WebP or GIF up to 2 MB; resized to fit 480 × 160 and shown above the masthead.</p>
      {error && <FieldError id={`${id}-error`}>{error}</FieldError>}
    </div>
  );
}
