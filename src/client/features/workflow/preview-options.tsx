// Step 5 options (spec §2, §9): font style, layout and colour theme as segmented radio groups, and the
// preview mode and width. Native radios keep arrow-key navigation and labels for free.
import { cn } from '../../lib/cn';

export interface Choice<T extends string> {
  value: T;
  label: string;
}

export function Segmented<T extends string>({
  legend,
  name,
  value,
  choices,
  onChange,
}: {
  legend: string;
  name: string;
  value: T;
  choices: readonly Choice<T>[];
  onChange: (v: T) => void;
}) {
  return (
    <fieldset className="min-w-0">
      <legend className="mb-1.5 text-sm font-medium text-zinc-800 dark:text-zinc-200">{legend}</legend>
      <div className="flex flex-wrap gap-1 rounded-lg bg-zinc-100 p-1 dark:bg-zinc-900 dark:ring-1 dark:ring-zinc-800">
        {choices.map((c) => {
          const id = `${name}-${c.value}`;
          const checked = c.value === value;
          return (
            <div key={c.value} className="flex-1">
              <input id={id} type="radio" name={name} value={c.value} checked={checked} onChange={() => onChange(c.value)} className="peer sr-only" />
              <label
                htmlFor={id}
                className={cn(
                  'flex h-8 cursor-pointer items-center justify-center whitespace-nowrap rounded-md px-3 text-sm font-medium transition-colors',
                  checked ? 'bg-white text-zinc-900 shadow-sm dark:bg-zinc-700 dark:text-white' : 'text-muted hover:text-zinc-900 dark:hover:text-zinc-100',
                )}
              >
                {c.label}
              </label>
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}

export const FONT_CHOICES = [
  { value: 'normal', label: 'Normal' },
  { value: 'bold', label: 'Bold' },
  { value: 'italic', label: 'Italic' },
] as const;

export const LAYOUT_CHOICES = [
  { value: 'single', label: 'Single column' },
  { value: 'two-column', label: 'Two columns' },
] as const;

export const COLOR_CHOICES = [
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
  { value: 'colorful', label: 'Colorful' },
] as const;

export type PreviewMode = 'web' | 'email';
export type PreviewWidth = 'desktop' | 'mobile';

export const MODE_CHOICES = [
  { value: 'web', label: 'Web Preview' },
  { value: 'email', label: 'Email HTML' },
] as const;

export const WIDTH_CHOICES = [
  { value: 'desktop', label: 'Desktop' },
  { value: 'mobile', label: 'Mobile' },
] as const;
