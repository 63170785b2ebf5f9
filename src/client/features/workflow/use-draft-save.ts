// Saving the assembled newsletter as a draft (spec §4, §8): 'Saving...', then 'Newsletter saved
// successfully!' for 3 s, or the spec's failure message. The draft id is made on the client and kept
// per publication for the session, so double clicks and repeated saves update one draft, never two.
import { useCallback, useEffect, useRef, useState } from 'react';
import { trpc } from '../../trpc';
import type { Assembled, WorkflowData } from './types';

export const SAVED_FLAG_MS = 3000;
const draftKey = (publicationId: string) => `workflowDraft:${publicationId}`;

function storedDraftId(publicationId: string): string | null {
  try {
    const v = window.sessionStorage.getItem(draftKey(publicationId));
    return v && /^[A-Za-z0-9_-]{8,64}$/.test(v) ? v : null;
  } catch {
    return null;
  }
}

function rememberDraftId(publicationId: string, id: string | null) {
  try {
    if (id) window.sessionStorage.setItem(draftKey(publicationId), id);
    else window.sessionStorage.removeItem(draftKey(publicationId));
  } catch {
    // Without storage a later session saves a new draft instead of updating this one.
  }
}

/** Forgets the saved draft so 'Create New Newsletter' starts a new one. */
export function forgetDraft(publicationId: string) {
  rememberDraftId(publicationId, null);
}

export type DraftState = 'idle' | 'saving' | 'saved' | 'error';

export function useDraftSave(publicationId: string, data: WorkflowData, assembled: Assembled | null) {
  const utils = trpc.useUtils();
  const [state, setState] = useState<DraftState>('idle');
  const [draftId, setDraftId] = useState<string | null>(() => storedDraftId(publicationId));
  const savedHtml = useRef<string | null>(null);
  const inFlight = useRef<Promise<string | null> | null>(null);
  const flagTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => void (flagTimer.current && clearTimeout(flagTimer.current)), []);

  const save = useCallback((): Promise<string | null> => {
    if (!assembled) return Promise.resolve(null);
    if (inFlight.current) return inFlight.current;
    if (draftId && savedHtml.current === assembled.html) return Promise.resolve(draftId);
    const id = draftId ?? crypto.randomUUID();
    const body = {
      title: data.newsletterName.trim(),
      subject: assembled.subject,
      content: assembled.text,
      htmlContent: assembled.html,
      status: 'draft' as const,
      contentSources: {
        channels: data.selectedChannels.map((c) => ({ name: c.name, url: c.url, niche: c.niche })),
        articles: data.selectedArticles,
        theme: data.selectedTheme ?? undefined,
        layoutStyle: data.layoutStyle,
        fontStyle: data.fontStyle,
        colorTheme: data.colorTheme,
      },
    };
    setState('saving');
    if (flagTimer.current) clearTimeout(flagTimer.current);
    // The first save creates the draft under the client id (a repeat returns the same row); later saves update it.
    const request = draftId
      ? utils.client.drafts.update.mutate({ id, ...body, publicationId }).catch((err: { data?: { httpStatus?: number } | null }) => {
          // The draft was deleted from Newsletters meanwhile: save it again as new.
          if (err?.data?.httpStatus === 404) return utils.client.drafts.create.mutate({ id: crypto.randomUUID(), ...body, publicationId });
          throw err;
        })
      : utils.client.drafts.create.mutate({ id, ...body, publicationId });
    const p = request
      .then((draft) => {
        savedHtml.current = body.htmlContent;
        rememberDraftId(publicationId, draft.id);
        setDraftId(draft.id);
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
  }, [assembled, data, draftId, publicationId, utils]);

  return { state, save, draftId };
}
