// The error screens of spec §2/§8: route-level boundaries (each page's '{component} Error', the admin
// layout's 'Admin Dashboard Error', the root's 'Application Error') and the last-resort 'Application
// Recovery' boundary around the whole app.
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { TriangleExclamationPoint, RotateCw } from 'lucide-react';
import { MSG } from '../../shared/messages';
import { buttonClass } from './ui/button';
import { IconTile } from './ui/icon-tile';

function ErrorPanel({ title, body, action }: { title: string; body: string; action: ReactNode }) {
  return (
    <div role="alert" className="flex min-h-[60vh] items-center justify-center px-6 py-16">
      <div className="w-full max-w-md text-center">
        <IconTile icon={TriangleExclamationPoint} tone="danger" className="mx-auto mb-5 flex size-12 rounded-full ring-8 ring-red-50/60 dark:ring-red-500/5" />
        <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
        <p className="mt-2 text-muted">{body}</p>
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

interface RouteErrorProps {
  error?: unknown;
  reset?: () => void;
}

/** A route boundary's screen: the spec's fixed wording (§8), the real error in the console. */
function RouteErrorView({ title, error, reset }: RouteErrorProps & { title: string }) {
  console.error(error);
  return (
    <ErrorPanel
      title={title}
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

/** The whole app's boundary (the root route): failures no page or layout boundary took. */
export function AppErrorView(props: RouteErrorProps) {
  return <RouteErrorView title={MSG.appError} {...props} />;
}

/** The admin layout's boundary: every admin page without one of its own fails into it. */
export function AdminErrorView(props: RouteErrorProps) {
  return <RouteErrorView title={MSG.adminError} {...props} />;
}

/**
 * A page route's own boundary, '{component} Error' (spec §8): inside the shell, so the sidebar and
 * top bar stay and lead elsewhere. `component` is the page's name as its heading gives it.
 */
export function pageErrorView(component: string) {
  const title = MSG.pageError(component);
  return function PageErrorView(props: RouteErrorProps) {
    return <RouteErrorView title={title} {...props} />;
  };
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
