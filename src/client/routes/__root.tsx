import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import type { RouterContext } from '../router';
import { ToastHost } from '../components/ui/toast-host';
import { AppErrorView } from '../components/error-views';
import { NotFound } from '../components/not-found';
import { useFocusOnNavigate } from '../lib/page-focus';

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  errorComponent: AppErrorView,
  notFoundComponent: NotFound,
});

function RootLayout() {
  useFocusOnNavigate();
  return (
    <>
      <Outlet />
      <ToastHost />
    </>
  );
}
