// A button that says why it is off (issue 43): while `disabled` or `loading` with a `reason`, it stays
// focusable (aria-disabled, clicks ignored) so the reason shows as a tooltip on hover and focus, and
// `aria-describedby` points at the reason's text (its own hidden copy, or `reasonId`: text shown
// elsewhere, such as the send bar's visible line). The element stays the same one whether on or off,
// so focus is not lost when it turns off under the keyboard (a click that starts a send).
import { forwardRef, useId, useState, type MouseEvent } from 'react';
import * as TooltipPrimitive from '@radix-ui/react-tooltip';
import { Button, type ButtonProps } from './button';
import { Spinner } from './spinner';
import { cn } from '../../lib/cn';

export interface ReasonButtonProps extends ButtonProps {
  /** Why the button is off, in a few words ("Verify your sender address first"). */
  reason?: string | null;
  /** The id of visible text that already says the reason; none is rendered then. */
  reasonId?: string;
}

export const ReasonButton = forwardRef<HTMLButtonElement, ReasonButtonProps>(function ReasonButton(
  { reason, reasonId, disabled, loading, onClick, className, children, 'aria-describedby': describedBy, ...props },
  ref,
) {
  const ownId = `${useId()}-reason`;
  const [open, setOpen] = useState(false);
  const off = !!(disabled || loading);
  const explained = off && !!reason;
  const id = reasonId ?? ownId;
  const ignore = (e: MouseEvent<HTMLButtonElement>) => e.preventDefault();
  return (
    <>
      <TooltipPrimitive.Root open={explained && open} onOpenChange={setOpen}>
        <TooltipPrimitive.Trigger asChild>
          <Button
            ref={ref}
            {...props}
            disabled={off && !explained}
            aria-disabled={explained ? true : undefined}
            aria-describedby={[explained && id, describedBy].filter(Boolean).join(' ') || undefined}
            onClick={explained ? ignore : onClick}
            className={cn(explained && 'cursor-not-allowed opacity-50', className)}
          >
            {loading && <Spinner size="sm" />}
            {children}
          </Button>
        </TooltipPrimitive.Trigger>
        {explained && (
          <TooltipPrimitive.Portal>
            <TooltipPrimitive.Content
              sideOffset={8}
              className="z-50 max-w-64 rounded-md bg-zinc-900 px-2.5 py-1.5 text-xs font-medium text-white shadow-md data-[state=delayed-open]:animate-fade-in dark:bg-zinc-100 dark:text-zinc-900"
            >
              {reason}
            </TooltipPrimitive.Content>
          </TooltipPrimitive.Portal>
        )}
      </TooltipPrimitive.Root>
      {explained && !reasonId && (
        <span id={id} hidden>
          {reason}
        </span>
      )}
    </>
  );
});
