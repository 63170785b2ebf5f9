// The demo pages' content wrapper: no text selection (form fields excepted), hidden when printed,
// blurred while developer tools seem open, and a short note when an action was blocked.
import { ShieldAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';
import type { DemoPage } from './demo-api';
import { useProtection } from './use-protection';

export function ProtectedArea({ page, children }: { page: DemoPage; children: ReactNode }) {
  const { devtoolsOpen, blocked } = useProtection(page);
  return (
    <>
      <div
        data-protected="true"
        className={cn(
          'relative select-none print:hidden [&_input]:select-text [&_textarea]:select-text',
          devtoolsOpen && 'pointer-events-none blur-md transition-[filter]',
        )}
        aria-hidden={devtoolsOpen || undefined}
      >
        {children}
      </div>
      {devtoolsOpen && (
        <div
          role="alert"
          className="mt-6 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900 dark:border-amber-500/40 dark:bg-amber-500/10 dark:text-amber-200"
        >
          Developer tools seem to be open, so this demo hides its content. Close them to read on.
        </div>
      )}
      <p className="hidden print:block">Printing is disabled on this protection demo page.</p>
      <div aria-live="polite" className="pointer-events-none fixed inset-x-0 bottom-4 z-50 flex justify-center px-4 print:hidden">
        {blocked && (
          <p className="flex items-center gap-2 rounded-full bg-zinc-900 px-4 py-2 text-sm text-white shadow-lg dark:bg-zinc-100 dark:text-zinc-900">
            <ShieldAlert className="size-4" aria-hidden />
            {blocked} is blocked on this demo page.
          </p>
        )}
      </div>
    </>
  );
}
