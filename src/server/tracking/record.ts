// Where a tracked link leads, and telling machines from readers (recorder.ts writes the events).
//
// Heuristics (a machine event is kept, flagged `machine`, and left out of human-likely figures):
// - Apple Mail Privacy Protection fetches every image of every message through Apple's proxy, whether
//   or not the reader opens it: requests from 17.0.0.0/8 (Apple's network) or with the proxy's bare
//   "Mozilla/5.0" user agent are machine opens.
// - An open within OPEN_PREFETCH_MS of delivery by something that is not a browser (no "Mozilla/" in
//   its user agent) is a prefetch or a security scanner, not a reader.
// - Gmail's image proxy (GoogleImageProxy) fetches when the reader opens the message: counted human.
// - Clicks: HEAD requests (link checkers) and clicks within CLICK_SCAN_MS of delivery by a non-browser
//   user agent (mail security scanners follow every link on arrival) are machine clicks. They still
//   get the redirect.
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db';
import { issueSends, sendLinks } from '../../../db/schema';
import type { ClickRef } from './tokens';

export const OPEN_PREFETCH_MS = 10_000;
export const CLICK_SCAN_MS = 10_000;

/** 17.0.0.0/8 is Apple's; also as an IPv4-mapped IPv6 address. */
export function isAppleAddress(ip: string): boolean {
  const v4 = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
  return /^17\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4);
}

export interface RequestFacts {
  ip: string;
  userAgent: string;
  method: string;
  /** When the recipient's message was handed over (null when unknown). */
  sentAt: Date | null;
  at: Date;
}

/** What the heuristics read of a request, taken when it is answered (the user agent itself is not kept). */
export interface Signals {
  head: boolean;
  /** Apple's network, or the privacy proxy's bare "Mozilla/5.0". */
  apple: boolean;
  googleProxy: boolean;
  browser: boolean;
}

export function signalsOf(f: Pick<RequestFacts, 'ip' | 'userAgent' | 'method'>): Signals {
  const ua = f.userAgent.trim();
  return {
    head: f.method === 'HEAD',
    apple: isAppleAddress(f.ip) || ua === 'Mozilla/5.0',
    googleProxy: /GoogleImageProxy/i.test(ua),
    browser: /mozilla\//i.test(ua),
  };
}

const soonAfter = (at: Date, sentAt: Date | null, ms: number) => sentAt !== null && at.getTime() - sentAt.getTime() < ms;

/** The kind's heuristic on a request's signals, given when its recipient's message was handed over. */
export function isMachine(kind: 'open' | 'click', s: Signals, at: Date, sentAt: Date | null): boolean {
  if (kind === 'click') return s.head || (soonAfter(at, sentAt, CLICK_SCAN_MS) && !s.browser);
  if (s.googleProxy) return false;
  if (s.apple) return true;
  return soonAfter(at, sentAt, OPEN_PREFETCH_MS) && !s.browser;
}

export const isMachineOpen = (f: RequestFacts) => isMachine('open', signalsOf(f), f.at, f.sentAt);
export const isMachineClick = (f: RequestFacts) => isMachine('click', signalsOf(f), f.at, f.sentAt);

/**
 * Prepared statements per database: the redirect is the hot path of a send (every reader's every
 * click), so its statements are built once and only executed per request.
 */
function prepareStatements(db: Db) {
  const sendId = sql.placeholder('sendId');
  return {
    link: db
      .select({ url: sendLinks.url })
      .from(sendLinks)
      .where(and(eq(sendLinks.sendId, sendId), eq(sendLinks.position, sql.placeholder('position'))))
      .prepare(),
    send: db.select({ id: issueSends.id }).from(issueSends).where(eq(issueSends.id, sendId)).prepare(),
  };
}
type Statements = ReturnType<typeof prepareStatements>;
const prepared = new WeakMap<Db, Statements>();

function statements(db: Db): Statements {
  let s = prepared.get(db);
  if (!s) prepared.set(db, (s = prepareStatements(db)));
  return s;
}

/**
 * Links of a send are frozen when it starts, so the redirect answers from memory once a link was asked:
 * at most LINK_CACHE links per process, each for LINK_TTL_MS (a send deleted since then still redirects
 * there for at most that long, then answers 410). Saves the click its one query (a round trip on Postgres).
 */
export const LINK_CACHE = 10_000;
export const LINK_TTL_MS = 30_000;
const linkCache = new WeakMap<Db, Map<string, { url: string; until: number }>>();

/** The original address of a tracked link; 'gone' when the send no longer exists (deleted with its publication). */
export async function linkTarget(db: Db, ref: ClickRef): Promise<{ url: string } | 'gone' | null> {
  let cache = linkCache.get(db);
  if (!cache) linkCache.set(db, (cache = new Map()));
  const key = `${ref.sendId}.${ref.position}`;
  const now = performance.now();
  const hit = cache.get(key);
  if (hit && hit.until > now) return { url: hit.url };
  const st = statements(db);
  const [link] = await st.link.execute({ sendId: ref.sendId, position: ref.position });
  if (link) {
    cache.delete(key);
    // Oldest first: a full cache lets its oldest entry go.
    if (cache.size >= LINK_CACHE) cache.delete(cache.keys().next().value!);
    cache.set(key, { url: link.url, until: now + LINK_TTL_MS });
    return link;
  }
  const [send] = await st.send.execute({ sendId: ref.sendId });
  return send ? null : 'gone';
}
