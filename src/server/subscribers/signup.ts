// A reader's own signup on /p/<slug> with double opt-in. Every signup gets the same neutral answer
// (new, pending, already active, suppressed or over the plan's limit), so the form cannot be used to
// find out who reads a publication; only the confirmation link, sent to the address, makes it active.
import crypto from 'node:crypto';
import { and, count, eq, inArray } from 'drizzle-orm';
import type { Context } from '../context';
import type { Db } from '../db';
import { AppError } from '../errors';
import { subscribers, type PublicationRow } from '../../../db/schema';
import { capabilitiesOf } from '../user/plan';
import { isSuppressed, normalizeEmail } from '../mail/events';
import { mailboxWithName } from '../mail/headers';
import { confirmationMail } from './confirm-mail';
import { findBySlug } from './slug';
import { SIGNUP_MSG } from './messages';
import type { ConfirmInput, SignupInput, SlugInput } from './schemas';
import { sha256Hex } from '../crypto';

type Ctx = Pick<Context, 'db' | 'env' | 'mailer' | 'limiter' | 'log' | 'now' | 'ip'>;

export const CONFIRM_TTL_MS = 7 * 24 * 60 * 60 * 1000;
const HOUR = 60 * 60 * 1000;
/** A person signs up a few times at most; a script trying addresses hits these quickly. */
const SIGNUP_RULES = { ip: { limit: 20, windowMs: HOUR }, address: { limit: 3, windowMs: HOUR } };

function publicationBySlug(db: Db, slug: string): PublicationRow {
  const pub = findBySlug(db, slug);
  if (!pub) throw new AppError('NOT_FOUND', SIGNUP_MSG.notFound);
  return pub;
}

export function publicPage(ctx: Pick<Ctx, 'db'>, input: SlugInput) {
  const pub = publicationBySlug(ctx.db, input.slug);
  return { name: pub.name, slug: pub.slug! };
}

/** True when one more pending reader fits the owner's plan (pending and active count). */
function hasRoom(db: Db, pub: PublicationRow, now: Date): boolean {
  const limit = capabilitiesOf(db, pub.userId, now).maxSubscribers;
  if (!Number.isFinite(limit)) return true;
  const kept =
    db
      .select({ n: count() })
      .from(subscribers)
      .where(and(eq(subscribers.publicationId, pub.id), inArray(subscribers.status, ['pending', 'active'])))
      .get()?.n ?? 0;
  return kept < limit;
}

export async function signup(ctx: Ctx, input: SignupInput): Promise<{ message: string }> {
  const email = normalizeEmail(input.email);
  ctx.limiter.hit(`subscribers:signup:ip:${ctx.ip}`, SIGNUP_RULES.ip);
  const pub = publicationBySlug(ctx.db, input.slug);
  ctx.limiter.hit(`subscribers:signup:address:${pub.id}:${email}`, SIGNUP_RULES.address);
  const neutral = { message: SIGNUP_MSG.checkInbox };

  if (isSuppressed(ctx.db, pub.userId, email)) return neutral;
  const existing = ctx.db
    .select()
    .from(subscribers)
    .where(and(eq(subscribers.publicationId, pub.id), eq(subscribers.email, email)))
    .get();
  if (existing && (existing.status === 'active' || existing.status === 'bounced' || existing.status === 'complained')) return neutral;
  if (!existing || existing.status === 'unsubscribed') {
    if (!hasRoom(ctx.db, pub, ctx.now())) {
      ctx.log.warn(`[subscribers] signup to publication ${pub.id} refused: the owner's plan limit is reached`);
      return neutral;
    }
  }

  const token = crypto.randomBytes(32).toString('base64url');
  const now = ctx.now();
  const pending = {
    status: 'pending' as const,
    confirmTokenHash: sha256Hex(token),
    confirmExpiresAt: new Date(now.getTime() + CONFIRM_TTL_MS),
    updatedAt: now,
    ...(input.name ? { name: input.name } : {}),
  };
  if (existing) ctx.db.update(subscribers).set(pending).where(eq(subscribers.id, existing.id)).run();
  else
    ctx.db
      .insert(subscribers)
      .values({ id: crypto.randomUUID(), publicationId: pub.id, email, name: input.name, source: 'signup', createdAt: now, ...pending })
      .onConflictDoUpdate({ target: [subscribers.publicationId, subscribers.email], set: pending })
      .run();

  const confirmUrl = `${ctx.env.APP_URL}/p/${encodeURIComponent(pub.slug!)}/confirm?token=${token}`;
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
export function confirm(ctx: Pick<Ctx, 'db' | 'now'>, input: ConfirmInput): { status: 'confirmed' | 'already'; message: string; name: string } {
  const pub = findBySlug(ctx.db, input.slug);
  if (!pub) throw new AppError('BAD_REQUEST', SIGNUP_MSG.invalidLink);
  const row = ctx.db
    .select()
    .from(subscribers)
    .where(and(eq(subscribers.publicationId, pub.id), eq(subscribers.confirmTokenHash, sha256Hex(input.token))))
    .get();
  if (row?.status === 'active') return { status: 'already', message: SIGNUP_MSG.already, name: pub.name };
  if (!row || row.status !== 'pending' || !row.confirmExpiresAt) throw new AppError('BAD_REQUEST', SIGNUP_MSG.invalidLink);
  const now = ctx.now();
  if (row.confirmExpiresAt.getTime() <= now.getTime()) throw new AppError('BAD_REQUEST', SIGNUP_MSG.expired);
  ctx.db
    .update(subscribers)
    .set({ status: 'active', confirmedAt: now, confirmExpiresAt: null, unsubscribedAt: null, updatedAt: now })
    .where(and(eq(subscribers.id, row.id), eq(subscribers.status, 'pending')))
    .run();
  return { status: 'confirmed', message: SIGNUP_MSG.confirmed(pub.name), name: pub.name };
}
