// A confirmation before an action that cannot be taken back (a deletion, a send to every reader): names what will
// happen, Cancel is the safe default focus.
import type { ReactNode } from 'react';
import { Button } from './ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from './ui/dialog';

/** A dialog's Cancel: it closes the dialog, and is off while the dialog's action runs. */
export function DialogCancel({ pending }: { pending?: boolean }) {
  return (
    <DialogClose asChild>
      <Button variant="outline" disabled={pending}>
        Cancel
      </Button>
    </DialogClose>
  );
}

export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  pending,
  onConfirm,
  confirmVariant = 'destructive',
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  pending?: boolean;
  onConfirm: () => void;
  /** 'primary' for an action that loses nothing but cannot be stopped (a send). */
  confirmVariant?: 'destructive' | 'primary';
}) {
  return (
    <Dialog open={open} onOpenChange={(o) => !pending && onOpenChange(o)}>
      <DialogContent role="alertdialog">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <DialogCancel pending={pending} />
          <Button variant={confirmVariant} loading={pending} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
