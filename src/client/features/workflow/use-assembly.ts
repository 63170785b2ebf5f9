// Step 5's assembly: reaching the step with a name, a theme and at least one article assembles the
// newsletter at once, and again whenever a preview option changes (spec §4). Only the newest request's
// answer is shown. The request names the publication and carries only what this session changed that
// the server has not stored yet; the server reads the rest from the stored workflow.
import { useEffect, useEffectEvent, useState } from 'react';
import { trpc } from '../../trpc';
import { MSG } from '../../../shared/messages';
import { readyToAssemble } from './rules';
import type { Assembled, AssembleRequest, WorkflowData } from './types';

export interface AssemblyState {
  result: Assembled | null;
  assembling: boolean;
  error: string | null;
}

/** The server's reason for a refusal (a locked theme, a bad article); the spec's wording otherwise. */
function assemblyError(err: unknown): string {
  const e = err as { message?: string; data?: { httpStatus?: number } | null };
  const status = e?.data?.httpStatus;
  return status && status < 500 && e.message ? e.message : MSG.assemblyFailed;
}

export function useAssembly(wf: { data: WorkflowData; assemblyRequest: () => AssembleRequest }): AssemblyState {
  const d = wf.data;
  const utils = trpc.useUtils();
  // The newest answer, with the key of the request it answers: a different key is still assembling.
  const [answer, setAnswer] = useState<{ key: string; result: Assembled | null; error: string | null } | null>(null);
  const ready = readyToAssemble(d);
  const key = JSON.stringify([
    d.newsletterName.trim(),
    d.selectedTheme,
    d.selectedArticles.map((a) => `${a.id}:${a.summary}`),
    d.layoutStyle,
    d.fontStyle,
    d.colorTheme,
    d.intro,
    d.subject,
  ]);
  // key holds every input of the assembly, so the request reads the data without re-running on each new object.
  const request = useEffectEvent(() => wf.assemblyRequest());

  useEffect(() => {
    if (!ready) return;
    let live = true;
    // A read, but never served from the cache: the stored workflow behind the same request changes with
    // every save. Failures are shown at once, as the spec's message, instead of retried.
    utils.wizard.assemble
      .fetch(request(), { staleTime: 0, gcTime: 0, retry: false })
      .then((res) => live && setAnswer({ key, result: res.data, error: null }))
      // A failed re-assembly keeps the last preview on screen under the error.
      .catch((err: unknown) => live && setAnswer((prev) => ({ key, result: prev?.result ?? null, error: assemblyError(err) })));
    return () => {
      live = false;
    };
  }, [key, ready, utils]);

  if (!ready) return { result: null, assembling: false, error: MSG.assemblyMissing };
  const answered = answer?.key === key;
  return { result: answer?.result ?? null, assembling: !answered, error: answered ? answer.error : null };
}
