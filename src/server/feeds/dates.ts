// Feed dates: RFC 822/1123 and ISO 8601, plus the broken forms real feeds send (missing or named
// zones, two-digit years, missing seconds, ordinal days, full month names, dotted dates).
const ZONES: Record<string, string> = {
  UT: '+0000',
  UTC: '+0000',
  GMT: '+0000',
  Z: '+0000',
  EST: '-0500',
  EDT: '-0400',
  CST: '-0600',
  CDT: '-0500',
  MST: '-0700',
  MDT: '-0600',
  PST: '-0800',
  PDT: '-0700',
  BST: '+0100',
  CET: '+0100',
  CEST: '+0200',
  EET: '+0200',
  EEST: '+0300',
  IST: '+0530',
  JST: '+0900',
  AEST: '+1000',
  AEDT: '+1100',
  NZST: '+1200',
  NZDT: '+1300',
};
const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

const MIN_TIME = Date.UTC(1990, 0, 1);

/** Milliseconds since the epoch, or null when the text is not a plausible date. */
export function parseFeedDate(raw: string | null | undefined, now = Date.now()): number | null {
  if (!raw) return null;
  const s = raw.trim().replace(/\s+/g, ' ');
  if (!s) return null;
  const t = iso(s) ?? rfc822(s) ?? fallback(s);
  if (t === null || Number.isNaN(t) || t < MIN_TIME) return null;
  // A date more than a day ahead is a zone or typing mistake on a new item: it is shown as new, not
  // pinned above everything for months.
  return t > now + 86_400_000 ? now : t;
}

function iso(s: string): number | null {
  const m = /^(\d{4})-?(\d{2})-?(\d{2})(?:[T ](\d{2}):?(\d{2})(?::?(\d{2})(?:[.,]\d+)?)?)?\s*(Z|[+-]\d{2}:?\d{2}|[+-]\d{2})?$/i.exec(s);
  if (!m) return null;
  const [, y, mo, d, h = '00', mi = '00', sec = '00', zone] = m;
  const base = Date.UTC(+y, +mo - 1, +d, +h, +mi, +sec);
  return base - zoneOffsetMs(zone ?? 'Z');
}

function rfc822(s: string): number | null {
  // "Mon, 02 Jun 2025 10:00:00 GMT", "2 June 2025 10:00 +0100", "Mon, 2 Jun 25 10:00:00 EST", "Jun 2nd, 2025"
  const m =
    /^(?:[a-z]{3,9},?\s*)?(\d{1,2})(?:st|nd|rd|th)?[\s-]+([a-z]{3,9})\.?[\s-]+(\d{2,4})(?:,?\s+(\d{1,2}):(\d{2})(?::(\d{2}))?)?\s*(?:([a-z]{1,5}|[+-]\d{2}:?\d{2}))?/i.exec(
      s,
    );
  if (!m) return null;
  const [, d, monName, yRaw, h = '00', mi = '00', sec = '00', zone] = m;
  const mo = MONTHS.indexOf(monName.slice(0, 3).toLowerCase());
  if (mo < 0) return null;
  let y = +yRaw;
  if (yRaw.length === 2) y += y < 70 ? 2000 : 1900;
  const base = Date.UTC(y, mo, +d, +h, +mi, +sec);
  return base - zoneOffsetMs(zone ?? 'GMT');
}

function fallback(s: string): number | null {
  // "Jun 2, 2025 10:00", "2025/06/02 10:00", "02.06.2025": let the engine try, then dotted European dates.
  const dotted = /^(\d{1,2})\.(\d{1,2})\.(\d{4})(?:\s+(\d{1,2}):(\d{2}))?/.exec(s);
  if (dotted) return Date.UTC(+dotted[3], +dotted[2] - 1, +dotted[1], +(dotted[4] ?? 0), +(dotted[5] ?? 0));
  const t = Date.parse(s.replace(/(\d)(st|nd|rd|th)\b/, '$1'));
  return Number.isNaN(t) ? null : t;
}

function zoneOffsetMs(zone: string): number {
  const z = zone.toUpperCase();
  const named = ZONES[z];
  const text = named ?? (/^[+-]\d{2}:?\d{2}$|^[+-]\d{2}$/.test(z) ? z : '+0000');
  const sign = text[0] === '-' ? -1 : 1;
  const digits = text.slice(1).replace(':', '').padEnd(4, '0');
  return sign * (+digits.slice(0, 2) * 60 + +digits.slice(2, 4)) * 60_000;
}
