// Renaming a publication: a small form dialog, validated by the server's own rule (non-blank, 200 characters).
import { useId, useState } from 'react';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { DialogCancel } from '../../components/confirm-dialog';
import { Input } from '../../components/ui/input';
import { FieldError, Label } from '../../components/ui/label';
import { MAX_PUBLICATION_NAME, publicationName } from '../../../shared/schemas/publications';

/** What the publication's name breaks of its contract (the server's sentence), or null. */
export function nameError(name: string): string | null {
  const parsed = publicationName.safeParse(name);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? null);
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
        maxLength={MAX_PUBLICATION_NAME + 20}
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
