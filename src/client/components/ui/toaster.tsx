import * as ToastPrimitive from '@radix-ui/react-toast';
import { CircleExclamationPoint, CircleCheck, X } from 'lucide-react';
import { cn } from '../../lib/cn';
import { useRef } from 'react';
import { dismissToast, useToastState } from './toast-store';
import { TOP_CLEARANCE, useToastPlace } from './toast-place';

const variantClass = {
  default: 'border-zinc-200 bg-white text-zinc-900 dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-100',
  success: 'border-zinc-200 bg-white text-zinc-900 dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-100',
  destructive: 'border-red-300 bg-red-50 text-red-900 dark:border-red-500/40 dark:bg-red-950 dark:text-red-100',
};

/** Spec §9: 5000 ms, one at a time, swipe threshold 50 px, hotkey F8. */
export function Toaster() {
  const item = useToastState();
  const viewport = useRef<HTMLOListElement>(null);
  const place = useToastPlace(viewport, !!item?.open);
  return (
    <ToastPrimitive.Provider duration={5000} swipeDirection="right" swipeThreshold={50}>
      {item && (
        <ToastPrimitive.Root
          key={item.id}
          open={item.open}
          onOpenChange={(open) => !open && dismissToast(item.id)}
          type={item.variant === 'destructive' ? 'foreground' : 'background'}
          className={cn(
            'group pointer-events-auto relative flex w-full items-start gap-3 rounded-xl border p-4 pr-10 shadow-lg',
            'data-[state=open]:animate-slide-up data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=end]:translate-x-full data-[swipe=end]:transition-transform',
            variantClass[item.variant],
          )}
        >
          {item.variant === 'destructive' ? (
            <CircleExclamationPoint className="mt-0.5 size-5 shrink-0 text-red-600 dark:text-red-400" aria-hidden />
          ) : (
            <CircleCheck className="mt-0.5 size-5 shrink-0 text-emerald-600 dark:text-emerald-400" aria-hidden />
          )}
          <div className="grid gap-1">
            <ToastPrimitive.Title className="text-sm font-semibold">{item.title}</ToastPrimitive.Title>
            {item.description && <ToastPrimitive.Description className="text-sm opacity-80">{item.description}</ToastPrimitive.Description>}
          </div>
          <ToastPrimitive.Close aria-label="Dismiss" className="absolute right-3 top-3 rounded-md p-1 opacity-60 hover:opacity-100">
            <X className="size-4" />
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      )}
      <ToastPrimitive.Viewport
        ref={viewport}
        hotkey={['F8']}
        style={place === 'top' ? { top: TOP_CLEARANCE } : { bottom: 'var(--toast-offset, 0px)' }}
        data-place={place}
        className="fixed right-0 z-[100] flex w-full flex-col gap-2 p-4 outline-none sm:max-w-sm"
      />
    </ToastPrimitive.Provider>
  );
}
