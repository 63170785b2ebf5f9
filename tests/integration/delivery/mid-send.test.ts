// Readers who leave while an issue is going out: one who unsubscribes and one who is suppressed after
// the recipients were snapshotted (between two chunks of the same send) get nothing after that.
// @postgres
import { describe, it, expect } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { harnessWithAdmin } from '../../helpers/app';
import { outbox, sendRecipients } from '../../../db/schema';
import { runSend } from '../../../src/server/delivery/runner';
import { unsubscribe, unsubscribeToken } from '../../../src/server/readers/unsubscribe';
import { suppress } from '../../../src/server/readers/suppression';
import { addSubscribers, newId, readyPublication } from './send-support';

describe('leaving during a send', () => {
  it('a reader who unsubscribes and one who is suppressed between chunks are not sent the rest of the issue', async () => {
    const h = await harnessWithAdmin();
    const user = await h.insertUser({ email: 'writer@example.com', planType: 'professional', verified: true });
    const pub = await readyPublication(h, user);
    await addSubscribers(h, pub.id, 504);
    const created = await h.caller(user).sends.create({ id: newId(), publicationId: pub.id });

    let left: { unsubscribed: string; suppressed: string } | null = null;
    let leaving = false;
    const outcome = await runSend(h.deps, created.id, {
      keepLease: () => true,
      async onProgress() {
        if (leaving) return;
        leaving = true;
        // The first chunk (500) is out; the rest are still waiting for theirs.
        const waiting = await h.db
          .select()
          .from(sendRecipients)
          .where(and(eq(sendRecipients.sendId, created.id), eq(sendRecipients.status, 'pending')));
        expect(waiting).toHaveLength(4);
        const [a, b] = waiting;
        await unsubscribe(h.deps, unsubscribeToken(h.env.APP_SECRET, a!.subscriberId!, created.id), 'one-click');
        await suppress(h.db, user.id, b!.email, 'complaint', 'test', h.deps.now());
        left = { unsubscribed: a!.email, suppressed: b!.email };
      },
    });

    expect(outcome.outcome).toBe('done');
    expect(left).not.toBeNull();
    const gone = [left!.unsubscribed, left!.suppressed];
    const mailedTo = new Set((await h.db.select({ to: outbox.toAddress }).from(outbox)).map((m) => m.to));
    expect(mailedTo.size).toBe(502);
    for (const address of gone) expect(mailedTo.has(address)).toBe(false);
    const rows = await h.db
      .select({ email: sendRecipients.email, status: sendRecipients.status })
      .from(sendRecipients)
      .where(and(eq(sendRecipients.sendId, created.id), inArray(sendRecipients.email, gone)));
    expect(rows.map((r) => r.status)).toEqual(['suppressed', 'suppressed']);
    expect(await h.caller(user).sends.progress({ id: created.id })).toMatchObject({ status: 'sent', sent: 502 });
  });
});
