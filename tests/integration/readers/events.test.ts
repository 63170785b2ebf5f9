// A reader's history is written where each change happens: joining by signup, by hand and by import;
// confirming; leaving by the reader's link or the creator's hand; bouncing; being removed.
// @postgres
import { describe, it, expect } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { harnessWithAdmin } from '../../helpers/app';
import { outbox, readerEvents, subscribers } from '../../../db/schema';
import { ensureSlug } from '../../../src/server/readers/pages/slug';
import { suppress } from '../../../src/server/readers/suppression';
import { unsubscribe, unsubscribeToken } from '../../../src/server/readers/unsubscribe';

async function setup() {
  const clock = { now: new Date('2026-03-01T10:00:00Z') };
  const h = await harnessWithAdmin({ deps: { now: () => clock.now } });
  const user = await h.insertUser({ email: 'owner@example.com', planType: 'professional' });
  const api = h.caller(user);
  const pub = await api.publications.create({ name: 'Field Notes' });
  return { h, user, api, pub, clock, slug: await ensureSlug(h.db, pub.id) };
}

const historyOf = async (h: Awaited<ReturnType<typeof setup>>['h'], email: string) => {
  const [sub] = await h.db.select().from(subscribers).where(eq(subscribers.email, email));
  const rows = await h.db.select().from(readerEvents).where(eq(readerEvents.subscriberId, sub!.id)).orderBy(asc(readerEvents.id));
  return rows.map((r) => `${r.kind}:${r.source}`);
};

describe("readers' history", () => {
  it('records a signup, its confirmation (once), leaving by the link and joining again', async () => {
    const { h, slug, clock, pub } = await setup();
    const anon = h.caller('anon');
    await anon.subscribers.signup({ slug, email: 'rea@example.com', name: 'Rea' });
    // Asking for a new link while pending is not a second join.
    await anon.subscribers.signup({ slug, email: 'rea@example.com' });
    const [mail] = (await h.db.select().from(outbox).where(eq(outbox.toAddress, 'rea@example.com'))).slice(-1);
    const token = /\/confirm\?token=([A-Za-z0-9_-]+)/.exec(mail!.text)![1]!;
    clock.now = new Date('2026-03-02T10:00:00Z');
    await anon.subscribers.confirm({ slug, token });
    await anon.subscribers.confirm({ slug, token });
    expect(await historyOf(h, 'rea@example.com')).toEqual(['subscribed:signup', 'confirmed:signup']);

    const [sub] = await h.db.select().from(subscribers).where(eq(subscribers.email, 'rea@example.com'));
    const link = unsubscribeToken(h.env.APP_SECRET, sub!.id, 'send-1');
    await unsubscribe(h.deps, link, 'page');
    await unsubscribe(h.deps, link, 'one-click');
    await anon.subscribers.signup({ slug, email: 'rea@example.com' });
    expect(await historyOf(h, 'rea@example.com')).toEqual(['subscribed:signup', 'confirmed:signup', 'unsubscribed:reader', 'subscribed:signup']);
    const [confirmed] = await h.db.select().from(readerEvents).where(eq(readerEvents.kind, 'confirmed'));
    expect(confirmed).toMatchObject({ publicationId: pub.id, at: new Date('2026-03-02T10:00:00Z') });
  });

  it('records readers added by hand and by import, marked as left by the creator, bounced and removed', async () => {
    const { h, api, pub, user } = await setup();
    await api.subscribers.add({ publicationId: pub.id, email: 'hand@example.com', name: 'Hand' });
    const report = await api.subscribers.importCsv({
      publicationId: pub.id,
      csv: 'email\nfile-1@example.com\nfile-2@example.com\nhand@example.com\n',
      mode: 'import',
    });
    expect(report.imported).toBe(2);
    expect(await historyOf(h, 'hand@example.com')).toEqual(['subscribed:manual']);
    expect(await historyOf(h, 'file-1@example.com')).toEqual(['subscribed:import']);
    expect(await historyOf(h, 'file-2@example.com')).toEqual(['subscribed:import']);

    const [hand] = await h.db.select().from(subscribers).where(eq(subscribers.email, 'hand@example.com'));
    await api.subscribers.update({ publicationId: pub.id, id: hand!.id, status: 'unsubscribed' });
    expect(await historyOf(h, 'hand@example.com')).toEqual(['subscribed:manual', 'unsubscribed:creator']);

    await suppress(h.db, user.id, 'file-1@example.com', 'hard_bounce', 'brevo', new Date());
    await suppress(h.db, user.id, 'file-1@example.com', 'hard_bounce', 'brevo', new Date());
    expect(await historyOf(h, 'file-1@example.com')).toEqual(['subscribed:import', 'bounced:provider']);

    const [file2] = await h.db.select().from(subscribers).where(eq(subscribers.email, 'file-2@example.com'));
    await api.subscribers.remove({ publicationId: pub.id, ids: [file2!.id] });
    // The reader is gone; their history stays for the growth figures.
    const kept = await h.db.select().from(readerEvents).where(eq(readerEvents.subscriberId, file2!.id)).orderBy(asc(readerEvents.id));
    expect(kept.map((e) => e.kind)).toEqual(['subscribed', 'removed']);
  });
});
