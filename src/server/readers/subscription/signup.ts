// A reader's own signup on /p/<slug> with double opt-in. Every signup gets the same neutral answer
// (new, pending, already active, suppressed, over the plan's limit or asked for too often), so the form
// cannot be used to find out who reads a publication; only the confirmation link, sent to the address,
// makes it active. The one other answer is the per-network limit's, said honestly with when to come
// back: it is counted before the address is even read, so it depends on the poster's network alone.
import { whiteLabelOf } from '../../plans/account-plan';
import { readerBrandOf } from '../pages/reader-brand';
import { publicBaseFor, servedHere, type ServedOn } from '../../domains/custom-domains';
import crypto from 'node:crypto';
import { emitWebhook } from '../../webhooks/emit';
import { and, count, eq, inArray } from 'drizzle-orm';
import type { Context, Limiter, RateRule } from '../../context';
import { affectedRows, tx, type DbOrTx, type Tx } from '../../db';
import { locks } from '../../locks';
import { AppError } from '../../errors';
import { subscribers, type PublicationRow } from '../../../../db/schema';
import { capabilitiesOf } from '../../plans/account-plan';
import { mailboxWithName, normalizeEmail } from '../../mail/headers';
import { isSuppressed } from '../suppression';
import { confirmationMail } from './confirm-mail';
import { findBySlug } from '../pages/slug';
import { SIGNUP_MSG } from './messages';
import type { ConfirmInput, SignupInput, SlugInput } from '../../../shared/schemas/subscribers';
import { sha256Hex } from '../../crypto';
import { recordReaderEvent } from '../events';
import { scheduleWelcome } from '../welcome';

type Ctx = Pick<Context, 'db' | 'env' | 'mailer' | 'limiter' | 'log' | 'now' | 'ip' | 'queue' | 'servedFor'>;

export const CONFIRM_TTL_MS = 7 * 24 * 60 * 60 * 1000;
const HOUR = 60 * 60 * 1000;
/** A person signs up a few times at most; a script trying addresses hits these quickly. */
const SIGNUP_RULES = { ip: { limit: 20, windowMs: HOUR }, address: { limit: 3, windowMs: HOUR } };

/**
 * Counts one signup against the poster's network (its IP). Over the limit, a person behind a shared
 * address is told so and when to try again (Retry-After too); nothing in it depends on the e-mail given.
 */
export async function hitNetworkLimit(limiter: Limiter, key: string, rule: RateRule): Promise<void> {
  try {
    await limiter.hit(key, rule);
  } catch (err) {
    if (!(err instanceof AppError) || err.code !== 'TOO_MANY_REQUESTS') throw err;
    const left = err.data?.retryAfterSeconds;
    const seconds = typeof left === 'number' ? left : Math.ceil(rule.windowMs / 1000);
    throw new AppError('TOO_MANY_REQUESTS', SIGNUP_MSG.tooManyFromNetwork(Math.max(1, Math.ceil(seconds / 60))), { retryAfterSeconds: seconds });
  }
}

/** The publication at /p/<slug>; on a custom domain another account's is as unknown as a slug no one has. */
async function publicationBySlug(ctx: { db: DbOrTx } & ServedOn, slug: string): Promise<PublicationRow> {
  const pub = await findBySlug(ctx.db, slug);
  if (!pub || !servedHere(ctx, pub.userId)) throw new AppError('NOT_FOUND', SIGNUP_MSG.notFound);
  return pub;
}

export async function publicPage(ctx: Pick<Ctx, 'db' | 'now' | 'servedFor'>, input: SlugInput) {
  const pub = await publicationBySlug(ctx, input.slug);
  return { name: pub.name, slug: pub.slug!, brand: await readerBrandOf(ctx.db, pub, ctx.now()) };
}

/** True when one more pending reader fits the owner's plan (pending and active count). */
async function hasRoom(db: DbOrTx, pub: PublicationRow, now: Date): Promise<boolean> {
  const limit = (await capabilitiesOf(db, pub.userId, now)).maxSubscribers;
  if (!Number.isFinite(limit)) return true;
  const [kept] = await db
    .select({ n: count() })
    .from(subscribers)
    .where(and(eq(subscribers.publicationId, pub.id), inArray(subscribers.status, ['pending', 'active'])));
  return (kept?.n ?? 0) < limit;
}

/**
 * Where a signup comes from when it is not the hosted page: an embedded form (its id as the detail).
 * `joined` runs in the signup's transaction for a reader who is about to be mailed a link (new, pending,
 * or back after leaving), e.g. to give them the form's tag.
 */
export interface SignupVia {
  source: 'form';
  detail: string;
  joined?: (t: Tx, subscriberId: string, at: Date) => Promise<void>;
}

export async function signup(ctx: Ctx, input: SignupInput, via?: SignupVia): Promise<{ message: string }> {
  const source = via?.source ?? 'signup';
  const detail = via ? { [via.source]: via.detail } : undefined;
  const email = normalizeEmail(input.email);
  await hitNetworkLimit(ctx.limiter, `subscribers:signup:ip:${ctx.ip}`, SIGNUP_RULES.ip);
  const pub = await publicationBySlug(ctx, input.slug);
  const neutral = { message: SIGNUP_MSG.checkInbox };
  // An address asked for too often gets no more mail, and the neutral answer: its links of the last hour
  // are in its inbox, and a different answer would tell whoever types it that someone asked for it.
  try {
    await ctx.limiter.hit(`subscribers:signup:address:${pub.id}:${email}`, SIGNUP_RULES.address);
  } catch (err) {
    if (!(err instanceof AppError) || err.code !== 'TOO_MANY_REQUESTS') throw err;
    ctx.log.warn(`[subscribers] signup to publication ${pub.id} not mailed: the address asked more than ${SIGNUP_RULES.address.limit} times this hour`);
    return neutral;
  }

  // The checks (suppression, the reader's status, the plan's limit) and the write they allow are one
  // transaction; the mail goes out after it.
  const token = await tx(ctx.db, async (t): Promise<string | null> => {
    await locks.subscribersOf(t, pub.id);
    if (await isSuppressed(t, pub.userId, email)) return null;
    const [existing] = await t
      .select()
      .from(subscribers)
      .where(and(eq(subscribers.publicationId, pub.id), eq(subscribers.email, email)))
      .limit(1);
    if (existing && (existing.status === 'active' || existing.status === 'bounced' || existing.status === 'complained')) return null;
    if (!existing || existing.status === 'unsubscribed') {
      if (!(await hasRoom(t, pub, ctx.now()))) {
        ctx.log.warn(`[subscribers] signup to publication ${pub.id} refused: the owner's plan limit is reached`);
        return null;
      }
    }

    const fresh = crypto.randomBytes(32).toString('base64url');
    const now = ctx.now();
    const pending = {
      status: 'pending' as const,
      confirmTokenHash: sha256Hex(fresh),
      confirmExpiresAt: new Date(now.getTime() + CONFIRM_TTL_MS),
      updatedAt: now,
      ...(input.name ? { name: input.name } : {}),
    };
    if (existing) {
      await t.update(subscribers).set(pending).where(eq(subscribers.id, existing.id));
      // A reader who left and signs up again joins again; a pending one asking for a new link does not.
      if (existing.status === 'unsubscribed')
        await recordReaderEvent(t, {
          publicationId: pub.id,
          subscriberId: existing.id,
          kind: 'subscribed',
          source,
          detail: { again: true, ...detail },
          at: now,
        });
      await via?.joined?.(t, existing.id, now);
    } else {
      const id = crypto.randomUUID();
      await t
        .insert(subscribers)
        .values({ id, publicationId: pub.id, email, name: input.name, source, sourceDetail: via?.detail ?? null, createdAt: now, ...pending })
        .onConflictDoUpdate({ target: [subscribers.publicationId, subscribers.email], set: pending });
      const subscriber = { id, email, name: input.name, status: 'pending', source };
      await recordReaderEvent(t, { publicationId: pub.id, subscriberId: id, kind: 'subscribed', source, detail, at: now });
      await via?.joined?.(t, id, now);
      await emitWebhook(ctx, pub.userId, 'subscriber.created', { publicationId: pub.id, subscriber }, t);
    }
    return fresh;
  });
  if (token === null) return neutral;

  const confirmUrl = `${await publicBaseFor(ctx, pub.userId)}/p/${encodeURIComponent(pub.slug!)}/confirm?token=${token}`;
  const mail = confirmationMail({ publicationName: pub.name, confirmUrl });
  try {
    await ctx.mailer.send({ to: email, from: mailboxWithName(pub.name, ctx.env.MAIL_FROM), ...mail, logNote: confirmUrl });
  } catch (err) {
    ctx.log.error(`[subscribers] confirmation mail for publication ${pub.id} failed`, err);
    throw new AppError('BAD_GATEWAY', SIGNUP_MSG.mailFailed);
  }
  return neutral;
}

/**
 * Makes a pending reader active. The used token's hash stays on the row so a second click answers
 * "already subscribed"; it confirms nothing else (an unsubscribed reader needs a new signup).
 */
export async function confirm(
  ctx: Pick<Ctx, 'db' | 'now' | 'queue' | 'servedFor'>,
  input: ConfirmInput,
): Promise<{ status: 'confirmed' | 'already'; message: string; name: string; whiteLabel: boolean }> {
  const pub = await findBySlug(ctx.db, input.slug);
  if (!pub || !servedHere(ctx, pub.userId)) throw new AppError('BAD_REQUEST', SIGNUP_MSG.invalidLink);
  const whiteLabel = await whiteLabelOf(ctx.db, pub.userId, ctx.now());
  // The status check and the update are one transaction, and the update applies only to a reader still
  // pending: of several clicks at once one confirms, the others answer "already subscribed".
  return tx(ctx.db, async (t) => {
    const [row] = await t
      .select()
      .from(subscribers)
      .where(and(eq(subscribers.publicationId, pub.id), eq(subscribers.confirmTokenHash, sha256Hex(input.token))))
      .limit(1);
    if (row?.status === 'active') return { status: 'already' as const, message: SIGNUP_MSG.already, name: pub.name, whiteLabel };
    if (!row || row.status !== 'pending' || !row.confirmExpiresAt) throw new AppError('BAD_REQUEST', SIGNUP_MSG.invalidLink);
    const now = ctx.now();
    if (row.confirmExpiresAt.getTime() <= now.getTime()) throw new AppError('BAD_REQUEST', SIGNUP_MSG.expired);
    const confirmed = affectedRows(
      await t
        .update(subscribers)
        .set({ status: 'active', confirmedAt: now, confirmExpiresAt: null, unsubscribedAt: null, updatedAt: now })
        .where(and(eq(subscribers.id, row.id), eq(subscribers.status, 'pending'))),
    );
    if (!confirmed) return { status: 'already' as const, message: SIGNUP_MSG.already, name: pub.name, whiteLabel };
    await recordReaderEvent(t, { publicationId: pub.id, subscriberId: row.id, kind: 'confirmed', source: row.source, at: now });
    await scheduleWelcome(ctx, t, pub, row, now);
    const subscriber = { id: row.id, email: row.email, name: row.name, status: 'active', source: row.source };
    await emitWebhook(ctx, pub.userId, 'subscriber.confirmed', { publicationId: pub.id, subscriber }, t);
    return { status: 'confirmed' as const, message: SIGNUP_MSG.confirmed(pub.name), name: pub.name, whiteLabel };
  });
}
