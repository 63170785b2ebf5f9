// Mail providers under simultaneous changes: one provider per priority per owner however many adds race
// for it, and of two removals of one provider the second is told it is gone.
// @postgres
import { afterEach, describe, it, expect } from 'vitest';
import { eq } from 'drizzle-orm';
import { mailProviders } from '../../../db/schema';
import { harnessWithAdmin } from '../../helpers/app';
import { startBrevoFake, type VendorFake } from '../../helpers/fake-providers';
import { times, together } from './support';

const N = 8;
const fakes: VendorFake[] = [];
afterEach(async () => {
  await Promise.all(fakes.splice(0).map((f) => f.close()));
});

async function setup() {
  const brevo = await startBrevoFake();
  fakes.push(brevo);
  const h = await harnessWithAdmin({ env: { FETCH_ALLOW_HOSTS: brevo.hostPort, APP_SECRET: 'a'.repeat(40) } });
  const pro = await h.insertUser({ planType: 'professional' });
  const add = (label: string) =>
    h.caller(pro).mailProviders.add({ kind: 'brevo', label, priority: 'primary', settings: { apiKey: 'brevo-key-1234abcd', baseUrl: brevo.url } });
  return { h, pro, add };
}

describe('mail providers', () => {
  it(`${N} simultaneous adds of a primary provider: one is added, the others are told there is one (five rounds)`, async () => {
    const { h, pro, add } = await setup();
    for (let round = 0; round < 5; round++) {
      const { ok, refused } = await together(Array.from({ length: N }, (_, i) => add(`Brevo ${round}.${i}`)));
      expect(ok).toHaveLength(1);
      expect(refused).toEqual(
        times(N - 1, { status: 409, message: `There is already a primary provider (${ok[0]!.label}). Remove it first or choose another priority.` }),
      );
      expect(await h.db.select().from(mailProviders).where(eq(mailProviders.userId, pro.id))).toHaveLength(1);
      await h.db.delete(mailProviders).where(eq(mailProviders.userId, pro.id));
    }
  });

  it('two removals of one provider at once: one removes it, the other is told it is gone (five rounds)', async () => {
    const { h, pro, add } = await setup();
    for (let round = 0; round < 5; round++) {
      const provider = await add(`Brevo ${round}`);
      const { ok, refused } = await together([0, 1].map(() => h.caller(pro).mailProviders.remove({ id: provider.id })));
      expect(ok).toHaveLength(1);
      expect(refused).toEqual([{ status: 404, message: 'Mail provider not found' }]);
    }
  });
});
