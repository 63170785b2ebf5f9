// The workflow's state: the stored publication's data, the current step, and progress saving. Every
// step move, theme pick, channel toggle and article toggle is saved at once; the name 500 ms after
// typing stops (spec §4). Saves run one after another so an older save can never land after a newer
// one; a refused save (plan limit, locked theme, step rule) is shown and the change is undone.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { trpc } from '../../trpc';
import { toast } from '../../components/ui/toast-store';
import { errorMessage } from '../../lib/errors';
import { MSG } from '../../../shared/messages';
import { isSampleArticle } from '../../../shared/schemas/content';
import { emptyWorkflowData, unsavedAssemblyFields } from './rules';
import { toStep, type AssembleRequest, type Publication, type Step, type WorkflowData, type WorkflowPatch } from './types';

export const NAME_SAVE_DELAY_MS = 500;

export type SaveState = 'idle' | 'saving' | 'saved' | 'error';

function fromDto(p: Publication): WorkflowData {
  const d = p.workflowData;
  return {
    newsletterName: d.newsletterName,
    selectedTheme: d.selectedTheme,
    selectedChannels: d.selectedChannels,
    // A sample (it stands in for a channel that failed) is never chosen, whatever an older row holds.
    selectedArticles: d.selectedArticles.filter((a) => !isSampleArticle(a)),
    searchTopic: d.searchTopic,
    topic: d.topic,
    fontStyle: d.fontStyle,
    layoutStyle: d.layoutStyle,
    colorTheme: d.colorTheme,
    intro: d.intro,
    subject: d.subject,
  };
}

interface TrpcErrorShape {
  data?: { httpStatus?: number; code?: string } | null;
}

const statusOf = (err: unknown) => (err as TrpcErrorShape)?.data?.httpStatus;

export interface SaveOptions {
  /** Undoes the optimistic change when the server refuses it. */
  revert?: () => void;
  /** The step to record; defaults to the current one. */
  step?: Step;
  /** Ends the current issue on the server: the next save in step 5 makes a new saved newsletter. */
  newIssue?: boolean;
}

export function useWorkflow(publication: Publication, onUpgrade: () => void) {
  const utils = trpc.useUtils();
  const [data, setData] = useState<WorkflowData>(() => fromDto(publication));
  const [step, setStep] = useState<Step>(() => toStep(publication.currentStep));
  const [furthest, setFurthest] = useState<Step>(() => toStep(publication.currentStep));
  const [saveState, setSaveState] = useState<SaveState>('idle');
  const [lastSaved, setLastSaved] = useState<string>(publication.workflowData.lastSaved);

  const stepRef = useRef(step);
  const dataRef = useRef(data);
  // What the server last confirmed it stores (saves answer in order, each with the whole stored data).
  const storedRef = useRef<WorkflowData>(data);
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const pending = useRef(0);
  const nameTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  // Saves answer after renders, so they call the newest onUpgrade through a ref kept current after each commit.
  const onUpgradeRef = useRef(onUpgrade);
  useEffect(() => {
    onUpgradeRef.current = onUpgrade;
  }, [onUpgrade]);

  const update = useCallback((patch: Partial<WorkflowData>) => {
    dataRef.current = { ...dataRef.current, ...patch };
    setData(dataRef.current);
  }, []);

  const save = useCallback(
    (patch: WorkflowPatch, opts: SaveOptions = {}) => {
      const currentStep = opts.step ?? stepRef.current;
      pending.current += 1;
      setSaveState('saving');
      const run = () =>
        utils.client.wizard.saveProgress
          .mutate({ publicationId: publication.id, currentStep, workflowData: patch, ...(opts.newIssue ? { newIssue: true } : {}) })
          .then((saved) => {
            storedRef.current = fromDto(saved);
            setLastSaved(saved.workflowData.lastSaved);
            return true;
          })
          .catch((err: unknown) => {
            opts.revert?.();
            const message = errorMessage(err, 'Your progress could not be saved. Please try again.');
            if (statusOf(err) === 403 && patch.selectedChannels) {
              toast({ title: MSG.channelLimitTitle, description: message, variant: 'destructive' });
              onUpgradeRef.current();
            } else if (statusOf(err) === 403 && patch.selectedTheme !== undefined) {
              toast({ title: MSG.upgradeRequired, description: message, variant: 'destructive' });
              onUpgradeRef.current();
            } else {
              toast({ title: 'Progress not saved', description: message, variant: 'destructive' });
            }
            setSaveState('error');
            return false;
          })
          .finally(() => {
            pending.current -= 1;
            if (pending.current === 0) setSaveState((s) => (s === 'error' ? s : 'saved'));
          });
      const next = queue.current.then(run);
      queue.current = next;
      return next;
    },
    [publication.id, utils],
  );

  /** A pending name save is sent now (with whatever else is being saved) instead of after the pause. */
  const takePendingName = useCallback((): WorkflowPatch => {
    if (!nameTimer.current) return {};
    clearTimeout(nameTimer.current);
    nameTimer.current = null;
    return { newsletterName: dataRef.current.newsletterName };
  }, []);

  const setName = useCallback(
    (name: string) => {
      update({ newsletterName: name });
      if (nameTimer.current) clearTimeout(nameTimer.current);
      nameTimer.current = setTimeout(() => {
        nameTimer.current = null;
        void save({ newsletterName: dataRef.current.newsletterName });
      }, NAME_SAVE_DELAY_MS);
    },
    [save, update],
  );

  const goTo = useCallback(
    (target: Step) => {
      const from = stepRef.current;
      if (target === from) return;
      stepRef.current = target;
      setStep(target);
      setFurthest((f) => (target > f ? target : f));
      window.scrollTo({ top: 0 });
      void save(takePendingName(), {
        step: target,
        revert: () => {
          stepRef.current = from;
          setStep(from);
        },
      });
    },
    [save, takePendingName],
  );

  /** Changes fields and saves them; a refusal restores the previous values of exactly those fields. */
  const change = useCallback(
    (requested: Partial<WorkflowData>) => {
      // Whatever path picked them, sample entries never enter the selection.
      const patch = requested.selectedArticles ? { ...requested, selectedArticles: requested.selectedArticles.filter((a) => !isSampleArticle(a)) } : requested;
      const before = Object.fromEntries(Object.keys(patch).map((k) => [k, dataRef.current[k as keyof WorkflowData]])) as Partial<WorkflowData>;
      update(patch);
      return save({ ...takePendingName(), ...patch }, { revert: () => update(before) });
    },
    [save, takePendingName, update],
  );

  /** Starts over in the same publication: step 1 with the spec's defaults (spec §2 'Create New Newsletter'). */
  const reset = useCallback(() => {
    if (nameTimer.current) clearTimeout(nameTimer.current);
    nameTimer.current = null;
    const fresh = emptyWorkflowData();
    dataRef.current = fresh;
    setData(fresh);
    stepRef.current = 1;
    setStep(1);
    setFurthest(1);
    window.scrollTo({ top: 0 });
    // The server keeps the publication's listed name while the new newsletter's name is blank.
    return save(fresh, { step: 1, newIssue: true });
  }, [save]);

  /** Assembly and sends name the publication; the server takes from its stored workflow what this session did not change. */
  const assemblyRequest = useCallback(
    (): AssembleRequest => ({ publicationId: publication.id, ...unsavedAssemblyFields(dataRef.current, storedRef.current) }),
    [publication.id],
  );

  // Leaving the page sends a pending name save and refreshes the lists that show this publication.
  useEffect(
    () => () => {
      if (nameTimer.current) {
        clearTimeout(nameTimer.current);
        void utils.client.wizard.saveProgress
          .mutate({ publicationId: publication.id, currentStep: stepRef.current, workflowData: { newsletterName: dataRef.current.newsletterName } })
          .catch(() => undefined);
      }
      void utils.publications.list.invalidate();
      void utils.integrations.status.invalidate();
    },
    [publication.id, utils],
  );

  return useMemo(
    () => ({ publicationId: publication.id, data, step, furthest, saveState, lastSaved, setName, goTo, change, reset, assemblyRequest, dataRef, stepRef }),
    [publication.id, data, step, furthest, saveState, lastSaved, setName, goTo, change, reset, assemblyRequest],
  );
}

export type Workflow = ReturnType<typeof useWorkflow>;
