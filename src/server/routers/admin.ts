// admin.*: staff-only data. Every procedure uses adminProcedure (403 for everyone else).
import { z } from 'zod';
import { desc, sql } from 'drizzle-orm';
import { router, adminProcedure } from '../trpc/init';
import { users } from '../../../db/schema';
import { toUserDto } from '../user/dto';

export const adminRouter = router({
  listUsers: adminProcedure
    .input(z.object({ limit: z.number().int().min(1).max(200).default(50), offset: z.number().int().min(0).default(0) }).default({ limit: 50, offset: 0 }))
    .query(({ ctx, input }) => {
      const rows = ctx.db.select().from(users).orderBy(desc(users.createdAt)).limit(input.limit).offset(input.offset).all();
      const total =
        ctx.db
          .select({ n: sql<number>`count(*)` })
          .from(users)
          .get()?.n ?? 0;
      return { total, users: rows.map((r) => toUserDto(r, ctx.now())) };
    }),
});
