// toast(): a tiny store the <Toaster/> renders. One toast at a time (spec §9): a new one replaces the old.
import { useSyncExternalStore } from 'react';

export type ToastVariant = 'default' | 'success' | 'destructive';

export interface ToastItem {
  id: number;
  title: string;
  description?: string;
  variant: ToastVariant;
  open: boolean;
}

let current: ToastItem | null = null;
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

export function toast(input: { title: string; description?: string; variant?: ToastVariant }) {
  current = { id: nextId++, title: input.title, description: input.description, variant: input.variant ?? 'default', open: true };
  emit();
  return current.id;
}

export function dismissToast(id?: number) {
  if (current && (id === undefined || current.id === id)) {
    current = { ...current, open: false };
    emit();
  }
}

export function useToastState(): ToastItem | null {
  return useSyncExternalStore(
    (cb) => {
      listeners.add(cb);
      return () => listeners.delete(cb);
    },
    () => current,
  );
}
