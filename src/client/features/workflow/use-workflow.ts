// The workflow's state (spec §2, §4): what the server stores for the publication (the publications.get
// query the route's loader ensured) with the progress saves still on their way laid over it. Every step
// move, theme pick, channel toggle and article toggle is a saveProgress mutation at once; the name one
// 500 ms after typing stops. The saves share one mutation scope, so TanStack Query runs them one at a
// time in the order they were made and an older save never lands after a newer one. A pending save
// shows at once (an optimistic update read from the mutation cache); a refused one (plan limit, locked
// theme, step rule) is toasted and simply stops being laid over, so exactly its fields fall back.
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore, type RefObject } from 'react';
import { useMutationState, useQueryClient, type Mutation, type MutationFilters } from '@tanstack/react-query';
import { getMutationKey } from '@trpc/react-query';
import { trpc } from '../../trpc';
import { toast } from '../../components/ui/toast-store';
import { errorMessage, httpStatusOf } from '../../lib/errors';
import { MSG } from '../../../shared/messages';
import { isSampleArticle } from '../../../shared/schemas/content';
import { emptyWorkflowData, unsavedAssemblyFields } from './rules';
import { toStep, type AssembleRequest, type Publication, type SaveInput, type Step, type WorkflowData, type WorkflowPatch } from './types';

export const NAME_SAVE_DELAY_MS = 500;

export type SaveState = 'idle' | 'saving' | 'saved' | 'error';

/** The workflow as it stands: its data and the step it is at. */
export interface WorkflowView {
  data: WorkflowData;
  step: Step;
}

function fromDto(p: Publication): WorkflowData {
  const { lastSaved: _time, ...d } = p.workflowData;
  // A sample (it stands in for a channel that failed) is never chosen, whatever an older row holds.
  return { ...d, selectedArticles: d.selectedArticles.filter((a) => !isSampleArticle(a)) };
}

/** The stored publication with the pending saves applied in the order they were made. */
function layered(stored: Publication, pending: readonly SaveInput[]): WorkflowView {
  let data = fromDto(stored);
  let step = toStep(stored.currentStep);
  for (const save of pending) {
    data = { ...data, ...save.workflowData };
    step = toStep(save.currentStep);
  }
  return { data, step };
}

/** One scope per publication: its saves run one after another. */
export const saveScope = (publicationId: string) => `workflow-progress:${publicationId}`;

function saveFilters(publicationId: string): MutationFilters {
  const scope = saveScope(publicationId);
  return { mutationKey: getMutationKey(trpc.wizard.saveProgress), predicate: (m) => m.options.scope?.id === scope };
}

const variablesOf = (m: Mutation<unknown, Error, unknown>) => m.state.variables as SaveInput;

/**
 * The pending saves, read in the same render as the click that made them: the mutation cache tells its
 * own listeners at once (useMutationState hears it a tick later, and a controlled checkbox would flick
 * back for that tick).
 */
function usePendingSaves(filters: MutationFilters): readonly SaveInput[] {
  const cache = useQueryClient().getMutationCache();
  // The last answer, so an unchanged list keeps its identity (useSyncExternalStore compares them).
  const last = useRef<readonly SaveInput[]>([]);
  const read = useCallback(() => {
    const next = cache.findAll(filters).map(variablesOf);
    const prev = last.current;
    if (next.length === prev.length && next.every((v, i) => v === prev[i])) return prev;
    last.current = next;
    return next;
  }, [cache, filters]);
  const subscribe = useCallback((onChange: () => void) => cache.subscribe(onChange), [cache]);
  return useSyncExternalStore(subscribe, read);
}

export interface SaveOptions {
  /** The step to record; defaults to the current one. */
  step?: Step;
  /** Ends the current issue on the server: the next save in step 5 makes a new saved newsletter. */
  newIssue?: boolean;
}

/** A change: the fields to set, or a function of the workflow's data at this instant giving them (null: nothing to change). */
export type Change = Partial<WorkflowData> | ((current: WorkflowData) => Partial<WorkflowData> | null);

/**
 * The progress save: one mutation scope per publication, the step recorded defaulting to the current one;
 * a refusal is toasted (a plan limit also opens the upgrade). It answers whether the server took it.
 */
function useSave(publicationId: string, onUpgrade: () => void, current: () => WorkflowView) {
  const utils = trpc.useUtils();
  const { mutateAsync } = trpc.wizard.saveProgress.useMutation({
    scope: { id: saveScope(publicationId) },
    // Each answer is the whole stored publication: the query now holds what the server stores.
    onSuccess: (saved) => utils.publications.get.setData({ id: publicationId }, saved),
    onError: (err, input) => {
      const message = errorMessage(err, 'Your progress could not be saved. Please try again.');
      const refused = httpStatusOf(err) === 403;
      if (refused && input.workflowData?.selectedChannels) {
        toast({ title: MSG.channelLimitTitle, description: message, variant: 'destructive' });
        onUpgrade();
      } else if (refused && input.workflowData?.selectedTheme !== undefined) {
        toast({ title: MSG.upgradeRequired, description: message, variant: 'destructive' });
        onUpgrade();
      } else {
        toast({ title: 'Progress not saved', description: message, variant: 'destructive' });
      }
    },
  });
  return useCallback(
    (patch: WorkflowPatch, opts: SaveOptions = {}): Promise<boolean> =>
      mutateAsync({
        publicationId,
        currentStep: opts.step ?? current().step,
        workflowData: patch,
        ...(opts.newIssue ? { newIssue: true } : {}),
      }).then(
        () => true,
        () => false,
      ),
    [mutateAsync, publicationId, current],
  );
}

/** The name as typed: it is saved after the pause, and the field never waits for the server. */
function useNameDraft(initial: string) {
  const [name, setName] = useState(initial);
  // The name save waiting for the pause to end (the value and its timer).
  const pending = useRef<{ value: string; timer: ReturnType<typeof setTimeout> } | null>(null);
  const drop = useCallback(() => {
    if (pending.current) clearTimeout(pending.current.timer);
    pending.current = null;
  }, []);
  /** A name save waiting for the pause is sent now (with whatever else is being saved). */
  const take = useCallback((): WorkflowPatch => {
    const p = pending.current;
    if (!p) return {};
    drop();
    return { newsletterName: p.value };
  }, [drop]);
  /** The name typed, saved by `send` once typing pauses. */
  const type = useCallback(
    (value: string, send: (patch: WorkflowPatch) => void) => {
      setName(value);
      drop();
      const timer = setTimeout(() => send(take()), NAME_SAVE_DELAY_MS);
      pending.current = { value, timer };
    },
    [drop, take],
  );
  return { name, setName, pending, drop, take, type };
}

/** The saves' state as the step shows it: saving while any is pending, else how the last one ended. */
function useSaveState(filters: MutationFilters, pending: readonly SaveInput[]): SaveState {
  const statuses = useMutationState({ filters, select: (m) => m.state.status });
  const lastSettled = statuses.filter((s) => s !== 'pending').at(-1);
  if (pending.length > 0) return 'saving';
  return lastSettled === 'error' ? 'error' : lastSettled === 'success' ? 'saved' : 'idle';
}

/** The workflow this instant, read from the query and mutation caches (event handlers act on it). */
function useCurrentView(publicationId: string, pendingFilters: MutationFilters, pendingName: RefObject<{ value: string } | null>) {
  const utils = trpc.useUtils();
  const queryClient = useQueryClient();
  return useCallback((): WorkflowView => {
    const now = utils.publications.get.getData({ id: publicationId });
    // The page's own query observes it, so it stays in the cache while the page is open.
    if (!now) throw new Error('The publication is not loaded.');
    const v = layered(now, queryClient.getMutationCache().findAll(pendingFilters).map(variablesOf));
    return { ...v, data: { ...v.data, newsletterName: pendingName.current?.value ?? v.data.newsletterName } };
  }, [utils, queryClient, publicationId, pendingFilters, pendingName]);
}

/** Leaving the page sends a name save still waiting for its pause, and refreshes the lists that show this publication. */
function useFlushOnLeave(save: (patch: WorkflowPatch) => Promise<boolean>, takePendingName: () => WorkflowPatch) {
  const utils = trpc.useUtils();
  useEffect(
    () => () => {
      const name = takePendingName();
      if (name.newsletterName !== undefined) void save(name);
      void utils.publications.list.invalidate();
      void utils.integrations.status.invalidate();
    },
    [save, takePendingName, utils],
  );
}

export function useWorkflow(publicationId: string, onUpgrade: () => void) {
  const utils = trpc.useUtils();
  // The loader ensured it; while the page is open only this page's saves change it (their answers).
  const [stored] = trpc.publications.get.useSuspenseQuery({ id: publicationId }, { staleTime: Infinity, refetchOnMount: false });
  const filters = useMemo(() => saveFilters(publicationId), [publicationId]);
  const pendingFilters = useMemo(() => ({ ...filters, status: 'pending' as const }), [filters]);
  const {
    name,
    setName: setNameState,
    pending: pendingName,
    drop: dropPendingName,
    take: takePendingName,
    type: typeName,
  } = useNameDraft(stored.workflowData.newsletterName);
  const [furthest, setFurthest] = useState<Step>(() => toStep(stored.currentStep));

  const pending = usePendingSaves(pendingFilters);
  const saveState = useSaveState(filters, pending);
  const view = useMemo(() => {
    const v = layered(stored, pending);
    return { ...v, data: { ...v.data, newsletterName: name } };
  }, [stored, pending, name]);

  const current = useCurrentView(publicationId, pendingFilters, pendingName);

  const save = useSave(publicationId, onUpgrade, current);

  const setName = useCallback((value: string) => typeName(value, (patch) => void save(patch)), [typeName, save]);

  const goTo = useCallback(
    (target: Step) => {
      if (target === current().step) return;
      setFurthest((f) => (target > f ? target : f));
      window.scrollTo({ top: 0 });
      void save(takePendingName(), { step: target });
    },
    [current, save, takePendingName],
  );

  /** Changes fields and saves them; a refusal leaves exactly those fields as the server stores them. */
  const change = useCallback(
    (requested: Change): Promise<boolean> => {
      const fields = typeof requested === 'function' ? requested(current().data) : requested;
      if (!fields) return Promise.resolve(false);
      // Whatever path picked them, sample entries never enter the selection.
      const patch = fields.selectedArticles ? { ...fields, selectedArticles: fields.selectedArticles.filter((a) => !isSampleArticle(a)) } : fields;
      return save({ ...takePendingName(), ...patch });
    },
    [current, save, takePendingName],
  );

  /** Starts over in the same publication: step 1 with the spec's defaults (spec §2 'Create New Newsletter'). */
  const reset = useCallback(() => {
    dropPendingName();
    const fresh = emptyWorkflowData();
    setNameState(fresh.newsletterName);
    setFurthest(1);
    window.scrollTo({ top: 0 });
    // The server keeps the publication's listed name while the new newsletter's name is blank.
    return save(fresh, { step: 1, newIssue: true });
  }, [save, dropPendingName, setNameState]);

  /** Assembly and sends name the publication; the server takes from its stored workflow what this session did not change. */
  const assemblyRequest = useCallback((): AssembleRequest => {
    const confirmed = utils.publications.get.getData({ id: publicationId });
    const now = current().data;
    return { publicationId, ...unsavedAssemblyFields(now, confirmed ? fromDto(confirmed) : now) };
  }, [utils, publicationId, current]);

  useFlushOnLeave(save, takePendingName);

  return useMemo(
    () => ({
      publicationId,
      publicationName: stored.name,
      data: view.data,
      step: view.step,
      furthest,
      saveState,
      lastSaved: stored.workflowData.lastSaved,
      current,
      setName,
      goTo,
      change,
      reset,
      assemblyRequest,
    }),
    [publicationId, stored, view, furthest, saveState, current, setName, goTo, change, reset, assemblyRequest],
  );
}

export type Workflow = ReturnType<typeof useWorkflow>;
