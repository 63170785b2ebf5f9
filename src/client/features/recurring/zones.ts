// Time zones for the recurring schedule: the picker's choices, what a typed name means, and a moment
// shown in a zone.
export function inZone(iso: string, zone: string) {
  return new Intl.DateTimeFormat('en-GB', { dateStyle: 'full', timeStyle: 'short', timeZone: zone }).format(new Date(iso));
}

export const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** Every IANA zone the browser knows, the browser's own and the saved one first. */
export function zoneChoices(saved: string): string[] {
  const all = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [...new Set([saved, browserZone(), 'UTC', ...all])];
}

/**
 * The zone typed into the searchable picker: its id in any case, with spaces for underscores, or a city
 * alone when only one zone has it ("berlin" is Europe/Berlin). Null until it names one.
 */
export function zoneOf(typed: string, zones: readonly string[]): string | null {
  const t = typed.trim().toLowerCase().replace(/\s+/g, '_');
  if (!t) return null;
  const exact = zones.find((z) => z.toLowerCase() === t);
  if (exact) return exact;
  const byCity = zones.filter((z) => z.toLowerCase().split('/').pop() === t);
  return byCity.length === 1 ? byCity[0]! : null;
}
