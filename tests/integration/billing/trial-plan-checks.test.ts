// Plan checks that start from an account id (the delivery chain, a public signup) see the account's
// trial: a trial-Professional owner's issues go through their own provider, and readers signing up to
// their publication are capped at the trial plan's limit, not the free plan's.
// @postgres
import { afterEach, describe, expect, it } from 'vitest';
import { and, count, eq, inArray } from 'drizzle-orm';
import { harnessWithAdmin, type Harness } from '../../helpers/app';
import { startBrevoFake, type VendorFake } from '../../helpers/fake-providers';
import { addSubscribers, newId, readyPublication } from '../delivery/send-support';
import { startJobWorker, type JobWorker } from '../../../src/server/jobs/worker';
import { jobHandlers } from '../../../src/server/job-handlers';
import { ensureSlug } from '../../../src/server/readers/pages/slug';
import { outbox, subscribers, users } from '../../../db/schema';
import type { SessionUser } from '../../../src/server/auth/service';
import { CAPABILITIES } from '../../../src/shared/plans';

const fakes: VendorFake[] = [];
const workers: JobWorker[] = [];
afterEach(async () => {
  while (workers.length) await workers.pop()!.stop();
  await Promise.all(fakes.splice(0).map((f) => f.close()));
});

/** A free account in the first days of a Professional trial (as /trial-signup makes it). */
async function trialOwner(h: Harness, email: string): Promise<SessionUser> {
  const user = await h.insertUser({ email, planType: 'free', verified: true });
  await h.db.update(users).set({ trialPlan: 'professional' }).where(eq(users.id, user.id));
  return { ...user, trialPlan: 'professional' };
}

describe('plan checks from an account id honour a free trial', () => {
  it("a trial-Professional owner's issue goes through their own provider, not the outbox", async () => {
    const brevo = await startBrevoFake();
    fakes.push(brevo);
    const h = await harnessWithAdmin({ env: { FETCH_ALLOW_HOSTS: brevo.hostPort, APP_SECRET: 'a'.repeat(40) } });
    const owner = await trialOwner(h, 'trial-writer@example.com');
    const api = h.caller(owner);
    await api.mailProviders.add({ kind: 'brevo', label: 'My Brevo', priority: 'primary', settings: { apiKey: 'brevo-key-1234abcd', baseUrl: brevo.url } });
    const pub = await readyPublication(h, owner);
    await addSubscribers(h, pub.id, 2);
    const worker = startJobWorker(h.deps, h.deps.queue, jobHandlers, { pollMs: 20, leaseMs: 5_000 });
    workers.push(worker);
    h.deps.delivery.kick = worker.kick;

    const created = await api.sends.create({ id: newId(), publicationId: pub.id });
    await worker.idle();

    expect(await api.sends.progress({ id: created.id })).toMatchObject({ status: 'sent', sent: 2 });
    expect(brevo.sent.map((m) => m.to).sort()).toEqual(['reader-0@example.com', 'reader-1@example.com']);
    expect(await h.db.select().from(outbox)).toHaveLength(0);
  });

  it("a public signup to a trial owner's publication is capped at the trial plan's limit, not the free plan's 500", async () => {
    const h = await harnessWithAdmin();
    const owner = await trialOwner(h, 'trial-owner@example.com');
    const pub = await h.caller(owner).publications.create({ name: 'Trial Notes' });
    const slug = await ensureSlug(h.db, pub.id);
    const kept = async () => {
      const [row] = await h.db
        .select({ n: count() })
        .from(subscribers)
        .where(and(eq(subscribers.publicationId, pub.id), inArray(subscribers.status, ['pending', 'active'])));
      return row!.n;
    };
    expect(CAPABILITIES.free.maxSubscribers).toBe(500);
    await addSubscribers(h, pub.id, 500);

    await h.caller('anon').subscribers.signup({ slug, email: 'five-hundred-one@example.com' });
    expect(await kept()).toBe(501);
    expect(await h.db.select().from(outbox).where(eq(outbox.toAddress, 'five-hundred-one@example.com'))).toHaveLength(1);
  });
});
