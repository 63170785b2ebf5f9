// User management for staff (/admin/users): list with search and filters for every staff role; changes
// (role, disable/enable, end sessions, delete) for admins only, each written to the audit log in the
// same transaction. An active admin always remains, because no admin changes their own account and each
// change re-reads the acting admin as an active admin in its transaction.
import { and, count, desc, eq, gt, isNotNull, isNull, or, type SQL } from 'drizzle-orm';
import { tx, type Db, type DbOrTx, type Tx } from '../db';
import { locks } from '../locks';
import type { AuthService, SessionUser } from '../auth/service';
import { sessions, users, type UserRow } from '../../../db/schema';
import { AppError } from '../errors';
import { normalizeRole, type Role } from '../../shared/plans';
import { toUserDto } from './dto';
import type { DeleteUserInput, ListUsersInput, SetDisabledInput, SetRoleInput, UserIdInput } from '../../shared/schemas/admin';
import { recordAudit, type Actor } from './audit';
import { contains } from '../sql-search';
import { followPlan } from '../webhooks/plan';

export const ADMIN_USERS_MSG = {
  adminOnly: 'Only admins change accounts. Managers and supervisors can look but not change.',
  notFound: 'User not found',
  notYourself: 'You cannot do this to your own account.',
  confirmEmail: 'Type the account’s e-mail address to confirm.',
} as const;

interface Ctx {
  db: Db;
  auth: AuthService;
  now: () => Date;
  ip: string;
  user: SessionUser;
}

const actorOf = (ctx: Ctx): Actor => ({ id: ctx.user.id, email: ctx.user.email, ip: ctx.ip });

function requireAdmin(ctx: Ctx) {
  if (normalizeRole(ctx.user.role) !== 'admin') throw new AppError('FORBIDDEN', ADMIN_USERS_MSG.adminOnly);
}

async function target(db: DbOrTx, userId: string) {
  const [row] = await db.select().from(users).where(eq(users.id, userId));
  if (!row) throw new AppError('NOT_FOUND', ADMIN_USERS_MSG.notFound);
  return row;
}

export async function listUsers(ctx: Pick<Ctx, 'db' | 'now'>, input: ListUsersInput) {
  const where: SQL[] = [];
  if (input.search) {
    where.push(or(contains(users.email, input.search), contains(users.name, input.search))!);
  }
  if (input.role) where.push(eq(users.role, input.role));
  if (input.plan) where.push(eq(users.planType, input.plan));
  if (input.status) where.push(input.status === 'disabled' ? isNotNull(users.disabledAt) : isNull(users.disabledAt));
  const cond = where.length ? and(...where) : undefined;
  const rows = await ctx.db.select().from(users).where(cond).orderBy(desc(users.createdAt), desc(users.id)).limit(input.limit).offset(input.offset);
  const [counted] = await ctx.db.select({ n: count() }).from(users).where(cond);
  const total = counted?.n ?? 0;
  const now = ctx.now();
  const perUser = await ctx.db
    .select({ userId: sessions.userId, n: count() })
    .from(sessions)
    .where(gt(sessions.expiresAt, Math.floor(now.getTime() / 1000)))
    .groupBy(sessions.userId);
  const live = new Map(perUser.map((r) => [r.userId, r.n]));
  return {
    total,
    users: rows.map((r) => ({ ...toUserDto(r, now), disabled: r.disabledAt !== null, activeSessions: live.get(r.id) ?? 0 })),
  };
}

/**
 * An admin's change to another account, in one transaction that takes the active admins' lock when it
 * begins (SQLite's write lock; an advisory lock on Postgres), so changes made at the same moment run one
 * after the other. The target is read inside it (what the change and its audit entry say of the account
 * is what it changes), `vet` may refuse it, and the acting admin must still be an active admin as stored.
 * That alone keeps an active admin: the change never touches the actor's own row, and the actor is one.
 */
async function adminChange<T>(ctx: Ctx, userId: string, change: (t: Tx, row: UserRow) => Promise<T>, vet?: (row: UserRow) => void): Promise<T> {
  return tx(ctx.db, async (t) => {
    await locks.activeAdmins(t);
    const row = await target(t, userId);
    if (row.id === ctx.user.id) throw new AppError('BAD_REQUEST', ADMIN_USERS_MSG.notYourself);
    vet?.(row);
    const [actor] = await t.select({ role: users.role, disabledAt: users.disabledAt }).from(users).where(eq(users.id, ctx.user.id));
    if (!actor || normalizeRole(actor.role) !== 'admin' || actor.disabledAt) throw new AppError('FORBIDDEN', ADMIN_USERS_MSG.adminOnly);
    return change(t, row);
  });
}

export async function setRole(ctx: Ctx, input: SetRoleInput) {
  requireAdmin(ctx);
  await adminChange(ctx, input.userId, async (t, row) => {
    // An admin's plan in force is Enterprise: a demoted one falls to the stored plan, which may lack webhooks.
    await locks.subscriptionOf(t, row.id);
    await t.update(users).set({ role: input.role, updatedAt: ctx.now() }).where(eq(users.id, row.id));
    await followPlan(t, row.id, ctx.now());
    await recordAudit(t, actorOf(ctx), 'role.set', row.id, { email: row.email, from: normalizeRole(row.role), to: input.role }, ctx.now());
  });
  await ctx.auth.forgetUser(input.userId);
  return { success: true as const, role: input.role as Role };
}

export async function setDisabled(ctx: Ctx, input: SetDisabledInput) {
  requireAdmin(ctx);
  await adminChange(ctx, input.userId, async (t, row) => {
    await t
      .update(users)
      .set({ disabledAt: input.disabled ? ctx.now() : null, updatedAt: ctx.now() })
      .where(eq(users.id, row.id));
    await recordAudit(t, actorOf(ctx), input.disabled ? 'account.disable' : 'account.enable', row.id, { email: row.email }, ctx.now());
  });
  if (input.disabled) await ctx.auth.endAllFor(input.userId);
  else await ctx.auth.forgetUser(input.userId);
  return { success: true as const, disabled: input.disabled };
}

export async function endSessions(ctx: Ctx, input: UserIdInput) {
  requireAdmin(ctx);
  const row = await target(ctx.db, input.userId);
  // The count, the deletion and the audit entry are one transaction: the entry names the sessions ended.
  const n = await tx(ctx.db, async (t) => {
    const [counted] = await t.select({ n: count() }).from(sessions).where(eq(sessions.userId, row.id));
    await ctx.auth.endAllIn(t, row.id);
    await recordAudit(t, actorOf(ctx), 'sessions.end', row.id, { email: row.email, sessions: counted?.n ?? 0 }, ctx.now());
    return counted?.n ?? 0;
  });
  return { success: true as const, ended: n };
}

export async function deleteUser(ctx: Ctx, input: DeleteUserInput) {
  requireAdmin(ctx);
  await adminChange(
    ctx,
    input.userId,
    async (t, row) => {
      // The account's sessions, publications, subscribers, drafts and sends go with it (foreign keys cascade).
      await t.delete(users).where(eq(users.id, row.id));
      await recordAudit(t, actorOf(ctx), 'account.delete', row.id, { email: row.email, name: row.name, role: row.role, plan: row.planType }, ctx.now());
    },
    (row) => {
      if (input.confirmEmail.toLowerCase() !== row.email.toLowerCase()) throw new AppError('BAD_REQUEST', ADMIN_USERS_MSG.confirmEmail);
    },
  );
  await ctx.auth.endAllFor(input.userId);
  return { success: true as const };
}
