// Renaming a publication: a small form dialog, validated like the server (non-blank, 200 characters).
import { useId, useState } from 'react';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { DialogCancel } from '../../components/confirm-dialog';
import { Input } from '../../components/ui/input';
import { FieldError, Label } from '../../components/ui/label';

export const MAX_NAME = 200;

export function nameError(name: string): string | null {
  if (!name.trim()) return 'Please enter a newsletter name';
  if (name.trim().length > MAX_NAME) return `Newsletter name must be at most ${MAX_NAME} characters`;
  return null;
}

export function RenameDialog({
  open,
  onOpenChange,
  currentName,
  pending,
  onRename,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  currentName: string;
  pending: boolean;
  onRename: (name: string) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={(o) => !pending && onOpenChange(o)}>
      <DialogContent>
        {/* The dialog mounts its content only while open, so each opening starts from the current name. */}
        <RenameForm currentName={currentName} pending={pending} onRename={onRename} />
      </DialogContent>
    </Dialog>
  );
}

function RenameForm({ currentName, pending, onRename }: { currentName: string; pending: boolean; onRename: (name: string) => void }) {
  const [name, setName] = useState(currentName);
  const [touched, setTouched] = useState(false);
  const id = useId();
  const error = touched ? nameError(name) : null;

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        setTouched(true);
        if (nameError(name)) return;
        onRename(name.trim());
      }}
    >
      <DialogHeader>
        <DialogTitle>Rename publication</DialogTitle>
        <DialogDescription>The new name is also the newsletter name in the workflow.</DialogDescription>
      </DialogHeader>
      <Label htmlFor={`${id}-name`}>Publication name</Label>
      <Input
        id={`${id}-name`}
        value={name}
        maxLength={MAX_NAME + 20}
        autoComplete="off"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-err` : undefined}
        onChange={(e) => setName(e.target.value)}
        onBlur={() => setTouched(true)}
      />
      <FieldError id={`${id}-err`}>{error}</FieldError>
      <DialogFooter>
        <DialogCancel pending={pending} />
        <Button type="submit" loading={pending}>
          Save name
        </Button>
      </DialogFooter>
    </form>
  );
}
