// How each entry of a reader's history reads: a readable sentence for every kind of reader event
// (READER_EVENT_KINDS), sends, opens, clicks and bounces, and the details worth a second line.
import type { ReaderEventKind } from '../../../shared/schemas/readers';
import type { RouterOutputs } from '../../trpc';

type Item = RouterOutputs['readers']['history']['items'][number];
type Tone = 'neutral' | 'success' | 'warning' | 'danger';

export const TONE_BY_STATUS: Record<string, Tone> = {
  pending: 'warning',
  active: 'success',
  unsubscribed: 'neutral',
  bounced: 'danger',
  complained: 'danger',
};

const JOINED: Record<string, string> = {
  signup: 'Subscribed on the signup page',
  form: 'Subscribed through a signup form',
  import: 'Added from a CSV import',
  manual: 'Added by you',
  api: 'Added through the API',
};

const EVENT: Record<ReaderEventKind, string> = {
  subscribed: 'Subscribed',
  confirmed: 'Confirmed their address',
  unsubscribed: 'Unsubscribed',
  bounced: 'Their address bounced; no more issues are sent to it',
  complained: 'Reported an issue as spam; no more issues are sent to them',
  preferences: 'Changed their preferences',
  tagged: 'Tagged',
  untagged: 'Tag removed',
  welcome: 'Welcome mail sent',
  removed: 'Removed from the list by you',
};

/** Keys already said by the sentence, or internal. */
const SAID = new Set(['again', 'active', 'via', 'sendId', 'by']);

const plain = (v: unknown): string | null => {
  if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (Array.isArray(v) && v.every((x) => typeof x === 'string' || typeof x === 'number')) return v.join(', ');
  return null;
};

/** The event's details as one line of text: "format: text · tag: rust". */
function detailLine(detail: Record<string, unknown> | null): string | null {
  if (!detail) return null;
  const parts = Object.entries(detail)
    .filter(([k]) => !SAID.has(k))
    .map(([k, v]) => [k.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase(), plain(v)] as const)
    .filter(([, v]) => v !== null && v !== '')
    .map(([k, v]) => `${k}: ${v}`);
  return parts.length ? parts.join(' · ') : null;
}

const quoted = (s: string) => `“${s}”`;

export function eventText(i: Item): { title: string; detail: string | null; badge?: string } {
  switch (i.type) {
    case 'event': {
      let title = EVENT[i.kind] ?? i.kind;
      if (i.kind === 'subscribed') title = i.detail?.again ? 'Subscribed again on the signup page' : (JOINED[i.source] ?? title);
      if (i.kind === 'unsubscribed')
        title =
          i.source === 'creator'
            ? 'Marked as unsubscribed by you'
            : i.detail?.via === 'one-click'
              ? 'Unsubscribed from their mail app'
              : 'Unsubscribed with the link in an issue';
      if ((i.kind === 'bounced' || i.kind === 'complained') && i.source === 'creator') title = 'Put on your suppression list by you';
      return { title, detail: detailLine(i.detail) };
    }
    case 'send': {
      const s = quoted(i.subject);
      const title =
        i.status === 'sent'
          ? `Sent ${s}`
          : i.status === 'failed'
            ? `${s} could not be sent`
            : i.status === 'suppressed'
              ? `${s} not sent: the address is suppressed`
              : `${s} is on its way`;
      return { title, detail: null };
    }
    case 'open':
      return { title: `Opened ${quoted(i.subject)}`, detail: null, badge: i.machine ? 'machine' : 'human-likely' };
    case 'click':
      return { title: `Clicked a link in ${quoted(i.subject)}`, detail: i.url, badge: i.machine ? 'machine' : 'human-likely' };
    case 'mail':
      return {
        title: i.kind === 'bounced' ? `${quoted(i.subject ?? 'An issue')} bounced` : `Reported ${quoted(i.subject ?? 'an issue')} as spam`,
        detail: i.detail,
      };
  }
}

export const itemTone = (i: Item): Tone => ((i.type === 'open' || i.type === 'click') && !i.machine ? 'success' : 'neutral');
