// Mounts the Radix toaster only once a toast is raised, so pages that never toast (the landing page)
// do not download it. The store keeps the last toast (closed, not removed), so once mounted the
// toaster stays mounted and can animate each toast out.
import { lazy, Suspense } from 'react';
import { useToastState } from './toast-store';

export const loadToaster = () => import('./toaster');
const Toaster = lazy(() => loadToaster().then((m) => ({ default: m.Toaster })));

export function ToastHost() {
  const item = useToastState();
  if (!item) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
