// An issue send under simultaneous work: one client id sent several times at once makes one send, and
// two runs of one send at once (a run resumed elsewhere while the first still works) snapshot it once
// and reach every reader.
// @postgres
import { describe, it, expect } from 'vitest';
import { eq } from 'drizzle-orm';
import { issueSends, outbox, sendRecipients } from '../../../db/schema';
import { harnessWithAdmin } from '../../helpers/app';
import { runSend } from '../../../src/server/delivery/runner';
import { addSubscribers, newId, readyPublication } from '../delivery/send-support';
import { times, together } from './support';

const N = 6;

async function writerWithReaders(readers: number) {
  const h = await harnessWithAdmin();
  const user = await h.insertUser({ email: 'writer@example.com', planType: 'professional', verified: true });
  const pub = await readyPublication(h, user);
  await addSubscribers(h, pub.id, readers);
  return { h, user, pub };
}

describe('issue sends', () => {
  it(`one send id sent ${N} times at once makes one send, answered to every request (five rounds)`, async () => {
    const { h, user, pub } = await writerWithReaders(3);
    for (let round = 0; round < 5; round++) {
      const id = newId();
      const { ok } = await together(Array.from({ length: N }, () => h.caller(user).sends.create({ id, publicationId: pub.id })));
      expect(ok.map((s) => s.id)).toEqual(times(N, id));
      expect(await h.db.select().from(issueSends).where(eq(issueSends.id, id))).toHaveLength(1);
    }
  });

  // A second run resets what the first has in flight (a resumed run cannot tell a live run from a dead
  // one), so a repeat of the batch in flight is allowed; the snapshot is what must happen once.
  it('two runs starting one scheduled send at once snapshot it once: its total is the readers, and every reader is mailed', async () => {
    const { h, user, pub } = await writerWithReaders(1_200);
    const created = await h.caller(user).sends.create({ id: newId(), publicationId: pub.id, scheduledAt: new Date(Date.now() + 3_600_000).toISOString() });

    const runs = await Promise.all([0, 1].map(() => runSend(h.deps, created.id, { keepLease: () => true })));
    expect(runs.map((r) => r.outcome)).toEqual(['done', 'done']);
    const [send] = await h.db.select({ total: issueSends.total, status: issueSends.status }).from(issueSends).where(eq(issueSends.id, created.id));
    expect(send).toEqual({ total: 1_200, status: 'sent' });
    expect(await h.db.select().from(sendRecipients).where(eq(sendRecipients.sendId, created.id))).toHaveLength(1_200);
    const mailed = (await h.db.select({ to: outbox.toAddress }).from(outbox)).map((m) => m.to).filter((to) => to.startsWith('reader-'));
    expect(new Set(mailed).size).toBe(1_200);
  });
});
