import { Link } from '@tanstack/react-router';
import { cn } from '../lib/cn';

export function LogoMark({ className }: { className?: string }) {
  return (
    <span
      className={cn(
        'inline-flex size-8 items-center justify-center rounded-lg bg-gradient-to-br from-indigo-500 to-violet-600 text-white shadow-sm shadow-indigo-600/30',
        className,
      )}
      aria-hidden
    >
      <svg viewBox="0 0 24 24" fill="none" className="size-4" stroke="currentColor" strokeWidth={2.4} strokeLinecap="round">
        <path d="M17 7.5A6.5 6.5 0 1 0 17 16.5" />
        <path d="M9.5 12h5" />
      </svg>
    </span>
  );
}

export function Logo({ to = '/', compact = false }: { to?: string; compact?: boolean }) {
  return (
    <Link to={to} className="inline-flex items-center gap-2.5 rounded-md font-semibold tracking-tight text-zinc-900 dark:text-white">
      <LogoMark />
      {!compact && <span className="text-[17px]">Curated</span>}
    </Link>
  );
}
