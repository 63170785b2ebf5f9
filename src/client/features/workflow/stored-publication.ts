// The workflow's reading side of session storage (spec §4, §5): the publication the user opened is kept
// under 'selectedPublication'. An entry is usable only when it is a non-empty object with a non-blank id
// that is not the literal 'undefined' or 'null'; anything else is cleared, never trusted.

export const SELECTED_PUBLICATION_KEY = 'selectedPublication';

export interface StoredPublication {
  id: string;
  name?: string;
}

const BOGUS = new Set(['', 'undefined', 'null']);

/** Validates a raw stored value (the string from sessionStorage). Returns null for anything unusable. */
export function parseStoredPublication(raw: string | null | undefined): StoredPublication | null {
  if (typeof raw !== 'string' || BOGUS.has(raw.trim())) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!value || typeof value !== 'object' || Array.isArray(value) || Object.keys(value).length === 0) return null;
  const { id, name } = value as { id?: unknown; name?: unknown };
  if (typeof id !== 'string' || BOGUS.has(id.trim())) return null;
  return { id: id.trim(), name: typeof name === 'string' ? name : undefined };
}

/** Storage may be unavailable (privacy modes) or hold anything: every access is guarded. */
export function readStoredPublication(): StoredPublication | null {
  try {
    return parseStoredPublication(window.sessionStorage.getItem(SELECTED_PUBLICATION_KEY));
  } catch {
    return null;
  }
}

export function writeStoredPublication(p: StoredPublication) {
  try {
    window.sessionStorage.setItem(SELECTED_PUBLICATION_KEY, JSON.stringify({ id: p.id, name: p.name }));
  } catch {
    // Without storage the publicationId in the address still identifies the publication.
  }
}

export function clearStoredPublication() {
  try {
    window.sessionStorage.removeItem(SELECTED_PUBLICATION_KEY);
  } catch {
    // Nothing to clear when storage is unavailable.
  }
}

/**
 * Which publication to load: the address's publicationId wins (it is how a corrupt entry is
 * recovered and how a link is shared between tabs); otherwise the valid stored entry; otherwise none.
 */
export function pickPublicationId(queryId: string | undefined, stored: StoredPublication | null): string | null {
  const q = queryId?.trim();
  if (q && !BOGUS.has(q)) return q;
  return stored?.id ?? null;
}
