// "What to create": the five kinds as one radio group of cards. Arrow keys move and choose (the
// checked card is the group's one tab stop), as the WAI-ARIA radio group pattern has it.
import { useRef, type KeyboardEvent } from 'react';
import { FileText, Mail, Megaphone, Newspaper, ShoppingBag, type LucideIcon } from 'lucide-react';
import { cn } from '../../lib/cn';
import { AI_KIND_INFO, AI_KINDS, type AiKind } from '../../../shared/schemas/ai';

const ICONS: Record<AiKind, LucideIcon> = { newsletter: Newspaper, blog: FileText, social: Megaphone, email: Mail, product: ShoppingBag };

export function KindPicker({ value, onChange, labelledBy }: { value: AiKind; onChange: (kind: AiKind) => void; labelledBy: string }) {
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const choose = (i: number) => {
    const index = (i + AI_KINDS.length) % AI_KINDS.length;
    onChange(AI_KINDS[index]!);
    refs.current[index]?.focus();
  };
  const onKeyDown = (e: KeyboardEvent, i: number) => {
    const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[e.key];
    if (step) {
      e.preventDefault();
      choose(i + step);
    } else if (e.key === 'Home' || e.key === 'End') {
      e.preventDefault();
      choose(e.key === 'Home' ? 0 : AI_KINDS.length - 1);
    }
  };
  return (
    <div role="radiogroup" aria-labelledby={labelledBy} className="grid gap-3 sm:grid-cols-2 lg:grid-cols-5">
      {AI_KINDS.map((kind, i) => {
        const Icon = ICONS[kind];
        const checked = value === kind;
        return (
          <button
            key={kind}
            ref={(el) => {
              refs.current[i] = el;
            }}
            type="button"
            role="radio"
            aria-checked={checked}
            aria-labelledby={`kind-${kind}-label`}
            aria-describedby={`kind-${kind}-desc`}
            tabIndex={checked ? 0 : -1}
            onClick={() => onChange(kind)}
            onKeyDown={(e) => onKeyDown(e, i)}
            className={cn(
              'flex items-start gap-3 rounded-xl border p-3.5 text-left transition-colors lg:flex-col lg:gap-2',
              checked
                ? 'border-indigo-500 bg-indigo-50 ring-1 ring-indigo-500 dark:border-indigo-400 dark:bg-indigo-500/10 dark:ring-indigo-400'
                : 'border-zinc-200 bg-white hover:border-zinc-300 hover:bg-zinc-50 dark:border-zinc-800 dark:bg-zinc-900 dark:hover:border-zinc-700 dark:hover:bg-zinc-800/60',
            )}
          >
            <span
              className={cn(
                'inline-flex size-9 shrink-0 items-center justify-center rounded-lg',
                checked ? 'bg-indigo-600 text-white dark:bg-indigo-500' : 'bg-zinc-100 text-zinc-600 dark:bg-zinc-800 dark:text-zinc-300',
              )}
            >
              <Icon className="size-4.5" aria-hidden />
            </span>
            <span className="grid gap-0.5">
              <span id={`kind-${kind}-label`} className="text-sm font-semibold text-zinc-900 dark:text-zinc-100">
                {AI_KIND_INFO[kind].label}
              </span>
              <span id={`kind-${kind}-desc`} className="text-xs leading-snug text-muted">
                {AI_KIND_INFO[kind].description}
              </span>
            </span>
          </button>
        );
      })}
    </div>
  );
}
