// Filling a rendered issue's per-recipient slots (newsletter/markers.ts). A template is split once into
// literal parts and slot names; each recipient's copy is one join, so cost grows with the size
// and not with re-rendering.
import { MARKERS, type MarkerName } from '../newsletter/markers';

export interface CompiledTemplate {
  parts: string[];
  slots: MarkerName[];
}

const NAMES = Object.keys(MARKERS) as MarkerName[];
const MARKER_RE = new RegExp(NAMES.map((n) => MARKERS[n].replace(/[%]/g, '\\%')).join('|'), 'g');
const BY_MARKER = new Map(NAMES.map((n) => [MARKERS[n] as string, n]));

export function compileTemplate(source: string): CompiledTemplate {
  const parts: string[] = [];
  const slots: MarkerName[] = [];
  let last = 0;
  for (const m of source.matchAll(MARKER_RE)) {
    parts.push(source.slice(last, m.index));
    slots.push(BY_MARKER.get(m[0])!);
    last = m.index + m[0].length;
  }
  parts.push(source.slice(last));
  return { parts, slots };
}

export function fillTemplate(t: CompiledTemplate, values: Record<MarkerName, string>): string {
  let out = t.parts[0]!;
  for (let i = 0; i < t.slots.length; i++) out += values[t.slots[i]!] + t.parts[i + 1]!;
  return out;
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (v: string) => v.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);

/** "Hi Ada," from the subscriber's name (its first word), "Hi there," without one. */
export function greetingFor(name: string): string {
  const first = name
    .replace(/[\u0000-\u001f\u007f]/g, ' ')
    .trim()
    .split(/\s+/)[0]
    ?.slice(0, 60);
  return first ? `Hi ${first},` : 'Hi there,';
}
