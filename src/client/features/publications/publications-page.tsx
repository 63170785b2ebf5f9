// /publications: the user's publications with status and last save; create, open (into the workflow),
// rename and delete with confirmation.
import { Link, useNavigate } from '@tanstack/react-router';
import { ArrowRight, Eye, FileText, Pencil, Users, Repeat } from 'lucide-react';
import { useRef, useState, type RefObject } from 'react';
import { MSG } from '../../../shared/messages';
import { capabilitiesFor } from '../../../shared/plans';
import { PageHeader } from '../../components/page-header';
import { Badge } from '../../components/ui/badge';
import { ListError, EmptyState, ListSkeleton } from '../../components/ui/list-states';
import { Button, buttonClass } from '../../components/ui/button';
import { SectionCard } from '../../components/ui/section-card';
import { toast } from '../../components/ui/toast-store';
import { errorMessage } from '../../lib/errors';
import { trpc } from '../../trpc';
import { LOADED } from '../../lib/page-data';
import { useCurrentUser } from '../auth';
import { UpgradeDialog } from '../upgrade';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DeleteButton } from '../../components/delete-button';
import { CreatePublicationForm } from './create-publication-form';
import { clearStoredPublication, readStoredPublication } from '../workflow';
import { openPublication, storeSelectedPublication } from './open-publication';
import { RenameDialog } from './rename-dialog';
import { SharedPreviewDialog } from './shared-preview-dialog';
import { formatDateTime, formatRelative } from '../../lib/format';

export const STEP_NAMES = ['Name', 'Theme', 'Channels', 'Articles', 'Preview & Send'] as const;

type Summary = {
  id: string;
  name: string;
  status: 'draft' | 'ready';
  currentStep: number;
  lastSaved: string;
  /** Shared with the user by another account's team: whose it is and the user's role. */
  sharedBy?: { name: string; email: string; role: 'editor' | 'viewer' };
};

/** A publication another account shared: editors open it in the workflow, viewers see a read-only preview. */
function SharedActions({ pub, nameId, onOpen, onPreview }: { pub: Summary; nameId: string; onOpen: () => void; onPreview: () => void }) {
  if (pub.sharedBy?.role === 'editor')
    return (
      <Button size="sm" onClick={onOpen} aria-describedby={nameId}>
        Open <ArrowRight aria-hidden />
      </Button>
    );
  return (
    <Button size="sm" variant="outline" onClick={onPreview} aria-describedby={nameId}>
      <Eye aria-hidden /> Preview
    </Button>
  );
}

function PublicationRow({
  pub,
  onOpen,
  onRename,
  onDelete,
  onPreview,
}: {
  pub: Summary;
  onOpen: () => void;
  onRename: () => void;
  onDelete: () => void;
  onPreview: () => void;
}) {
  const nameId = `pub-${pub.id}`;
  const step = Math.min(5, Math.max(1, pub.currentStep));
  return (
    <li>
      <article aria-labelledby={nameId} className="flex flex-col gap-3 px-5 py-4 @xl:flex-row @xl:items-center @xl:gap-4">
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <h3 id={nameId} title={pub.name} className="min-w-0 truncate font-medium text-zinc-900 dark:text-white">
              {pub.name}
            </h3>
            <Badge tone={pub.status === 'ready' ? 'success' : 'neutral'}>{pub.status === 'ready' ? 'Ready' : 'Draft'}</Badge>
            {pub.sharedBy && (
              <>
                <Badge tone="brand" title={pub.sharedBy.email}>
                  Shared by {pub.sharedBy.name}
                </Badge>
                <Badge>{pub.sharedBy.role === 'editor' ? 'Editor' : 'Viewer'}</Badge>
              </>
            )}
          </div>
          <p className="mt-1 text-sm text-muted">
            Step {step} of 5 · {STEP_NAMES[step - 1]} · Last saved{' '}
            <time dateTime={pub.lastSaved} title={formatDateTime(pub.lastSaved)}>
              {formatRelative(pub.lastSaved)}
            </time>
          </p>
        </div>
        {pub.sharedBy ? (
          <div className="flex shrink-0 flex-wrap gap-2">
            <SharedActions pub={pub} nameId={nameId} onOpen={onOpen} onPreview={onPreview} />
          </div>
        ) : (
          <div className="flex shrink-0 flex-wrap gap-2">
            <Button size="sm" onClick={onOpen} aria-describedby={nameId}>
              Open <ArrowRight aria-hidden />
            </Button>
            <Link to="/subscribers" search={{ publicationId: pub.id }} className={buttonClass('outline', 'sm')} aria-describedby={nameId}>
              <Users aria-hidden /> Subscribers
            </Link>
            <Link to="/recurring" search={{ publicationId: pub.id }} className={buttonClass('outline', 'sm')} aria-describedby={nameId}>
              <Repeat aria-hidden /> Recurring
            </Link>
            <Button size="sm" variant="outline" onClick={onRename} aria-describedby={nameId}>
              <Pencil aria-hidden /> Rename
            </Button>
            <DeleteButton onClick={onDelete} describedBy={nameId} />
          </div>
        )}
      </article>
    </li>
  );
}

/** Renaming and deleting a publication: the dialogs' state and their mutations. */
function useRenameAndDelete() {
  const utils = trpc.useUtils();
  const [renaming, setRenaming] = useState<Summary | null>(null);
  const [deleting, setDeleting] = useState<Summary | null>(null);
  const rename = trpc.publications.rename.useMutation({
    onSuccess: async (pub) => {
      setRenaming(null);
      if (readStoredPublication()?.id === pub.id)
        storeSelectedPublication({ id: pub.id, name: pub.name, status: pub.status, currentStep: pub.currentStep, lastSaved: pub.lastSaved });
      toast({ title: 'Publication renamed', description: `Now called “${pub.name}”.`, variant: 'success' });
      await utils.publications.list.invalidate();
    },
    onError: (err) => toast({ title: 'Rename failed', description: errorMessage(err, MSG.pleaseTryLater), variant: 'destructive' }),
  });
  const remove = trpc.publications.delete.useMutation({
    onSuccess: async ({ id }) => {
      const name = deleting?.name;
      setDeleting(null);
      if (readStoredPublication()?.id === id) clearStoredPublication();
      toast({ title: 'Publication deleted', description: name ? `“${name}” was deleted.` : undefined });
      await utils.publications.list.invalidate();
    },
    onError: (err) => toast({ title: 'Delete failed', description: errorMessage(err, MSG.pleaseTryLater), variant: 'destructive' }),
  });
  const dialogs = (
    <>
      <RenameDialog
        open={renaming !== null}
        onOpenChange={(o) => !o && setRenaming(null)}
        currentName={renaming?.name ?? ''}
        pending={rename.isPending}
        onRename={(name) => renaming && rename.mutate({ id: renaming.id, name })}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(o) => !o && setDeleting(null)}
        title="Delete publication?"
        description={<>“{deleting?.name}” and its saved workflow progress will be deleted. Saved newsletters stay in Newsletters. This cannot be undone.</>}
        confirmLabel="Delete publication"
        pending={remove.isPending}
        onConfirm={() => deleting && remove.mutate({ id: deleting.id })}
      />
    </>
  );
  return { rename: setRenaming, remove: setDeleting, dialogs };
}

/** The create card: the form, and the plan's allowance with the way to the plans. */
function CreateCard({
  limit,
  owned,
  inputRef,
  onPlans,
}: {
  limit: number | null;
  owned: number;
  inputRef: RefObject<HTMLInputElement | null>;
  onPlans: () => void;
}) {
  return (
    <SectionCard
      className="mb-6"
      title="Create a publication"
      description={
        <>
          Give it a name; you can change it later.
          {limit !== null && (
            <>
              {' '}
              Your plan includes {limit} publication{limit === 1 ? '' : 's'} ({owned} used).{' '}
              <button type="button" className="font-medium text-indigo-600 underline-offset-4 hover:underline dark:text-indigo-400" onClick={onPlans}>
                See plans
              </button>
            </>
          )}
        </>
      }
    >
      <CreatePublicationForm inputRef={inputRef} onLimit={onPlans} />
    </SectionCard>
  );
}

export function PublicationsPage() {
  const navigate = useNavigate();
  const list = trpc.publications.list.useQuery(undefined, LOADED);
  const user = useCurrentUser();
  const [upgradeOpen, setUpgradeOpen] = useState(false);
  const [previewing, setPreviewing] = useState<Summary | null>(null);
  const createInput = useRef<HTMLInputElement>(null);
  const actions = useRenameAndDelete();

  const limit = user ? capabilitiesFor(user).maxNewsletters : Number.POSITIVE_INFINITY;
  const count = list.data?.length ?? 0;
  // Publications shared by others do not count against the user's own plan.
  const owned = list.data?.filter((p) => !p.sharedBy).length ?? 0;

  return (
    <>
      <PageHeader
        title="Publications"
        description="Each publication is a newsletter you build in five steps: name, theme, channels, articles, preview and send."
      />
      <CreateCard limit={Number.isFinite(limit) && list.data ? limit : null} owned={owned} inputRef={createInput} onPlans={() => setUpgradeOpen(true)} />

      <SectionCard
        className="@container"
        title="Your publications"
        action={list.data && <span className="text-sm text-muted">{count === 1 ? '1 publication' : `${count} publications`}</span>}
        headerClassName="border-b border-zinc-100 pb-4 dark:border-zinc-800"
        bare
      >
        {list.isPending ? (
          <ListSkeleton />
        ) : list.isError ? (
          <ListError message={errorMessage(list.error, MSG.pageErrorBody)} onRetry={() => void list.refetch()} />
        ) : count === 0 ? (
          <EmptyState icon={FileText} title={MSG.noPublications} body={'Create your first publication above and you will be guided through the five steps.'}>
            <Button variant="outline" size="sm" onClick={() => createInput.current?.focus()}>
              Name your first newsletter
            </Button>
          </EmptyState>
        ) : (
          <ul className="divide-y divide-zinc-100 dark:divide-zinc-800" aria-label="Your publications">
            {list.data.map((pub) => (
              <PublicationRow
                key={pub.id}
                pub={pub}
                onOpen={() =>
                  void openPublication({ id: pub.id, name: pub.name, status: pub.status, currentStep: pub.currentStep, lastSaved: pub.lastSaved }, navigate)
                }
                onRename={() => actions.rename(pub)}
                onDelete={() => actions.remove(pub)}
                onPreview={() => setPreviewing(pub)}
              />
            ))}
          </ul>
        )}
      </SectionCard>

      {actions.dialogs}
      <SharedPreviewDialog
        publication={previewing?.sharedBy ? { id: previewing.id, name: previewing.name, ownerName: previewing.sharedBy.name } : null}
        onClose={() => setPreviewing(null)}
      />
      <UpgradeDialog open={upgradeOpen} onOpenChange={setUpgradeOpen} />
    </>
  );
}
