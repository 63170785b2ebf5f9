// The hand-over from /publications to the workflow page: the chosen publication is kept in
// sessionStorage ('selectedPublication', spec §2 workflow) and its id travels in the URL, so a lost or
// corrupt stored entry can be recovered from the server.
// Reading and validating the entry is the workflow's side (features/workflow/stored-publication.ts).
import type { useNavigate } from '@tanstack/react-router';
import { SELECTED_PUBLICATION_KEY } from '../workflow';

export interface SelectedPublication {
  id: string;
  name: string;
  [key: string]: unknown;
}

type Navigate = ReturnType<typeof useNavigate>;

export function workflowHref(publicationId: string): string {
  return `/workflow?publicationId=${encodeURIComponent(publicationId)}`;
}

export function storeSelectedPublication(publication: SelectedPublication): void {
  try {
    sessionStorage.setItem(SELECTED_PUBLICATION_KEY, JSON.stringify(publication));
  } catch {
    // Storage full or disabled: the publicationId in the URL still lets the workflow page recover.
  }
}

export function openPublication(publication: SelectedPublication, navigate: Navigate): Promise<void> {
  storeSelectedPublication(publication);
  return navigate({ href: workflowHref(publication.id) });
}
