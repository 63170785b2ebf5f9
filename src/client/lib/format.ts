/** Dates in US English style: short month, numeric day and year (spec §9). */
export function formatDate(value: string | number | Date): string {
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return '';
  return d.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
}

export function initialOf(name: string | null | undefined, email?: string | null): string {
  const source = (name ?? '').trim() || (email ?? '').trim() || 'U';
  return source.charAt(0).toUpperCase();
}

// "Last saved" wording for lists: a relative phrase for the eye, the exact time for the tooltip.
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export function formatDateTime(value: string | number | Date): string {
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return '';
  return d.toLocaleString('en-US', { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' });
}

export function formatRelative(value: string | number | Date, now: number = Date.now()): string {
  const t = new Date(value).getTime();
  if (Number.isNaN(t)) return '';
  const diff = Math.max(0, now - t);
  if (diff < MINUTE) return 'just now';
  if (diff < HOUR) {
    const m = Math.floor(diff / MINUTE);
    return `${m} minute${m === 1 ? '' : 's'} ago`;
  }
  if (diff < DAY) {
    const h = Math.floor(diff / HOUR);
    return `${h} hour${h === 1 ? '' : 's'} ago`;
  }
  if (diff < 7 * DAY) {
    const d = Math.floor(diff / DAY);
    return `${d} day${d === 1 ? '' : 's'} ago`;
  }
  return new Date(t).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
}

/**
 * How sure a test is, as a percentage that never rounds up to certainty: a statistical test is never
 * 100 % sure, so above 99.9 % it says "over 99.9 %", and below it the figure is cut, not rounded
 * (0.956 is "95 %", 0.9995 is "over 99.9 %", 0.9949 is "99.4 %").
 */
export function formatConfidence(p: number): string {
  if (!(p >= 0)) return '—';
  if (p > 0.999) return 'over 99.9 %';
  if (p >= 0.99) return `${(Math.floor(p * 1000) / 10).toFixed(1)} %`;
  return `${Math.floor(p * 100)} %`;
}
