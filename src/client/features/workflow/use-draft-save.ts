// Saving the assembled newsletter (spec §4, §8): 'Saving...', then 'Newsletter saved successfully!' for
// 3 s, or the spec's failure message. The server knows which saved newsletter is the publication's
// current issue, so every tab, session and export of this issue updates that one newsletter.
import { useCallback, useEffect, useRef, useState } from 'react';
import { trpc } from '../../trpc';
import type { Assembled, WorkflowData } from './types';

export const SAVED_FLAG_MS = 3000;

export type DraftState = 'idle' | 'saving' | 'saved' | 'error';

export function useDraftSave(publicationId: string, data: WorkflowData, assembled: Assembled | null) {
  const utils = trpc.useUtils();
  const [state, setState] = useState<DraftState>('idle');
  const inFlight = useRef<Promise<string | null> | null>(null);
  const flagTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => void (flagTimer.current && clearTimeout(flagTimer.current)), []);

  /** Saves what the page shows (also before an export: another tab may have saved other content since). */
  const save = useCallback((): Promise<string | null> => {
    if (!assembled) return Promise.resolve(null);
    if (inFlight.current) return inFlight.current;
    setState('saving');
    if (flagTimer.current) clearTimeout(flagTimer.current);
    const p = utils.client.drafts.saveIssue
      .mutate({
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
        },
      })
      .then((draft) => {
        setState('saved');
        flagTimer.current = setTimeout(() => setState('idle'), SAVED_FLAG_MS);
        void utils.drafts.list.invalidate();
        return draft.id;
      })
      .catch(() => {
        setState('error');
        return null;
      })
      .finally(() => {
        inFlight.current = null;
      });
    inFlight.current = p;
    return p;
  }, [assembled, data, publicationId, utils]);

  return { state, save };
}
