// The workflow page's placeholder while its route's loader opens the publication: the page's header and
// the space of the step indicator and the step, so nothing jumps. Its own module: the route's pending
// view loads with the route, the page itself only when it is shown.
import { PageHeader } from '../../components/page-header';
import { Spinner } from '../../components/ui/spinner';
import { STEPS } from './types';

/** Space for the page while the loader opens the publication, so nothing jumps. */
export function WorkflowSkeleton() {
  return (
    <div aria-busy="true">
      <PageHeader title="Newsletter Workflow" description="Opening your publication..." />
      <div className="mb-6 grid grid-cols-5 gap-3">
        {STEPS.map((s) => (
          <div key={s.n} className="h-12 animate-pulse rounded-lg bg-zinc-200/70 dark:bg-zinc-800/70" />
        ))}
      </div>
      <div className="flex min-h-[28rem] items-center justify-center rounded-xl border border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-900/60">
        <Spinner size="lg" label="Loading" className="text-indigo-600 dark:text-indigo-400" />
      </div>
    </div>
  );
}
