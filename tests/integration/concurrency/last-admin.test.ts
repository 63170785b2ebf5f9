// An active admin always remains: each admin change re-reads the acting admin in its transaction, under
// the active admins' lock, so two admins demoting (or disabling) each other at once leave exactly one.
// @postgres
import { describe, it, expect } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import { users } from '../../../db/schema';
import { createHarness } from '../../helpers/app';
import { ADMIN_USERS_MSG } from '../../../src/server/user/admin-users';
import { together } from './support';

async function twoAdmins() {
  const h = await createHarness();
  const ada = await h.insertUser({ email: 'ada@example.com' });
  const bea = await h.insertUser({ email: 'bea@example.com', role: 'admin' });
  expect([ada.role, bea.role]).toEqual(['admin', 'admin']);
  const activeAdmins = async () =>
    h.db
      .select({ email: users.email })
      .from(users)
      .where(and(eq(users.role, 'admin'), isNull(users.disabledAt)));
  return { h, ada, bea, activeAdmins };
}

describe('the last admin', () => {
  // Five rounds each: a single pair of requests may happen not to meet.
  it('two admins demoting each other at once: one demotion happens, the other is refused, one admin remains', async () => {
    for (let round = 0; round < 5; round++) {
      const { h, ada, bea, activeAdmins } = await twoAdmins();
      const { ok, refused } = await together([
        h.caller(ada).admin.setRole({ userId: bea.id, role: 'user' }),
        h.caller(bea).admin.setRole({ userId: ada.id, role: 'user' }),
      ]);
      expect(ok).toHaveLength(1);
      // The second finds its actor no longer an admin as stored.
      expect(refused).toEqual([{ status: 403, message: ADMIN_USERS_MSG.adminOnly }]);
      expect(await activeAdmins()).toHaveLength(1);
    }
  });

  it('two admins disabling each other at once: one admin remains active', async () => {
    for (let round = 0; round < 5; round++) {
      const { h, ada, bea, activeAdmins } = await twoAdmins();
      const { ok, refused } = await together([
        h.caller(ada).admin.setDisabled({ userId: bea.id, disabled: true }),
        h.caller(bea).admin.setDisabled({ userId: ada.id, disabled: true }),
      ]);
      expect(ok).toHaveLength(1);
      expect(refused).toEqual([{ status: 403, message: ADMIN_USERS_MSG.adminOnly }]);
      expect(await activeAdmins()).toHaveLength(1);
    }
  });
});
