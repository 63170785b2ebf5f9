import type { ReactNode } from 'react';
import { CircleCheck, CircleExclamationPoint } from 'lucide-react';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';

export function Field(props: {
  id: string;
  label: string;
  type?: string;
  autoComplete?: string;
  required?: boolean;
  minLength?: number;
  placeholder?: string;
  value?: string;
  onChange?: (v: string) => void;
  inputMode?: 'numeric';
  maxLength?: number;
  hint?: ReactNode;
}) {
  const { id, label, hint, onChange, ...rest } = props;
  return (
    <div>
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} name={id} {...rest} aria-describedby={hint ? `${id}-hint` : undefined} onChange={onChange ? (e) => onChange(e.target.value) : undefined} />
      {hint && (
        <p id={`${id}-hint`} className="mt-1.5 text-xs text-muted">
          {hint}
        </p>
      )}
    </div>
  );
}

export function FormAlert({ tone, children }: { tone: 'error' | 'success'; children: ReactNode }) {
  const error = tone === 'error';
  return (
    <div
      role={error ? 'alert' : 'status'}
      className={
        error
          ? 'flex gap-2 rounded-lg border border-red-200 bg-red-50 px-3 py-2.5 text-sm text-red-800 dark:border-red-500/30 dark:bg-red-500/10 dark:text-red-300'
          : 'flex gap-2 rounded-lg border border-emerald-200 bg-emerald-50 px-3 py-2.5 text-sm text-emerald-800 dark:border-emerald-500/30 dark:bg-emerald-500/10 dark:text-emerald-300'
      }
    >
      {error ? <CircleExclamationPoint className="mt-0.5 size-4 shrink-0" aria-hidden /> : <CircleCheck className="mt-0.5 size-4 shrink-0" aria-hidden />}
      <span>{children}</span>
    </div>
  );
}
