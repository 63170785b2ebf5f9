// Saving the assembled newsletter (spec §4, §8): 'Saving...', then 'Newsletter saved successfully!' for
// 3 s, or the spec's failure message. The server knows which saved newsletter is the publication's
// current issue and answers with its one id, so every tab, session and export of this issue updates
// that one newsletter. Saves of one publication share a mutation scope and run one after another.
import { useEffect, useState } from 'react';
import { trpc } from '../../trpc';
import type { Assembled, WorkflowData } from './types';

export const SAVED_FLAG_MS = 3000;

export type DraftState = 'idle' | 'saving' | 'saved' | 'error';

export function useDraftSave(publicationId: string, data: WorkflowData, assembled: Assembled | null) {
  const utils = trpc.useUtils();
  const mutation = trpc.drafts.saveIssue.useMutation({
    scope: { id: `issue-save:${publicationId}` },
    onSuccess: () => void utils.drafts.list.invalidate(),
  });
  // The save whose 'saved' flag has been shown for its 3 s (by when it was made).
  const [flagDone, setFlagDone] = useState(0);
  const { isSuccess, submittedAt } = mutation;
  useEffect(() => {
    if (!isSuccess) return;
    const timer = setTimeout(() => setFlagDone(submittedAt), SAVED_FLAG_MS);
    return () => clearTimeout(timer);
  }, [isSuccess, submittedAt]);

  const state: DraftState = mutation.isPending ? 'saving' : mutation.isError ? 'error' : isSuccess && flagDone !== submittedAt ? 'saved' : 'idle';

  /** Saves what the page shows (also before an export: another tab may have saved other content since); the saved newsletter's id. */
  const save = (): Promise<string | null> => {
    if (!assembled) return Promise.resolve(null);
    return mutation
      .mutateAsync({
        publicationId,
        title: data.newsletterName.trim(),
        subject: assembled.subject,
        content: assembled.text,
        htmlContent: assembled.html,
        contentSources: {
          channels: data.selectedChannels.map((c) => ({ name: c.name, url: c.url, niche: c.niche })),
          articles: data.selectedArticles,
          theme: data.selectedTheme ?? undefined,
          layoutStyle: data.layoutStyle,
          fontStyle: data.fontStyle,
          colorTheme: data.colorTheme,
          intro: data.intro,
          edits: data.edits,
        },
      })
      .then(
        (draft) => draft.id,
        () => null,
      );
  };

  return { state, save };
}
