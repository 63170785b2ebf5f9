// Health colours of spec §2: healthy green, warning yellow, error red, unknown grey.
import { CheckCircle2, CircleHelp, AlertTriangle, XCircle } from 'lucide-react';
import { cn } from '../../lib/cn';

export type Health = 'healthy' | 'warning' | 'error' | 'unknown';

const STYLE: Record<Health, { dot: string; text: string; label: string; Icon: typeof CheckCircle2 }> = {
  healthy: { dot: 'bg-emerald-500', text: 'text-emerald-700 dark:text-emerald-300', label: 'Healthy', Icon: CheckCircle2 },
  warning: { dot: 'bg-amber-400', text: 'text-amber-700 dark:text-amber-300', label: 'Warning', Icon: AlertTriangle },
  error: { dot: 'bg-red-500', text: 'text-red-700 dark:text-red-300', label: 'Error', Icon: XCircle },
  unknown: { dot: 'bg-zinc-400', text: 'text-muted', label: 'Unknown', Icon: CircleHelp },
};

export function StatusLabel({ status, className }: { status: Health; className?: string }) {
  const s = STYLE[status];
  return (
    <span className={cn('inline-flex items-center gap-1.5 font-medium', s.text, className)} data-status={status}>
      <s.Icon className="size-4" aria-hidden />
      {s.label}
    </span>
  );
}

export function StatusDot({ status }: { status: Health }) {
  return <span aria-hidden className={cn('inline-block size-2.5 shrink-0 rounded-full', STYLE[status].dot)} />;
}
