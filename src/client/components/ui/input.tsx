import { forwardRef, type InputHTMLAttributes, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import { cn } from '../../lib/cn';

export const fieldClass =
  'block w-full rounded-lg border border-field bg-white px-3 text-sm text-zinc-900 shadow-xs placeholder:text-muted ' +
  'transition-colors focus:border-indigo-500 ' +
  'disabled:cursor-not-allowed disabled:bg-zinc-50 disabled:text-zinc-500 aria-invalid:border-red-500 ' +
  'dark:bg-zinc-900 dark:text-zinc-100 dark:disabled:bg-zinc-900/50 dark:disabled:text-zinc-400';

export const Input = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement>>(function Input({ className, ...props }, ref) {
  return <input ref={ref} className={cn(fieldClass, 'h-10', className)} {...props} />;
});

export const Textarea = forwardRef<HTMLTextAreaElement, TextareaHTMLAttributes<HTMLTextAreaElement>>(function Textarea({ className, ...props }, ref) {
  return <textarea ref={ref} className={cn(fieldClass, 'min-h-24 py-2', className)} {...props} />;
});

export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

/** A select; `options` are listed after any `children` (a first "All …" or "Loading…" choice). */
export const Select = forwardRef<HTMLSelectElement, SelectHTMLAttributes<HTMLSelectElement> & { options?: readonly SelectOption[] }>(function Select(
  { className, options, children, ...props },
  ref,
) {
  return (
    <select ref={ref} className={cn(fieldClass, 'h-10 pr-8', className)} {...props}>
      {children}
      {options?.map((o) => (
        <option key={o.value} value={o.value} disabled={o.disabled}>
          {o.label}
        </option>
      ))}
    </select>
  );
});
