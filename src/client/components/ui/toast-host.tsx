// Mounts the Radix toaster only once a toast is raised, so pages that never toast (the landing page)
// do not download it.
import { lazy, Suspense, useRef } from 'react';
import { useToastState } from './toast-store';

export const loadToaster = () => import('./toaster');
const Toaster = lazy(() => loadToaster().then((m) => ({ default: m.Toaster })));

export function ToastHost() {
  const item = useToastState();
  const mounted = useRef(false);
  if (!item && !mounted.current) return null;
  mounted.current = true;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
