// Product newsletters: staff write to the accounts that opted in to product news (/settings). Every
// staff role composes, previews, saves drafts and sends a test to themselves; only admins send. Sending
// takes the recipients at that moment (opted in, not disabled) into product_newsletter_recipients and
// queues one job; the job marks each recipient 'sending' before the provider call and its outcome
// after, so a crash and a retry never mail anyone twice (a recipient caught mid-call ends as failed).
import crypto from 'node:crypto';
import { and, count, desc, eq, isNull } from 'drizzle-orm';
import type { Deps } from '../context';
import { tx, type DbOrTx } from '../db';
import { locks } from '../locks';
import type { SessionUser } from '../auth/service';
import { productNewsletterRecipients, productNewsletters, users, type ProductNewsletterRow } from '../../../db/schema';
import { AppError } from '../errors';
import { normalizeRole } from '../../shared/plans';
import { recordAudit, type Actor } from '../user/audit';
import type { DraftInput, SetOptInInput } from '../../shared/schemas/product-news';
import { productName, productMessage, renderProductEmail } from './email';
import { productUnsubscribeUrl } from './unsubscribe';
import { sendProductMessages, sendTestToSelf } from './send';
import { PRODUCT_NEWS_JOB } from './kinds';

export const PRODUCT_NEWS_MSG = {
  adminOnly: 'Only admins send product newsletters. Managers and supervisors can write, preview and test.',
  notFound: 'Newsletter not found',
  notDraft: 'This newsletter has already been sent.',
  noRecipients: 'Nobody has opted in to product news yet.',
  interrupted: 'Interrupted while sending; not sent again so nobody gets it twice.',
} as const;

type Ctx = Pick<Deps, 'db' | 'env' | 'log' | 'now' | 'limiter' | 'queue' | 'delivery'> & { user: SessionUser; ip: string };
const actorOf = (ctx: Ctx): Actor => ({ id: ctx.user.id, email: ctx.user.email, ip: ctx.ip });

const reason = (env: Ctx['env']) => `You get this e-mail because you turned on product news from ${productName(env)} in your settings.`;

export function renderNewsletter(env: Ctx['env'], userId: string, n: { subject: string; markdown: string }, unsubscribeUrl?: string) {
  return renderProductEmail(env, {
    subject: n.subject,
    markdown: n.markdown,
    reason: reason(env),
    unsubscribeUrl: unsubscribeUrl ?? productUnsubscribeUrl(env, 'news', userId),
  });
}

const eligible = and(eq(users.productNewsOptIn, true), isNull(users.disabledAt));

export async function optedInCount(ctx: Pick<Ctx, 'db'>) {
  const [{ n } = { n: 0 }] = await ctx.db.select({ n: count() }).from(users).where(eligible);
  return { count: n };
}

export function newsletterDto(row: ProductNewsletterRow) {
  return {
    id: row.id,
    subject: row.subject,
    markdown: row.markdown,
    status: row.status,
    recipients: row.recipients,
    sentCount: row.sentCount,
    failedCount: row.failedCount,
    sentAt: row.sentAt?.toISOString() ?? null,
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function listNewsletters(ctx: Pick<Ctx, 'db' | 'user'>) {
  const rows = await ctx.db.select().from(productNewsletters).orderBy(desc(productNewsletters.createdAt), desc(productNewsletters.id)).limit(50);
  return { newsletters: rows.map(newsletterDto), canSend: normalizeRole(ctx.user.role) === 'admin' };
}

/**
 * Creates a draft, or rewrites the caller's given draft; returns the row. The draft's lock is held from
 * its status check to the end of the caller's transaction (`t`), so a send at the same moment either
 * comes first (the draft is no longer one) or after.
 */
async function writeDraft(ctx: Ctx, t: DbOrTx, input: DraftInput, now: Date): Promise<ProductNewsletterRow> {
  if (input.id) {
    await locks.productNewsletter(t, input.id);
    const [row] = await t.select().from(productNewsletters).where(eq(productNewsletters.id, input.id));
    if (!row) throw new AppError('NOT_FOUND', PRODUCT_NEWS_MSG.notFound);
    if (row.status !== 'draft') throw new AppError('CONFLICT', PRODUCT_NEWS_MSG.notDraft);
    await t.update(productNewsletters).set({ subject: input.subject, markdown: input.markdown, updatedAt: now }).where(eq(productNewsletters.id, row.id));
    return { ...row, subject: input.subject, markdown: input.markdown, updatedAt: now };
  }
  const row: ProductNewsletterRow = {
    id: crypto.randomUUID(),
    subject: input.subject,
    markdown: input.markdown,
    status: 'draft',
    recipients: 0,
    sentCount: 0,
    failedCount: 0,
    createdBy: ctx.user.id,
    sentAt: null,
    createdAt: now,
    updatedAt: now,
  };
  await t.insert(productNewsletters).values(row);
  return row;
}

export async function saveDraft(ctx: Ctx, input: DraftInput) {
  const now = ctx.now();
  const row = await tx(ctx.db, async (t) => {
    const r = await writeDraft(ctx, t, input, now);
    await recordAudit(t, actorOf(ctx), input.id ? 'product-news.update' : 'product-news.create', null, { newsletterId: r.id, subject: r.subject }, now);
    return r;
  });
  return newsletterDto(row);
}

export async function deleteDraft(ctx: Ctx, input: { id: string }) {
  const now = ctx.now();
  await tx(ctx.db, async (t) => {
    await locks.productNewsletter(t, input.id);
    const [row] = await t.select().from(productNewsletters).where(eq(productNewsletters.id, input.id));
    if (!row) throw new AppError('NOT_FOUND', PRODUCT_NEWS_MSG.notFound);
    if (row.status !== 'draft') throw new AppError('CONFLICT', PRODUCT_NEWS_MSG.notDraft);
    await t.delete(productNewsletters).where(eq(productNewsletters.id, row.id));
    await recordAudit(t, actorOf(ctx), 'product-news.delete', null, { newsletterId: row.id, subject: row.subject }, now);
  });
  return { id: input.id };
}

export function previewNewsletter(ctx: Pick<Ctx, 'env' | 'user'>, input: { subject: string; markdown: string }) {
  const mail = renderNewsletter(ctx.env, ctx.user.id, { subject: input.subject || '(no subject)', markdown: input.markdown });
  return { subject: mail.subject, html: mail.html, text: mail.text };
}

export function sendNewsletterTest(ctx: Ctx, input: { subject: string; markdown: string }) {
  return sendTestToSelf(ctx, ctx.user, 'news', (url) =>
    renderNewsletter(ctx.env, ctx.user.id, { subject: input.subject || '(no subject)', markdown: input.markdown }, url),
  );
}

/** Admins only: saves the text, takes the recipients now and queues the send. */
export async function sendNewsletter(ctx: Ctx, input: DraftInput) {
  if (normalizeRole(ctx.user.role) !== 'admin') throw new AppError('FORBIDDEN', PRODUCT_NEWS_MSG.adminOnly);
  const now = ctx.now();
  const row = await tx(ctx.db, async (t) => {
    const draft = await writeDraft(ctx, t, input, now);
    const recipients = await t.select({ id: users.id, email: users.email }).from(users).where(eligible);
    if (!recipients.length) throw new AppError('PRECONDITION_FAILED', PRODUCT_NEWS_MSG.noRecipients);
    for (const r of recipients)
      await t.insert(productNewsletterRecipients).values({ newsletterId: draft.id, userId: r.id, email: r.email, status: 'pending' }).onConflictDoNothing();
    await t
      .update(productNewsletters)
      .set({ status: 'sending', recipients: recipients.length, sentAt: now, updatedAt: now })
      .where(eq(productNewsletters.id, draft.id));
    await ctx.queue.enqueue({ kind: PRODUCT_NEWS_JOB, payload: { newsletterId: draft.id }, uniqueKey: `${PRODUCT_NEWS_JOB}:${draft.id}` }, t);
    await recordAudit(t, actorOf(ctx), 'product-news.send', null, { newsletterId: draft.id, subject: draft.subject, recipients: recipients.length }, now);
    return { ...draft, status: 'sending' as const, recipients: recipients.length, sentAt: now };
  });
  ctx.delivery.kick();
  return newsletterDto(row);
}

const CHUNK = 100;

/** Copies the recipients' tally onto the newsletter (counted and written in one transaction). */
async function refreshCounts(deps: Pick<Deps, 'db' | 'now'>, id: string, final: boolean) {
  await tx(deps.db, async (t) => {
    const rows = await t
      .select({ status: productNewsletterRecipients.status, n: count() })
      .from(productNewsletterRecipients)
      .where(eq(productNewsletterRecipients.newsletterId, id))
      .groupBy(productNewsletterRecipients.status);
    const by = Object.fromEntries(rows.map((r) => [r.status, r.n])) as Record<string, number>;
    const sent = by.sent ?? 0;
    const failed = by.failed ?? 0;
    await t
      .update(productNewsletters)
      .set({
        sentCount: sent,
        failedCount: failed,
        updatedAt: deps.now(),
        ...(final ? { status: sent === 0 && failed > 0 ? ('failed' as const) : ('sent' as const) } : {}),
      })
      .where(eq(productNewsletters.id, id));
  });
}

/** The queue job: mails every recipient still pending. Throws on an outage (the job is retried later). */
export async function runProductNewsletter(deps: Pick<Deps, 'db' | 'env' | 'log' | 'now'>, id: string, opts: { owned?: () => boolean } = {}) {
  const R = productNewsletterRecipients;
  const nl = await tx(deps.db, async (t) => {
    await locks.productNewsletter(t, id);
    const [row] = await t.select().from(productNewsletters).where(eq(productNewsletters.id, id));
    if (!row || row.status !== 'sending') return null;
    // A previous run died while these were with a provider: they may have been mailed, so never again.
    await t
      .update(R)
      .set({ status: 'failed', error: PRODUCT_NEWS_MSG.interrupted, at: deps.now() })
      .where(and(eq(R.newsletterId, id), eq(R.status, 'sending')));
    return row;
  });
  if (!nl) return;
  // The body is rendered once with a marker where each reader's own unsubscribe address goes.
  const MARK = `${deps.env.APP_URL}/__unsubscribe__`;
  const base = renderNewsletter(deps.env, '', nl, MARK);
  for (;;) {
    if (opts.owned && !opts.owned()) return;
    // The next pending recipients, marked 'sending' in the transaction that picked them, under the
    // newsletter's lock: two runs at once never pick the same recipients.
    const batch = await tx(deps.db, async (t) => {
      await locks.productNewsletter(t, id);
      const rows = await t
        .select()
        .from(R)
        .where(and(eq(R.newsletterId, id), eq(R.status, 'pending')))
        .orderBy(R.id)
        .limit(CHUNK);
      for (const r of rows) await t.update(R).set({ status: 'sending', at: deps.now() }).where(eq(R.id, r.id));
      return rows;
    });
    if (!batch.length) break;
    const messages = batch.map((r) => {
      const url = r.userId ? productUnsubscribeUrl(deps.env, 'news', r.userId) : `${deps.env.APP_URL}/settings`;
      const mail = { subject: base.subject, html: base.html.split(MARK).join(url), text: base.text.split(MARK).join(url) };
      return productMessage(deps.env, r.email, mail, url);
    });
    const { results, outage } = await sendProductMessages(deps, messages);
    await tx(deps.db, async (t) => {
      for (const [k, r] of batch.entries()) {
        const res = results[k]!;
        // Not taken by any provider (an outage): back to pending for the job's next try.
        const set = res.ok
          ? { status: 'sent', error: null, at: deps.now() }
          : outage && res.retryable
            ? { status: 'pending', error: res.error.slice(0, 500), at: deps.now() }
            : { status: 'failed', error: res.error.slice(0, 500), at: deps.now() };
        await t.update(R).set(set).where(eq(R.id, r.id));
      }
    });
    await refreshCounts(deps, id, false);
    if (outage) throw new Error(`No mail provider took the product newsletter: ${outage}`);
  }
  await refreshCounts(deps, id, true);
  deps.log.info(`product newsletter ${id} sent`);
}

export async function getProductNews(ctx: Pick<Ctx, 'db' | 'user'>) {
  const [row] = await ctx.db.select({ optIn: users.productNewsOptIn }).from(users).where(eq(users.id, ctx.user.id));
  return { optIn: row?.optIn ?? false };
}

export async function setProductNews(ctx: Pick<Ctx, 'db' | 'now' | 'user'>, input: SetOptInInput) {
  await ctx.db.update(users).set({ productNewsOptIn: input.optIn, updatedAt: ctx.now() }).where(eq(users.id, ctx.user.id));
  return { optIn: input.optIn };
}
