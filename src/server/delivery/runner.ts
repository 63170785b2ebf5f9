// Delivering one issue send: snapshot the recipients when delivery starts, then hand them to the
// account's provider chain in batches, recording each recipient's outcome the moment it is known.
// A crash leaves recipients 'pending' (never handed over) or 'sending' (handed over, outcome unknown);
// the next run resends both with the same Message-ID (see ARCHITECTURE.md on in-doubt messages).
// A chain that fails as a whole (outage, rate limit) puts the batch back and retries the job later.
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { Deps } from '../context';
import { affectedRows, type Db } from '../db';
import { issueSends, publications, sendRecipients, subscribers, suppressions, type IssueSendRow, type SendRecipientRow } from '../../../db/schema';
import { mailboxAddress, mailboxWithName, cleanHeader } from '../mail/headers';
import type { JobQueue, ClaimedJob } from '../jobs/queue';
import { chainFor } from '../mail/chain';
import type { OutgoingMessage } from '../mail/transport';
import { deliver } from '../mail/deliver';
import { compileTemplate, fillTemplate, greetingFor, type CompiledTemplate } from './personalize';
import { escapeHtml } from '../xml';
import { unsubscribeLinks } from './unsubscribe';
import { archiveUrl } from './archive';
import { Pace } from '../mail/pace';
import { clickToken, openToken } from '../tracking/tokens';

export type RunnerDeps = Pick<Deps, 'db' | 'env' | 'log' | 'now'>;

/** Recipients taken from the database at a time (then split into provider batches). */
const CHUNK = 500;
/** A recipient a provider turned away this many times (temporary refusals) is marked failed. */
const MAX_ATTEMPTS = 5;
/** Waits between runs while every provider fails: 30 s, 1 min, 2 min ... at most 15 min. */
export const outageDelayMs = (attempt: number) => Math.min(30_000 * 2 ** Math.max(0, attempt - 1), 15 * 60_000);

/** Freezes who gets the issue: active subscribers not on the account's suppression list. */
export function snapshotRecipients(db: Db, send: IssueSendRow, now: Date): number {
  return db.transaction((tx) => {
    const res = tx.run(sql`
      INSERT INTO ${sendRecipients} (send_id, subscriber_id, email, name, status)
      SELECT ${send.id}, ${subscribers.id}, ${subscribers.email}, ${subscribers.name}, 'pending'
      FROM ${subscribers}
      WHERE ${subscribers.publicationId} = ${send.publicationId} AND ${subscribers.status} = 'active'
        AND NOT EXISTS (SELECT 1 FROM ${suppressions} WHERE ${suppressions.userId} = ${send.userId} AND ${suppressions.email} = ${subscribers.email})
      ORDER BY ${subscribers.createdAt}
      ON CONFLICT DO NOTHING`);
    const total = affectedRows(res);
    tx.update(issueSends).set({ status: 'sending', total, startedAt: now }).where(eq(issueSends.id, send.id)).run();
    return total;
  });
}

interface Prepared {
  html: CompiledTemplate;
  text: CompiledTemplate;
  from: string;
  domain: string;
  webUrl: string;
  listId: string;
}

function prepare(deps: RunnerDeps, send: IssueSendRow): Prepared {
  const domain = mailboxAddress(deps.env.MAIL_FROM).split('@')[1] ?? 'localhost';
  const pub = deps.db.select({ name: publications.name }).from(publications).where(eq(publications.id, send.publicationId)).get();
  const listName = cleanHeader(pub?.name ?? send.fromName).replace(/[<>"]/g, '');
  return {
    html: compileTemplate(send.html),
    text: compileTemplate(send.text),
    from: mailboxWithName(send.fromName, deps.env.MAIL_FROM),
    domain,
    webUrl: archiveUrl(deps, send),
    listId: `${listName} <${send.publicationId.toLowerCase().replace(/[^a-z0-9-]/g, '-')}.list.${domain}>`,
  };
}

export function buildMessage(
  deps: RunnerDeps,
  send: IssueSendRow,
  p: Prepared,
  r: Pick<SendRecipientRow, 'id' | 'email' | 'name' | 'subscriberId'>,
): OutgoingMessage {
  const links = unsubscribeLinks(deps, r.subscriberId ?? '', send.id, p.domain);
  const greeting = greetingFor(r.name);
  const secret = deps.env.APP_SECRET;
  const base = deps.env.APP_URL;
  // Tracked sends: each link and the pixel carry this reader's signed token (tokens are base64url,
  // so they need no escaping in an attribute).
  const openPixel = send.trackOpens ? `${base}/t/o/${openToken(secret, { sendId: send.id, recipientId: r.id })}.gif` : '';
  const link = send.trackClicks ? (position: number) => `${base}/t/c/${clickToken(secret, { sendId: send.id, recipientId: r.id, position })}` : undefined;
  return {
    to: r.email,
    toName: r.name || undefined,
    from: p.from,
    replyTo: send.replyTo,
    subject: send.subject,
    html: fillTemplate(
      p.html,
      { greeting: escapeHtml(greeting), unsubscribeUrl: escapeHtml(links.url), webUrl: escapeHtml(p.webUrl), openPixel: escapeHtml(openPixel) },
      link,
    ),
    text: fillTemplate(p.text, { greeting, unsubscribeUrl: links.url, webUrl: p.webUrl }),
    headers: {
      'List-Unsubscribe': `<${links.url}>, <${links.mailto}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      'List-Id': p.listId,
    },
    messageId: `<${send.id}.${r.id}@${p.domain}>`,
    tags: { sendId: send.id, recipientId: String(r.id) },
  };
}

export type RunOutcome = 'done' | 'retry' | 'lost' | 'canceled';

/**
 * Runs (or resumes) one send while this worker holds the job's lease. Returns what the worker should
 * do with the job: done, retry later (every provider failed), lost (the lease went to someone else).
 */
export async function runSend(
  deps: RunnerDeps,
  sendId: string,
  opts: { keepLease: () => boolean; onProgress?: () => void },
): Promise<{ outcome: RunOutcome; error?: string }> {
  const { db } = deps;
  let send = db.select().from(issueSends).where(eq(issueSends.id, sendId)).get();
  if (!send || send.status === 'canceled' || send.status === 'sent' || send.status === 'failed') return { outcome: 'canceled' };
  if (send.status === 'scheduled' || !send.startedAt) {
    snapshotRecipients(db, send, deps.now());
    send = db.select().from(issueSends).where(eq(issueSends.id, sendId)).get()!;
  }
  // Recipients handed to a provider by a run that died: their outcome is unknown, so they go again.
  db.update(sendRecipients)
    .set({ status: 'pending' })
    .where(and(eq(sendRecipients.sendId, sendId), eq(sendRecipients.status, 'sending')))
    .run();

  const chain = chainFor(deps, send.userId);
  const prepared = prepare(deps, send);
  const lead = chain[0]!;
  const pace = new Pace(lead.transport.ratePerSecond);
  const batchSize = Math.max(1, lead.transport.maxBatch);
  const lanes = Math.max(1, lead.transport.concurrency);

  const client = db.$client;
  const markSent = client.prepare(`UPDATE send_recipients SET status = 'sent', provider = ?, provider_message_id = ?, sent_at = ?, error = NULL WHERE id = ?`);
  const markFailed = client.prepare(`UPDATE send_recipients SET status = 'failed', provider = ?, error = ? WHERE id = ?`);
  const markRetry = client.prepare(
    `UPDATE send_recipients SET status = CASE WHEN attempts >= ${MAX_ATTEMPTS} THEN 'failed' ELSE 'pending' END, provider = ?, error = ? WHERE id = ?`,
  );
  // An outage is not the recipient's fault: the attempt is given back.
  const markPending = client.prepare(`UPDATE send_recipients SET status = 'pending', attempts = attempts - 1 WHERE id = ?`);

  let outage = null as string | null;
  for (;;) {
    if (!opts.keepLease()) return { outcome: 'lost' };
    const chunk = db
      .select()
      .from(sendRecipients)
      .where(and(eq(sendRecipients.sendId, sendId), eq(sendRecipients.status, 'pending')))
      .orderBy(sendRecipients.id)
      .limit(CHUNK)
      .all();
    if (!chunk.length) break;
    const ready = filterSuppressed(db, send, chunk);
    if (!ready.length) continue;
    db.update(sendRecipients)
      .set({ status: 'sending', attempts: sql`${sendRecipients.attempts} + 1` })
      .where(
        inArray(
          sendRecipients.id,
          ready.map((r) => r.id),
        ),
      )
      .run();

    const batches: SendRecipientRow[][] = [];
    for (let i = 0; i < ready.length; i += batchSize) batches.push(ready.slice(i, i + batchSize));
    let next = 0;
    const lane = async () => {
      while (next < batches.length && !outage) {
        const batch = batches[next++]!;
        const messages = batch.map((r) => buildMessage(deps, send, prepared, r));
        await pace.take(messages.length);
        // Each provider gets its retries with backoff, then the next takes over (mail/deliver.ts).
        const outcome = await deliver(chain, messages, { log: (l) => deps.log.warn(l) });
        if (outcome.outage) {
          outage = outcome.outage;
          for (const r of batch) markPending.run(r.id);
        } else {
          const at = deps.now().getTime();
          outcome.results.forEach(({ result: res, entry }, i) => {
            const r = batch[i]!;
            const kind = entry?.kind ?? 'none';
            if (res.ok) markSent.run(kind, res.providerMessageId, at, r.id);
            else if (res.retryable) markRetry.run(kind, res.error.slice(0, 500), r.id);
            else markFailed.run(kind, res.error.slice(0, 500), r.id);
          });
        }
        opts.onProgress?.();
      }
    };
    await Promise.all(Array.from({ length: lanes }, lane));
    if (outage) break;
  }
  // Anything this run marked but did not hand over goes back, so the next run picks it up.
  db.update(sendRecipients)
    .set({ status: 'pending' })
    .where(and(eq(sendRecipients.sendId, sendId), eq(sendRecipients.status, 'sending')))
    .run();
  if (outage) {
    db.update(issueSends)
      .set({ lastError: outage.slice(0, 1000) })
      .where(eq(issueSends.id, sendId))
      .run();
    return { outcome: 'retry', error: outage };
  }
  const counts = db
    .select({ sent: sql<number>`sum(CASE WHEN ${sendRecipients.status} = 'sent' THEN 1 ELSE 0 END)`.mapWith(Number), all: count() })
    .from(sendRecipients)
    .where(eq(sendRecipients.sendId, sendId))
    .get();
  const failedAll = (counts?.all ?? 0) > 0 && (counts?.sent ?? 0) === 0;
  db.update(issueSends)
    .set({ status: failedAll ? 'failed' : 'sent', finishedAt: deps.now(), lastError: null })
    .where(eq(issueSends.id, sendId))
    .run();
  deps.log.info(`issue send ${sendId} finished: ${counts?.sent ?? 0} of ${counts?.all ?? 0} sent`);
  return { outcome: 'done' };
}

/** Drops recipients who unsubscribed or were suppressed after the snapshot. */
function filterSuppressed(db: Db, send: IssueSendRow, chunk: SendRecipientRow[]): SendRecipientRow[] {
  const emails = chunk.map((r) => r.email);
  const blocked = new Set(
    db
      .select({ email: suppressions.email })
      .from(suppressions)
      .where(and(eq(suppressions.userId, send.userId), inArray(suppressions.email, emails)))
      .all()
      .map((r) => r.email),
  );
  const left = new Set(
    db
      .select({ id: subscribers.id })
      .from(subscribers)
      .where(
        and(
          inArray(
            subscribers.id,
            chunk.map((r) => r.subscriberId ?? ''),
          ),
          sql`${subscribers.status} != 'active'`,
        ),
      )
      .all()
      .map((r) => r.id),
  );
  const skip = chunk.filter((r) => blocked.has(r.email) || (r.subscriberId && left.has(r.subscriberId)));
  if (skip.length) {
    db.update(sendRecipients)
      .set({ status: 'suppressed', error: 'Unsubscribed or suppressed before delivery' })
      .where(
        inArray(
          sendRecipients.id,
          skip.map((r) => r.id),
        ),
      )
      .run();
  }
  const skipped = new Set(skip.map((r) => r.id));
  return chunk.filter((r) => !skipped.has(r.id));
}

/** Handles one claimed job: runs the send and settles the job by the outcome. */
export async function handleSendJob(deps: RunnerDeps, queue: JobQueue, job: ClaimedJob, worker: string, leaseMs: number): Promise<RunOutcome> {
  const sendId = String(job.payload.sendId ?? '');
  let owned = true;
  const beat = setInterval(
    () => {
      owned = queue.heartbeat(job.id, worker, leaseMs);
    },
    Math.max(200, Math.floor(leaseMs / 3)),
  );
  beat.unref();
  try {
    const { outcome, error } = await runSend(deps, sendId, { keepLease: () => owned });
    if (outcome === 'done' || outcome === 'canceled') queue.complete(job.id, worker);
    else if (outcome === 'retry') queue.fail(job.id, worker, error ?? 'retry', new Date(deps.now().getTime() + outageDelayMs(job.attempts)));
    return outcome;
  } catch (err) {
    deps.log.error(`issue send ${sendId} stopped`, err);
    queue.fail(job.id, worker, (err as Error).message ?? 'error', new Date(deps.now().getTime() + outageDelayMs(job.attempts)));
    return 'retry';
  } finally {
    clearInterval(beat);
  }
}
