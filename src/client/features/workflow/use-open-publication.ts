// Resolves which publication the workflow edits (spec §2, §4, §5, §8): the address's publicationId or
// the validated session entry, confirmed by the server. An invalid entry is cleared; when nothing
// usable is left the user is sent to /publications. A corrupt or foreign entry never throws.
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { trpc } from '../../trpc';
import { clearStoredPublication, pickPublicationId, readStoredPublication, writeStoredPublication } from './stored-publication';
import type { Publication } from './types';

export type OpenState = { status: 'loading' } | { status: 'ready'; publication: Publication };

export function useOpenPublication(queryId: string | undefined): OpenState {
  const utils = trpc.useUtils();
  const navigate = useNavigate();
  const [state, setState] = useState<OpenState>({ status: 'loading' });
  const resolved = useRef<string | null>(null);

  useEffect(() => {
    // The address is rewritten to carry the id just resolved: nothing new to load.
    if (queryId && queryId === resolved.current) return;
    let cancelled = false;
    const stored = readStoredPublication();
    if (!stored) clearStoredPublication();
    const id = pickPublicationId(queryId, stored);
    const leave = () => {
      if (cancelled) return;
      clearStoredPublication();
      void navigate({ to: '/publications', replace: true });
    };
    if (!id) {
      leave();
      return;
    }
    utils.client.publications.get
      .query({ id })
      .then((publication) => {
        if (cancelled) return;
        resolved.current = publication.id;
        writeStoredPublication({ id: publication.id, name: publication.name });
        if (queryId !== publication.id) void navigate({ to: '/workflow', search: { publicationId: publication.id }, replace: true });
        setState({ status: 'ready', publication });
      })
      .catch(leave);
    return () => {
      cancelled = true;
    };
  }, [queryId, navigate, utils]);

  return state;
}
