// The hand-over from /publications to the workflow page: the chosen publication is kept in
// sessionStorage ('selectedPublication', spec §2 workflow) and its id travels in the URL, so a lost or
// corrupt stored entry can be recovered from the server.
import type { useNavigate } from '@tanstack/react-router';

export const SELECTED_PUBLICATION_KEY = 'selectedPublication';

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

/**
 * The stored entry if it is valid (spec §5): a non-empty object with a non-blank string id; the literal
 * strings 'undefined' and 'null', blank text and unparsable JSON are invalid. Never throws.
 */
export function readSelectedPublication(): SelectedPublication | null {
  let raw: string | null;
  try {
    raw = sessionStorage.getItem(SELECTED_PUBLICATION_KEY);
  } catch {
    return null;
  }
  if (raw === null) return null;
  const text = raw.trim();
  if (!text || text === 'undefined' || text === 'null') return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed) || Object.keys(parsed).length === 0) return null;
  const entry = parsed as Record<string, unknown>;
  if (typeof entry.id !== 'string') return null;
  const id = entry.id.trim();
  if (!id || id === 'undefined' || id === 'null') return null;
  return { ...entry, id, name: typeof entry.name === 'string' ? entry.name : '' };
}

export function clearSelectedPublication(): void {
  try {
    sessionStorage.removeItem(SELECTED_PUBLICATION_KEY);
  } catch {
    // Nothing stored can be read either, so there is nothing to clear.
  }
}
