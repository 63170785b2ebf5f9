// /developers: how to use the public API (keys, scopes, errors, cursors, idempotency, limits) above the
// interactive reference, which is loaded only here (Scalar, its own chunk).
import { lazy, Suspense, type ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { PublicLayout } from '../../components/public-layout';
import { Spinner } from '../../components/ui/spinner';
import { useTitle } from '../../lib/use-title';
import { API_ACCESS_PLAN, PLAN_LABELS } from '../../../shared/plans';

const ApiReference = lazy(() => import('./api-reference'));

function Fact({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="rounded-lg border border-zinc-200 p-4 dark:border-zinc-800">
      <h2 className="text-sm font-semibold text-zinc-900 dark:text-zinc-100">{title}</h2>
      <div className="mt-1 text-sm text-muted">{children}</div>
    </div>
  );
}

const code = 'rounded bg-zinc-100 px-1 py-0.5 font-mono text-[0.8em] text-zinc-800 dark:bg-zinc-800 dark:text-zinc-200';

export function DevelopersPage() {
  useTitle('API reference');
  const origin = typeof window === 'undefined' ? '' : window.location.origin;
  return (
    <PublicLayout>
      <div className="mx-auto max-w-6xl px-4 pt-12 sm:px-6">
        <h1 className="text-3xl font-semibold tracking-tight sm:text-4xl">Curated API</h1>
        <p className="mt-3 max-w-3xl text-lg text-muted">
          Your publications, subscribers, saved newsletters, sends and analytics from your own scripts, at <code className={code}>{origin}/api/v1</code>. Keys
          come with the {PLAN_LABELS[API_ACCESS_PLAN]} and {PLAN_LABELS.enterprise} plans.
        </p>
        <div className="mt-8 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          <Fact title="Authenticate">
            Create a key in{' '}
            <Link to="/settings" className="text-indigo-700 underline underline-offset-2 hover:decoration-2 dark:text-indigo-300">
              Settings → Advanced
            </Link>{' '}
            and send it as <code className={code}>Authorization: Bearer cur_…</code>. A missing, wrong or revoked key answers 401.
          </Fact>
          <Fact title="Scopes">
            A <em>Read</em> key can call every GET; a <em>Read and write</em> key everything. Writing with a read key answers 403{' '}
            <code className={code}>insufficient_scope</code>.
          </Fact>
          <Fact title="Errors">
            JSON <code className={code}>{'{ "error": { "code", "message" } }'}</code> with a stable code, and <code className={code}>fieldErrors</code> for
            refused input.
          </Fact>
          <Fact title="Pages">
            Lists answer a <code className={code}>nextCursor</code>; pass it as <code className={code}>cursor</code> for the next page. It is null on the last.
          </Fact>
          <Fact title="Safe retries">
            Send an <code className={code}>Idempotency-Key</code> with a create: a retry with the same key answers the first result without creating again (kept
            24 hours).
          </Fact>
          <Fact title="Limits">
            Each key has its own rate limit; beyond it, 429 with <code className={code}>Retry-After</code>. The machine-readable document is{' '}
            <a href="/api/v1/openapi.json" className="text-indigo-700 underline underline-offset-2 hover:decoration-2 dark:text-indigo-300">
              openapi.json
            </a>{' '}
            (OpenAPI 3.1).
          </Fact>
        </div>
      </div>
      <div className="mt-10 border-t border-zinc-200 dark:border-zinc-800" data-testid="api-reference">
        <Suspense
          fallback={
            <div className="flex justify-center py-16">
              <Spinner />
            </div>
          }
        >
          <ApiReference />
        </Suspense>
      </div>
    </PublicLayout>
  );
}
