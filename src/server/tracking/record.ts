// Recording opens and clicks of tracked sends, and telling machines from readers.
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
import type { JobQueue } from '../jobs/queue';
import { emitWebhook } from '../webhooks/emit';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db';
import { issueSends, sendLinks, sendRecipients, trackingEvents } from '../../../db/schema';
import type { ClickRef, OpenRef } from './tokens';

export const OPEN_PREFETCH_MS = 10_000;
export const CLICK_SCAN_MS = 10_000;

/** 17.0.0.0/8 is Apple's; also as an IPv4-mapped IPv6 address. */
export function isAppleAddress(ip: string): boolean {
  const v4 = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
  return /^17\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4);
}

const isBrowser = (ua: string) => /mozilla\//i.test(ua);
const isGoogleProxy = (ua: string) => /GoogleImageProxy/i.test(ua);

export interface RequestFacts {
  ip: string;
  userAgent: string;
  method: string;
  /** When the recipient's message was handed over (null when unknown). */
  sentAt: Date | null;
  at: Date;
}

const soonAfter = (f: RequestFacts, ms: number) => f.sentAt !== null && f.at.getTime() - f.sentAt.getTime() < ms;

export function isMachineOpen(f: RequestFacts): boolean {
  const ua = f.userAgent.trim();
  if (isGoogleProxy(ua)) return false;
  if (isAppleAddress(f.ip) || ua === 'Mozilla/5.0') return true;
  return soonAfter(f, OPEN_PREFETCH_MS) && !isBrowser(ua);
}

export function isMachineClick(f: RequestFacts): boolean {
  if (f.method === 'HEAD') return true;
  return soonAfter(f, CLICK_SCAN_MS) && !isBrowser(f.userAgent);
}

/**
 * Prepared statements per database: the redirect is the hot path of a send (every reader's every
 * click), so its four statements are built once and only executed per request.
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
    sentAt: db
      .select({ sentAt: sendRecipients.sentAt })
      .from(sendRecipients)
      .where(and(eq(sendRecipients.id, sql.placeholder('recipientId')), eq(sendRecipients.sendId, sendId)))
      .prepare(),
    insert: db
      .insert(trackingEvents)
      .values({
        sendId,
        recipientId: sql.placeholder('recipientId'),
        kind: sql.placeholder('kind'),
        linkPosition: sql.placeholder('position'),
        machine: sql.placeholder('machine'),
        at: sql.placeholder('at'),
      })
      .prepare(),
  };
}
type Statements = ReturnType<typeof prepareStatements>;
const prepared = new WeakMap<Db, Statements>();

function statements(db: Db): Statements {
  let s = prepared.get(db);
  if (!s) prepared.set(db, (s = prepareStatements(db)));
  return s;
}

/** The original address of a tracked link; 'gone' when the send no longer exists (deleted with its publication). */
export async function linkTarget(db: Db, ref: ClickRef): Promise<{ url: string } | 'gone' | null> {
  const st = statements(db);
  const [link] = await st.link.execute({ sendId: ref.sendId, position: ref.position });
  if (link) return link;
  const [send] = await st.send.execute({ sendId: ref.sendId });
  return send ? null : 'gone';
}

/**
 * Records a click (with the link's position) or an open (position null) of a recipient of the send,
 * flagged `machine` by that kind's heuristic; false when the recipient is not part of the send.
 */
async function recordEvent(db: Db, ref: OpenRef, position: number | null, facts: Omit<RequestFacts, 'sentAt'>): Promise<{ machine: boolean } | null> {
  const st = statements(db);
  const [row] = await st.sentAt.execute({ recipientId: ref.recipientId, sendId: ref.sendId });
  if (!row) return null;
  const f = { ...facts, sentAt: row.sentAt };
  const machine = position === null ? isMachineOpen(f) : isMachineClick(f);
  await st.insert.execute({ sendId: ref.sendId, recipientId: ref.recipientId, kind: position === null ? 'open' : 'click', position, machine, at: facts.at });
  return { machine };
}

/** Records a click; a reader's (not a machine's) is also sent to the account's webhooks as link.clicked. */
export async function recordClick(
  deps: { db: Db; queue: JobQueue; now: () => Date },
  ref: ClickRef,
  facts: Omit<RequestFacts, 'sentAt'>,
  url: string,
): Promise<boolean> {
  const recorded = await recordEvent(deps.db, ref, ref.position, facts);
  if (!recorded || recorded.machine) return !!recorded;
  const [who] = await deps.db
    .select({ userId: issueSends.userId, publicationId: issueSends.publicationId, email: sendRecipients.email })
    .from(sendRecipients)
    .innerJoin(issueSends, eq(issueSends.id, sendRecipients.sendId))
    .where(and(eq(sendRecipients.id, ref.recipientId), eq(sendRecipients.sendId, ref.sendId)));
  if (who)
    await emitWebhook(deps, who.userId, 'link.clicked', {
      sendId: ref.sendId,
      publicationId: who.publicationId,
      email: who.email,
      url,
      position: ref.position,
    });
  return true;
}

export const recordOpen = async (db: Db, ref: OpenRef, facts: Omit<RequestFacts, 'sentAt'>) => !!(await recordEvent(db, ref, null, facts));
