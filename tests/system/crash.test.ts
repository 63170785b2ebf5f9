// kill -9 during a 10,000-recipient send, then a restart: every recipient ends up with exactly one
// distinct message (one Message-ID), nobody is skipped, and the resent in-doubt messages (handed to the
// SMTP server when the process died, before their outcome was recorded) are bounded by the connections
// that were in flight.
import { describe, it, expect, afterEach } from 'vitest';
import { eq } from 'drizzle-orm';
import { crashEnv, startWorker, until } from './crash-support';
import { harnessWithAdmin } from '../helpers/app';
import { startCountingSmtp, type CountingSmtp } from '../helpers/counting-smtp';
import { issueSends, sendRecipients } from '../../db/schema';
import { addSubscribers, newId, readyPublication } from '../integration/delivery/send-support';

const RECIPIENTS = 10_000;

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

describe('crash during a bulk send', () => {
  it('kill -9 mid-send, restart: every recipient gets one message, none twice by Message-ID, none skipped', { timeout: 120_000 }, async () => {
    const smtp: CountingSmtp = await startCountingSmtp();
    cleanups.push(smtp.close);
    const env = crashEnv(smtp.url, cleanups);
    const h = await harnessWithAdmin({ env });
    const user = await h.insertUser({ email: 'writer@example.com', verified: true });
    const pub = await readyPublication(h, user);
    await addSubscribers(h, pub.id, RECIPIENTS);
    const send = await h.caller(user).sends.create({ id: newId(), publicationId: pub.id });

    const first = startWorker(env, cleanups);
    await until(() => smtp.accepted() >= 2_500, 'the first worker to deliver 2,500 messages');
    first.kill('SIGKILL');
    await new Promise((r) => first.once('exit', r));
    const atCrash = smtp.accepted();
    expect(atCrash).toBeLessThan(RECIPIENTS);

    const second = startWorker(env, cleanups);
    const code = await new Promise<number | null>((r) => second.once('exit', r));
    expect(code).toBe(0);
    // Let the last replies land in the sink.
    await until(() => smtp.byRecipient.size >= RECIPIENTS, 'every recipient', 10_000);

    const [row] = await h.db.select().from(issueSends).where(eq(issueSends.id, send.id));
    expect(row!.status).toBe('sent');
    const statuses = await h.db.select({ status: sendRecipients.status }).from(sendRecipients).where(eq(sendRecipients.sendId, send.id));
    expect(statuses).toHaveLength(RECIPIENTS);
    expect(statuses.every((s) => s.status === 'sent')).toBe(true);

    expect(smtp.byRecipient.size).toBe(RECIPIENTS);
    for (const [address, ids] of smtp.byRecipient) {
      if (new Set(ids).size !== 1) throw new Error(`${address} got ${new Set(ids).size} different messages`);
    }
    const duplicates = smtp.accepted() - RECIPIENTS;
    // Only messages in flight at the kill can arrive twice (same Message-ID): at most one per connection.
    expect(duplicates).toBeGreaterThanOrEqual(0);
    expect(duplicates).toBeLessThanOrEqual(20);
    console.log(`crash test: ${atCrash} delivered before kill -9, ${duplicates} in-doubt message(s) resent with the same Message-ID`);
  });
});
