// Creating a publication: one field and a button. A client-generated id is sent with the request and
// kept until the create succeeds, so double clicks and retries land on the same row.
import { useNavigate } from '@tanstack/react-router';
import { Plus } from 'lucide-react';
import { useId, useRef, useState, type Ref } from 'react';
import { MSG } from '../../../shared/messages';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { FieldError, Label } from '../../components/ui/label';
import { toast } from '../../components/ui/toast-store';
import { errorMessage, httpStatusOf } from '../../lib/errors';
import { trpc } from '../../trpc';
import { openPublication } from './open-publication';
import { nameError } from './rename-dialog';
import { MAX_PUBLICATION_NAME } from '../../../shared/schemas/publications';
import { newClientId } from './client-id';
import { DEFAULT_THEME_ID } from '../../../shared/themes';

/**
 * `stacked`: field above the button, for a narrow card (the dashboard's next step). `toThemes`: the name typed
 * here is step 1's, so the workflow opens at step 2 with the default theme chosen (a first publication's way).
 */
export function CreatePublicationForm({
  inputRef,
  onLimit,
  stacked = false,
  toThemes = false,
}: {
  inputRef?: Ref<HTMLInputElement>;
  onLimit: () => void;
  stacked?: boolean;
  toThemes?: boolean;
}) {
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const pendingId = useRef<string | null>(null);
  const id = useId();
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const toStep2 = trpc.wizard.saveProgress.useMutation();
  const create = trpc.publications.create.useMutation({
    onSuccess: async (created) => {
      pendingId.current = null;
      setName('');
      // The name is step 1's; step 2 opens on the default theme (changed there in one click). A save that fails
      // leaves the publication at step 1, as a publication made on /publications.
      const pub = toThemes
        ? await toStep2.mutateAsync({ publicationId: created.id, currentStep: 2, workflowData: { selectedTheme: DEFAULT_THEME_ID } }).catch(() => created)
        : created;
      await utils.publications.list.invalidate();
      await openPublication({ id: pub.id, name: pub.name, status: pub.status, currentStep: pub.currentStep, lastSaved: pub.lastSaved }, navigate);
    },
    onError: (err) => {
      if (httpStatusOf(err) === 403) {
        toast({ title: MSG.upgradeRequired, description: errorMessage(err), variant: 'destructive' });
        onLimit();
        return;
      }
      toast({ title: MSG.somethingWentWrong, description: errorMessage(err, MSG.pleaseTryLater), variant: 'destructive' });
    },
  });

  return (
    <form
      noValidate
      className={stacked ? 'flex flex-col gap-3' : 'flex flex-col gap-3 sm:flex-row sm:items-start'}
      onSubmit={(e) => {
        e.preventDefault();
        const problem = nameError(name);
        setError(problem);
        if (problem || create.isPending) return;
        pendingId.current ??= newClientId();
        create.mutate({ id: pendingId.current, name: name.trim() });
      }}
    >
      <div className="flex-1">
        <Label htmlFor={`${id}-name`}>Newsletter name</Label>
        <Input
          id={`${id}-name`}
          ref={inputRef}
          value={name}
          placeholder="e.g. The Friday Digest"
          autoComplete="off"
          maxLength={MAX_PUBLICATION_NAME + 20}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-err` : undefined}
          onChange={(e) => {
            setName(e.target.value);
            if (error) setError(null);
            // A different name is a different publication: never reuse an id sent for another name.
            if (!create.isPending) pendingId.current = null;
          }}
        />
        <FieldError id={`${id}-err`}>{error}</FieldError>
      </div>
      <Button type="submit" loading={create.isPending || toStep2.isPending} className={stacked ? 'self-start' : 'sm:mt-[26px]'}>
        {!create.isPending && <Plus aria-hidden />}
        Create publication
      </Button>
    </form>
  );
}
