// Step 5's assembly: reaching the step with a name, a theme and at least one article assembles the
// newsletter at once, and again whenever a preview option changes (spec §4). It is a query keyed by what
// the newsletter is made of, so the preview follows the newest choices and going back to earlier ones
// shows their assembly at once. The request names the publication and carries only what this session
// changed that the server has not stored yet; the server reads the rest from the stored workflow.
import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getQueryKey } from '@trpc/react-query';
import { trpc } from '../../trpc';
import { MSG } from '../../../shared/messages';
import { errorMessage, httpStatusOf } from '../../lib/errors';
import { readyToAssemble } from './rules';
import type { Assembled, AssembleRequest, WorkflowData } from './types';

export interface AssemblyState {
  result: Assembled | null;
  assembling: boolean;
  error: string | null;
}

/** The server's reason for a refusal (a locked theme, a bad article); the spec's wording otherwise. */
function assemblyError(err: unknown): string {
  const status = httpStatusOf(err);
  return status && status < 500 ? errorMessage(err, MSG.assemblyFailed) : MSG.assemblyFailed;
}

/** Everything an assembly is made of: the same content assembles the same newsletter. */
export function assemblyInput(publicationId: string, d: WorkflowData) {
  return {
    publicationId,
    newsletterName: d.newsletterName.trim(),
    themeId: d.selectedTheme,
    articles: d.selectedArticles.map((a) => `${a.id}:${a.summary}`),
    layoutStyle: d.layoutStyle,
    fontStyle: d.fontStyle,
    colorTheme: d.colorTheme,
    intro: d.intro,
    subject: d.subject,
    edits: d.edits,
  };
}

export function useAssembly(wf: { publicationId: string; data: WorkflowData; assemblyRequest: () => AssembleRequest }): AssemblyState {
  const d = wf.data;
  const utils = trpc.useUtils();
  const ready = readyToAssemble(d);
  const query = useQuery({
    queryKey: [...getQueryKey(trpc.wizard.assemble), assemblyInput(wf.publicationId, d)],
    // The request is read when the query runs: the fields not stored yet at that moment.
    queryFn: async ({ signal }) => (await utils.client.wizard.assemble.query(wf.assemblyRequest(), { signal })).data,
    enabled: ready,
    // The previous preview stays on screen while the next one assembles, instead of flashing away.
    placeholderData: keepPreviousData,
    // Failures are shown at once, as the spec's message, instead of retried.
    retry: false,
  });
  // The last assembly that succeeded: a failed re-assembly keeps it on screen under the error.
  const [lastGood, setLastGood] = useState<Assembled | null>(null);
  if (query.data && !query.isPlaceholderData && query.data !== lastGood) setLastGood(query.data);

  if (!ready) return { result: null, assembling: false, error: MSG.assemblyMissing };
  const assembling = query.isPlaceholderData || query.isPending;
  return {
    result: query.data ?? (query.isError ? lastGood : null),
    assembling,
    error: query.isError ? assemblyError(query.error) : null,
  };
}
