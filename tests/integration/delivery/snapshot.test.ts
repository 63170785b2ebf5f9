// Who gets an issue is frozen once: the publication's active subscribers, oldest first, minus the
// account's suppressed addresses. Freezing again adds nobody twice and counts only the new rows.
// @postgres
import { describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { issueSends, sendRecipients, suppressions } from '../../../db/schema';
import { harnessWithAdmin } from '../../helpers/app';
import { snapshotRecipients } from '../../../src/server/delivery/recipients';
import { addSubscribers, newId, readyPublication } from './send-support';

describe('recipient snapshot', () => {
  it('takes active, unsuppressed subscribers in sign-up order, and a second snapshot adds only newcomers', async () => {
    const h = await harnessWithAdmin();
    const user = await h.insertUser({ planType: 'professional' });
    const pub = await readyPublication(h, user);
    const active = await addSubscribers(h, pub.id, 4);
    await addSubscribers(h, pub.id, 2, { status: 'unsubscribed', prefix: 'gone' });
    const at = new Date();
    await h.db.insert(suppressions).values({ id: newId(), userId: user.id, email: active[1]!.email, reason: 'manual', source: 'test', createdAt: at });
    const send = {
      id: newId(),
      userId: user.id,
      publicationId: pub.id,
      subject: 'Issue 1',
      fromName: 'Compiler Weekly',
      replyTo: user.email,
      html: '<p>hi</p>',
      text: 'hi',
      webHtml: '<p>hi</p>',
      articles: [],
      status: 'scheduled' as const,
      scheduledAt: at,
      startedAt: null,
      finishedAt: null,
      total: 0,
      trackOpens: false,
      trackClicks: false,
      lastError: null,
      subjectTest: null,
      testEndsAt: null,
      testWinner: null,
      precheck: null,
      segmentId: null,
      segmentName: null,
      rollupOf: null,
      newsletterId: null,
      createdAt: at,
    };
    await h.db.insert(issueSends).values(send);
    const emails = async () =>
      (await h.db.select({ email: sendRecipients.email }).from(sendRecipients).where(eq(sendRecipients.sendId, send.id)).orderBy(asc(sendRecipients.id))).map(
        (r) => r.email,
      );
    const total = async () => (await h.db.select({ total: issueSends.total }).from(issueSends).where(eq(issueSends.id, send.id)))[0]!.total;

    expect(await snapshotRecipients(h.db, send, at)).toBe(3);
    expect(await emails()).toEqual([active[0]!.email, active[2]!.email, active[3]!.email]);
    expect(await total()).toBe(3);

    const [late] = await addSubscribers(h, pub.id, 1, { prefix: 'late' });
    expect(await snapshotRecipients(h.db, send, at)).toBe(1);
    expect(await emails()).toEqual([active[0]!.email, active[2]!.email, active[3]!.email, late!.email]);
    expect(await total()).toBe(1);
  });
});
