// lucia's storage adapter over our sessions table with prepared statements. The stock drizzle adapter
// builds and prepares two SQL queries on every request; this one reads session and user in one
// prepared join, which is what keeps a signed-in request cheap (see scripts/bench/api.ts). The same
// statements also run inside a caller's transaction (inTx), for the writes that belong to one.
// Rows are keyed by the SHA-256 of the session id, so the database alone never yields a usable cookie.
import crypto from 'node:crypto';
import { eq, lte, or, sql } from 'drizzle-orm';
import type { Adapter, DatabaseSession, DatabaseUser } from 'lucia';
import { inTx, type Db, type Tx } from '../db';
import { sessions, users } from '../../../db/schema';

// lucia's drizzle adapter stored expiry in whole seconds; keep that so existing sessions stay valid.
const toUnix = (d: Date) => Math.floor(d.getTime() / 1000);

/** The stored key of a session id. */
export const sessionKey = (id: string) => crypto.createHash('sha256').update(id).digest('hex');

export interface SessionStoreOptions {
  now: () => Date;
  /** Sessions older than this (from createdAt, in ms) are swept whatever their idle expiry says. */
  absoluteMs: number;
}

/**
 * lucia's adapter, plus the two writes a caller's transaction makes itself (lucia's own calls run on
 * the shared handle, outside any transaction): a new session written together with its account, and
 * the sessions of an account ended together with the change that ends them.
 */
export interface SessionStore extends Adapter {
  setSessionIn(t: Tx, session: DatabaseSession): Promise<void>;
  deleteUserSessionsIn(t: Tx, userId: string): Promise<void>;
}

export function createSessionStore(db: Db, opts: SessionStoreOptions): SessionStore {
  const byId = db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(sessions.userId, users.id))
    .where(eq(sessions.id, sql.placeholder('id')))
    .prepare();
  const ofUser = db
    .select()
    .from(sessions)
    .where(eq(sessions.userId, sql.placeholder('userId')))
    .prepare();
  const insert = db
    .insert(sessions)
    .values({ id: sql.placeholder('id'), userId: sql.placeholder('userId'), expiresAt: sql.placeholder('expiresAt'), createdAt: sql.placeholder('createdAt') })
    .prepare();
  const extend = db
    .update(sessions)
    // set() takes values or SQL, not a bare placeholder: the placeholder goes in as an SQL fragment.
    .set({ expiresAt: sql`${sql.placeholder('expiresAt')}` })
    .where(eq(sessions.id, sql.placeholder('id')))
    .prepare();
  const remove = db
    .delete(sessions)
    .where(eq(sessions.id, sql.placeholder('id')))
    .prepare();
  const removeOfUser = db
    .delete(sessions)
    .where(eq(sessions.userId, sql.placeholder('userId')))
    .prepare();
  const removeExpired = db
    .delete(sessions)
    .where(or(lte(sessions.expiresAt, sql.placeholder('now')), lte(sessions.createdAt, sql.placeholder('createdBefore'))))
    .prepare();

  // lucia hands the raw id to every call below; rows are found by its hash, and a session read by id
  // carries that raw id back so lucia's later calls (extend, delete) name it the same way.
  const toSession = (s: typeof sessions.$inferSelect, id = s.id): DatabaseSession => ({
    id,
    userId: s.userId,
    expiresAt: new Date(s.expiresAt * 1000),
    attributes: { createdAt: s.createdAt },
  });

  const setSessionOn = async (run: typeof insert, s: DatabaseSession) => {
    await run.execute({ id: sessionKey(s.id), userId: s.userId, expiresAt: toUnix(s.expiresAt), createdAt: s.attributes.createdAt });
  };

  return {
    async getSessionAndUser(id) {
      const [row] = await byId.execute({ id: sessionKey(id) });
      if (!row) return [null, null];
      const { id: userId, ...attributes } = row.user;
      const user: DatabaseUser = { id: userId, attributes };
      return [toSession(row.session, id), user];
    },
    /** Listed sessions carry their stored key: the raw ids are not kept anywhere. */
    async getUserSessions(userId) {
      return (await ofUser.execute({ userId })).map((s) => toSession(s));
    },
    async setSession(s) {
      await setSessionOn(insert, s);
    },
    async setSessionIn(t, s) {
      await setSessionOn(inTx(t, insert), s);
    },
    async updateSessionExpiration(id, expiresAt) {
      await extend.execute({ id: sessionKey(id), expiresAt: toUnix(expiresAt) });
    },
    async deleteSession(id) {
      await remove.execute({ id: sessionKey(id) });
    },
    async deleteUserSessions(userId) {
      await removeOfUser.execute({ userId });
    },
    async deleteUserSessionsIn(t, userId) {
      await inTx(t, removeOfUser).execute({ userId });
    },
    async deleteExpiredSessions() {
      const now = opts.now().getTime();
      await removeExpired.execute({ now: Math.floor(now / 1000), createdBefore: now - opts.absoluteMs });
    },
  };
}
