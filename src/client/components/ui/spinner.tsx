import { cn } from '../../lib/cn';

const sizes = { sm: 'size-4 border-2', md: 'size-6 border-2', lg: 'size-9 border-[3px]' };

export function Spinner({ size = 'md', className, label }: { size?: keyof typeof sizes; className?: string; label?: string }) {
  return (
    <span
      role={label ? 'status' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      className={cn('inline-block animate-spin rounded-full border-current border-r-transparent opacity-80', sizes[size], className)}
    />
  );
}

/** Centred spinner: the router's pending component for lazily loaded pages. */
export function PageSpinner() {
  return (
    <div className="flex min-h-[50vh] w-full items-center justify-center text-indigo-600 dark:text-indigo-400">
      <Spinner size="lg" label="Loading" />
    </div>
  );
}
