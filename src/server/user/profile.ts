// The signed-in user's own profile.
import { eq } from 'drizzle-orm';
import { users } from '../../../db/schema';
import type { Db } from '../db';
import type { AuthService } from '../auth/service';
import { AppError } from '../errors';
import type { UpdateProfileInput } from '../../shared/schemas/auth';

export function getUser(db: Db, id: string) {
  const row = db.select().from(users).where(eq(users.id, id)).get();
  if (!row) throw new AppError('NOT_FOUND', 'User not found');
  return row;
}

export function updateProfile(ctx: { db: Db; auth: Pick<AuthService, 'forgetUser'>; now: () => Date }, id: string, input: UpdateProfileInput) {
  const patch: Partial<typeof users.$inferInsert> = { name: input.fullName, updatedAt: ctx.now() };
  if (input.avatar !== undefined) patch.avatar = input.avatar;
  ctx.db.update(users).set(patch).where(eq(users.id, id)).run();
  ctx.auth.forgetUser(id);
  return getUser(ctx.db, id);
}
