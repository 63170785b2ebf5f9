// The error screens of spec §2/§8: route-level boundaries ('Application Error', 'Admin Dashboard Error')
// and the last-resort 'Application Recovery' boundary around the whole app.
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { TriangleExclamationPoint, RotateCw } from 'lucide-react';
import { MSG } from '../../shared/messages';
import { buttonClass } from './ui/button';

function ErrorPanel({ title, body, action }: { title: string; body: string; action: ReactNode }) {
  return (
    <div role="alert" className="flex min-h-[60vh] items-center justify-center px-6 py-16">
      <div className="w-full max-w-md text-center">
        <div className="mx-auto mb-5 flex size-12 items-center justify-center rounded-full bg-red-50 text-red-600 ring-8 ring-red-50/60 dark:bg-red-500/10 dark:text-red-400 dark:ring-red-500/5">
          <TriangleExclamationPoint className="size-6" aria-hidden />
        </div>
        <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
        <p className="mt-2 text-zinc-600 dark:text-zinc-400">{body}</p>
        <div className="mt-6 flex justify-center gap-3">{action}</div>
      </div>
    </div>
  );
}

/** Plain anchors: after a failure a full load is the safest way back. */
const homeLink = (
  <a href="/" className={buttonClass('primary')}>
    {MSG.returnHome}
  </a>
);

export function AppErrorView({ error, reset }: { error?: unknown; reset?: () => void }) {
  // Spec §8: route errors are logged, the page shows the fixed wording.
  console.error(error);
  return (
    <ErrorPanel
      title={MSG.appError}
      body={MSG.pageErrorBody}
      action={
        <>
          {reset && (
            <button type="button" className={buttonClass('outline')} onClick={reset}>
              Try again
            </button>
          )}
          {homeLink}
        </>
      }
    />
  );
}

export function AdminErrorView() {
  return <ErrorPanel title={MSG.adminError} body={MSG.pageErrorBody} action={homeLink} />;
}

/** Last-resort boundary: catches failures outside the router's own boundaries. */
export class AppRecovery extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('Fatal render failure', error, info.componentStack);
  }

  render() {
    if (!this.state.failed) return this.props.children;
    return (
      <ErrorPanel
        title={MSG.recoveryTitle}
        body={MSG.recoveryBody}
        action={
          <button type="button" className={buttonClass('primary')} onClick={() => window.location.reload()}>
            <RotateCw aria-hidden />
            {MSG.restartApp}
          </button>
        }
      />
    );
  }
}
