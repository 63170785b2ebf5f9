// Filling a rendered issue's per-recipient slots (newsletter/markers.ts). A template is split once into
// literal parts and slot names; each recipient's copy is one join, so cost grows with the size
// and not with re-rendering.
import { LINK_MARKER_SOURCE, MARKERS, type MarkerName } from '../newsletter/markers';

/** A slot is a named marker, or a tracked link's position (filled by the `link` callback). */
export type Slot = MarkerName | number;

export interface CompiledTemplate {
  parts: string[];
  slots: Slot[];
}

const NAMES = Object.keys(MARKERS) as MarkerName[];
const MARKER_RE = new RegExp([...NAMES.map((n) => MARKERS[n].replace(/[%]/g, '\\%')), LINK_MARKER_SOURCE].join('|'), 'g');
const BY_MARKER = new Map(NAMES.map((n) => [MARKERS[n] as string, n]));

export function compileTemplate(source: string): CompiledTemplate {
  const parts: string[] = [];
  const slots: Slot[] = [];
  let last = 0;
  for (const m of source.matchAll(MARKER_RE)) {
    parts.push(source.slice(last, m.index));
    slots.push(m[1] !== undefined ? Number(m[1]) : BY_MARKER.get(m[0])!);
    last = m.index + m[0].length;
  }
  parts.push(source.slice(last));
  return { parts, slots };
}

/**
 * One reader's copy: named slots from `values` (a marker the send does not use may be left out), link
 * slots from `link(position)`; without `link` a link slot stays empty, which no tracked send allows.
 */
export function fillTemplate(t: CompiledTemplate, values: Partial<Record<MarkerName, string>>, link?: (position: number) => string): string {
  let out = t.parts[0]!;
  for (let i = 0; i < t.slots.length; i++) {
    const slot = t.slots[i]!;
    out += (typeof slot === 'number' ? (link?.(slot) ?? '') : (values[slot] ?? '')) + t.parts[i + 1]!;
  }
  return out;
}

/** "Hi Ada," from the subscriber's name (its first word), "Hi there," without one. */
export function greetingFor(name: string): string {
  const first = name
    .replace(/[\u0000-\u001f\u007f]/g, ' ')
    .trim()
    .split(/\s+/)[0]
    ?.slice(0, 60);
  return first ? `Hi ${first},` : 'Hi there,';
}
