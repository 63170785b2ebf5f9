// The signed-in user's own profile.
import { eq } from 'drizzle-orm';
import { users } from '../../../db/schema';
import type { Db, DbOrTx } from '../db';
import type { AuthService } from '../auth/service';
import { AppError } from '../errors';
import type { UpdateProfileInput } from '../../shared/schemas/user';

export async function getUser(db: DbOrTx, id: string) {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  if (!row) throw new AppError('NOT_FOUND', 'User not found');
  return row;
}

export async function updateProfile(ctx: { db: Db; auth: Pick<AuthService, 'forgetUser'>; now: () => Date }, id: string, input: UpdateProfileInput) {
  const patch: Partial<typeof users.$inferInsert> = { name: input.fullName, updatedAt: ctx.now() };
  if (input.avatar !== undefined) patch.avatar = input.avatar;
  await ctx.db.update(users).set(patch).where(eq(users.id, id));
  await ctx.auth.forgetUser(id);
  return getUser(ctx.db, id);
}
