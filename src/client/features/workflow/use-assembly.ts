// Step 5's assembly: reaching the step with a name, a theme and at least one article assembles the
// newsletter at once, and again whenever a preview option changes (spec §4). Only the newest request's
// answer is shown.
import { useEffect, useEffectEvent, useState } from 'react';
import { trpc } from '../../trpc';
import { MSG } from '../../../shared/messages';
import { readyToAssemble } from './rules';
import type { Assembled, WorkflowData } from './types';

export interface AssemblyState {
  result: Assembled | null;
  assembling: boolean;
  error: string | null;
}

export function assembleRequest(d: WorkflowData) {
  return {
    newsletterName: d.newsletterName.trim(),
    themeId: d.selectedTheme ?? undefined,
    articles: d.selectedArticles,
    layoutStyle: d.layoutStyle,
    fontStyle: d.fontStyle,
    colorTheme: d.colorTheme,
    includeBranding: true,
    intro: d.intro,
    subject: d.subject || undefined,
  };
}

/** The server's reason for a refusal (a locked theme, a bad article); the spec's wording otherwise. */
function assemblyError(err: unknown): string {
  const e = err as { message?: string; data?: { httpStatus?: number } | null };
  const status = e?.data?.httpStatus;
  return status && status < 500 && e.message ? e.message : MSG.assemblyFailed;
}

export function useAssembly(d: WorkflowData): AssemblyState {
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
  const request = useEffectEvent(() => assembleRequest(d));

  useEffect(() => {
    if (!ready) return;
    let live = true;
    utils.client.wizard.assemble
      .mutate(request())
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
