// lucia's storage adapter over our sessions table with prepared statements. The stock drizzle adapter
// builds and prepares two SQL queries on every request; this one reads session and user in one
// prepared join, which is what keeps a signed-in request cheap (see scripts/bench/api.ts).
import { eq, lte, sql } from 'drizzle-orm';
import type { Adapter, DatabaseSession, DatabaseUser } from 'lucia';
import type { Db } from '../db';
import { sessions, users } from '../../../db/schema';

// lucia's drizzle adapter stored expiry in whole seconds; keep that so existing sessions stay valid.
const toUnix = (d: Date) => Math.floor(d.getTime() / 1000);

export function createSessionStore(db: Db): Adapter {
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
    .set({ expiresAt: sql.placeholder('expiresAt') as never })
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
    .where(lte(sessions.expiresAt, sql.placeholder('now')))
    .prepare();

  const toSession = (s: typeof sessions.$inferSelect): DatabaseSession => ({
    id: s.id,
    userId: s.userId,
    expiresAt: new Date(s.expiresAt * 1000),
    attributes: { createdAt: s.createdAt },
  });

  return {
    async getSessionAndUser(id) {
      const row = byId.get({ id });
      if (!row) return [null, null];
      const { id: userId, ...attributes } = row.user;
      const user: DatabaseUser = { id: userId, attributes };
      return [toSession(row.session), user];
    },
    async getUserSessions(userId) {
      return ofUser.all({ userId }).map(toSession);
    },
    async setSession(s) {
      insert.run({ id: s.id, userId: s.userId, expiresAt: toUnix(s.expiresAt), createdAt: s.attributes.createdAt });
    },
    async updateSessionExpiration(id, expiresAt) {
      extend.run({ id, expiresAt: toUnix(expiresAt) });
    },
    async deleteSession(id) {
      remove.run({ id });
    },
    async deleteUserSessions(userId) {
      removeOfUser.run({ userId });
    },
    async deleteExpiredSessions() {
      removeExpired.run({ now: toUnix(new Date()) });
    },
  };
}
