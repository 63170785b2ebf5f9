// Step 5's assembly: reaching the step with a name, a theme and at least one article assembles the
// newsletter at once, and again whenever a preview option changes (spec §4). Only the newest request's
// answer is shown.
import { useEffect, useRef, useState } from 'react';
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
  const [state, setState] = useState<AssemblyState>({ result: null, assembling: false, error: null });
  const seq = useRef(0);
  const ready = readyToAssemble(d);
  const key = JSON.stringify([d.newsletterName.trim(), d.selectedTheme, d.selectedArticles.map((a) => a.id), d.layoutStyle, d.fontStyle, d.colorTheme]);

  useEffect(() => {
    if (!ready) {
      setState({ result: null, assembling: false, error: MSG.assemblyMissing });
      return;
    }
    const n = ++seq.current;
    setState((s) => ({ ...s, assembling: true, error: null }));
    utils.client.wizard.assemble
      .mutate(assembleRequest(d))
      .then((res) => n === seq.current && setState({ result: res.data, assembling: false, error: null }))
      .catch((err: unknown) => n === seq.current && setState((s) => ({ ...s, assembling: false, error: assemblyError(err) })));
    // key holds every input of the assembly.
  }, [key, ready, utils]);

  return state;
}
