// @postgres
import { describe, it, expect } from 'vitest';
import { eq } from 'drizzle-orm';
import { harnessWithAdmin } from '../../helpers/app';
import { signedIn } from '../newsletter/support';
import { expectStatus } from '../workflow/factories';
import { subscribers, suppressions } from '../../../db/schema';
import { MAX_IMPORT_ROWS, SUBSCRIBER_MSG } from '../../../src/server/readers/subscription/subscribers';
import { addSubscribers } from '../delivery/send-support';
import { PAUSE_MS, preferencesToken } from '../../../src/server/readers/preferences';

async function setup(planType: 'free' | 'professional' = 'professional') {
  const h = await harnessWithAdmin();
  const { user, cookie } = await signedIn(h, { planType });
  const pub = await h.caller(user).publications.create({ name: 'Field Notes' });
  return { h, user, cookie, pub, api: h.caller(user) };
}

const upload = (h: Awaited<ReturnType<typeof setup>>['h'], cookie: string, pubId: string, csv: string, q = 'mode=import') =>
  h.app.request(`/api/uploads/subscribers?publicationId=${pubId}&${q}`, { method: 'POST', headers: { cookie, 'content-type': 'text/csv' }, body: csv });

describe('subscribers', () => {
  it('adds, lists with search and status counts, and removes; a reader who left is not re-activated', async () => {
    const { h, api, pub } = await setup();
    await api.subscribers.add({ publicationId: pub.id, email: 'Ada@Example.com', name: 'Ada Lovelace' });
    await api.subscribers.add({ publicationId: pub.id, email: 'grace@example.com' });
    await expectStatus(api.subscribers.add({ publicationId: pub.id, email: 'ada@example.com' }), 409, SUBSCRIBER_MSG.already);
    await h.db.update(subscribers).set({ status: 'unsubscribed' }).where(eq(subscribers.email, 'grace@example.com'));
    await expectStatus(api.subscribers.add({ publicationId: pub.id, email: 'grace@example.com' }), 409, SUBSCRIBER_MSG.leftByChoice);
    await expectStatus(api.subscribers.add({ publicationId: pub.id, email: 'not-an-address' }), 400);

    const all = await api.subscribers.list({ publicationId: pub.id });
    expect(all.counts).toMatchObject({ active: 1, unsubscribed: 1 });
    const found = await api.subscribers.list({ publicationId: pub.id, search: 'LOVE' });
    expect(found.subscribers.map((s) => s.email)).toEqual(['ada@example.com']);
    expect((await api.subscribers.list({ publicationId: pub.id, search: '%' })).subscribers).toEqual([]);
    // Typed wildcards are literal: an address with _ is found by it, and _ matches nothing else.
    await api.subscribers.add({ publicationId: pub.id, email: 'first_last@example.com' });
    await api.subscribers.add({ publicationId: pub.id, email: 'firstxlast@example.com' });
    expect((await api.subscribers.list({ publicationId: pub.id, search: 'first_last' })).subscribers.map((s) => s.email)).toEqual(['first_last@example.com']);
    expect((await api.subscribers.remove({ publicationId: pub.id, ids: [found.subscribers[0].id] })).removed).toBe(1);
  });

  it("lists each reader's own choices: a pause while it runs, the weekly roll-up, plain text, and the topics among the tags", async () => {
    let now = new Date('2026-03-01T10:00:00Z');
    const h = await harnessWithAdmin({ deps: { now: () => now } });
    const { user } = await signedIn(h, { planType: 'professional' });
    const api = h.caller(user);
    const pub = await api.publications.create({ name: 'Field Notes' });
    await api.preferences.saveTopics({ publicationId: pub.id, topics: ['tides', 'reefs'] });
    const [paused, weekly, plain, usual] = await Promise.all(
      ['paused', 'weekly', 'plain', 'usual'].map((n) =>
        api.subscribers.add({ publicationId: pub.id, email: `${n}@example.com`, tags: n === 'plain' ? ['vip'] : [] }),
      ),
    );
    const reader = h.caller('anon');
    const token = (id: string) => preferencesToken(h.deps.env.APP_SECRET, id);
    await reader.preferences.save({ token: token(paused!.id), pause: 'month' });
    await reader.preferences.save({ token: token(weekly!.id), frequency: 'weekly' });
    await reader.preferences.save({ token: token(plain!.id), format: 'text', topics: ['tides', 'reefs'] });

    const choices = async () =>
      Object.fromEntries(
        (await api.subscribers.list({ publicationId: pub.id })).subscribers.map((s) => [
          s.email.split('@')[0],
          { format: s.format, frequency: s.frequency, pausedUntil: s.pausedUntil, topics: s.topics, tags: s.tags },
        ]),
      );
    const usualChoices = { format: 'html', frequency: 'every', pausedUntil: null, topics: [], tags: [] };
    expect(await choices()).toEqual({
      paused: { ...usualChoices, pausedUntil: new Date(now.getTime() + PAUSE_MS).toISOString() },
      weekly: { ...usualChoices, frequency: 'weekly' },
      plain: { ...usualChoices, format: 'text', topics: ['reefs', 'tides'], tags: ['reefs', 'tides', 'vip'] },
      usual: usualChoices,
    });
    expect(usual).toMatchObject(usualChoices);
    // A pause that has ended is no choice any more.
    now = new Date(now.getTime() + PAUSE_MS + 1);
    expect((await choices()).paused).toEqual(usualChoices);
  });

  it('refuses suppressed addresses, anon (401) and other users (404)', async () => {
    const { h, api, pub, user } = await setup();
    await h.db
      .insert(suppressions)
      .values({ id: 'x', userId: user.id, email: 'bounced@example.com', reason: 'hard_bounce', source: 'smtp', createdAt: new Date() });
    await expectStatus(api.subscribers.add({ publicationId: pub.id, email: 'bounced@example.com' }), 409, SUBSCRIBER_MSG.suppressed);
    await expectStatus(h.caller('anon').subscribers.list({ publicationId: pub.id }), 401);
    const stranger = await h.insertUser({ email: 'stranger@example.com' });
    await expectStatus(h.caller(stranger).subscribers.list({ publicationId: pub.id }), 404);
    await expectStatus(h.caller(stranger).subscribers.add({ publicationId: pub.id, email: 'x@example.com' }), 404);
  });

  it('imports a CSV: header in any order, dedupe, a report of bad rows, nothing written until the bad rows are fixed or skipped', async () => {
    const { h, cookie, pub, api } = await setup();
    await api.subscribers.add({ publicationId: pub.id, email: 'known@example.com' });
    const csv = 'Name,E-mail\nAda,ada@example.com\nBen,BEN@example.com\nBen again,ben@example.com\nNope,not-an-email\nKnown,known@example.com\n';
    const check = await (await upload(h, cookie, pub.id, csv, 'mode=check')).json();
    expect(check).toMatchObject({ rows: 5, valid: 2, duplicatesInFile: 1, alreadySubscribed: 1, invalidCount: 1, imported: 0 });
    expect(check.invalid).toEqual([{ line: 5, value: 'not-an-email', reason: 'Not a valid e-mail address' }]);

    const refused = await (await upload(h, cookie, pub.id, csv)).json();
    expect(refused).toMatchObject({ imported: 0, message: SUBSCRIBER_MSG.hasInvalid });
    expect((await api.subscribers.list({ publicationId: pub.id })).total).toBe(1);

    const done = await (await upload(h, cookie, pub.id, csv, 'mode=import&skipInvalid=1')).json();
    expect(done.imported).toBe(2);
    const rows = (await api.subscribers.list({ publicationId: pub.id })).subscribers;
    expect(rows.map((r) => r.email).sort()).toEqual(['ada@example.com', 'ben@example.com', 'known@example.com']);
    expect(rows.find((r) => r.email === 'ben@example.com')).toMatchObject({ name: 'Ben', source: 'import', status: 'active' });
  });

  it('a file without a header, column 1 holding addresses, works; a file without addresses is a 400', async () => {
    const { h, cookie, pub } = await setup();
    expect((await (await upload(h, cookie, pub.id, 'ada@example.com,Ada\nben@example.com\n')).json()).imported).toBe(2);
    const res = await upload(h, cookie, pub.id, 'first,last\nAda,Lovelace\n');
    expect(res.status).toBe(400);
    expect((await res.json()).message).toBe(SUBSCRIBER_MSG.noEmailColumn);
  });

  it(`refuses more than ${MAX_IMPORT_ROWS.toLocaleString()} rows and the plan's subscriber limit, writing nothing`, async () => {
    const { h, cookie, pub } = await setup();
    const big = 'email\n' + Array.from({ length: MAX_IMPORT_ROWS + 1 }, (_, i) => `r${i}@example.com`).join('\n');
    const res = await upload(h, cookie, pub.id, big);
    expect(res.status).toBe(400);
    expect((await res.json()).message).toBe(SUBSCRIBER_MSG.tooManyRows);

    const free = await setup('free');
    await addSubscribers(free.h, free.pub.id, 499);
    const over = await upload(free.h, free.cookie, free.pub.id, 'email\na@example.com\nb@example.com\n');
    expect(over.status).toBe(403);
    expect((await over.json()).message).toBe(SUBSCRIBER_MSG.limit(500));
    expect((await free.api.subscribers.list({ publicationId: free.pub.id })).total).toBe(499);
  });

  it('stores imported names exactly as written, in file order, whatever characters they hold', async () => {
    const { h, cookie, pub } = await setup();
    const names = ['Ada "The Countess" Lovelace', 'Back\\slash', '{Curly}, braces', 'NULL', 'Zoë 名前 🙂', "O'Brien; DROP", 'Nul\u0000Byte'];
    const csv = 'email,name\n' + names.map((n, i) => `r${i}@example.com,"${n.replace(/"/g, '""')}"`).join('\n');
    expect((await (await upload(h, cookie, pub.id, csv)).json()).imported).toBe(names.length);
    const rows = await h.db
      .select({ email: subscribers.email, name: subscribers.name, createdAt: subscribers.createdAt })
      .from(subscribers)
      .where(eq(subscribers.publicationId, pub.id));
    rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
    // Postgres cannot store NUL in text: it becomes U+FFFD there, as in every other write.
    expect(rows.map((r) => [r.email, r.name.replace('\ufffd', '\u0000')])).toEqual(names.map((n, i) => [`r${i}@example.com`, n]));
  });

  it('exports CSV with a dated file name, neutralising cells a spreadsheet would run', async () => {
    const { h, cookie, pub, api } = await setup();
    await api.subscribers.add({ publicationId: pub.id, email: 'ada@example.com', name: '=HYPERLINK("http://evil")' });
    const res = await h.app.request(`/api/subscribers/export?publicationId=${pub.id}`, { headers: { cookie } });
    expect(res.headers.get('content-disposition')).toMatch(/attachment; filename="subscribers-field-notes-\d{4}-\d{2}-\d{2}\.csv"/);
    const text = await res.text();
    expect(text.split('\r\n')[0]).toBe('email,name,status,source,subscribed_at');
    expect(text).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect((await h.app.request(`/api/subscribers/export?publicationId=${pub.id}`)).status).toBe(401);
  });

  it('reads header variants (Full Name / E-Mail Address, First name / email) in any order and case', async () => {
    const { h, cookie, pub, api } = await setup();
    const a = await (await upload(h, cookie, pub.id, 'id,FULL NAME,E-Mail Address\n1,Ada Lovelace,ada@example.com\n')).json();
    expect(a).toMatchObject({ rows: 1, imported: 1 });
    const b = await (await upload(h, cookie, pub.id, 'email,First name\nben@example.com,Ben\n')).json();
    expect(b).toMatchObject({ rows: 1, imported: 1 });
    const rows = (await api.subscribers.list({ publicationId: pub.id })).subscribers;
    expect(Object.fromEntries(rows.map((r) => [r.email, r.name]))).toEqual({ 'ada@example.com': 'Ada Lovelace', 'ben@example.com': 'Ben' });
  });

  it('refuses line breaks inside fields and over-long names, reporting the line', async () => {
    const { h, cookie, pub } = await setup();
    const csv = `email,name\nok@example.com,Fine\nbreak@example.com,"Two\nlines"\n"cr@example.com\r",CR\nlong@example.com,${'x'.repeat(201)}\n`;
    const report = await (await upload(h, cookie, pub.id, csv)).json();
    expect(report).toMatchObject({ valid: 1, invalidCount: 3, imported: 0 });
    expect(report.invalid.map((r: { reason: string }) => r.reason)).toEqual([
      'A field holds a line break',
      'A field holds a line break',
      'Name longer than 200 characters',
    ]);
    // The row starts on line 3 and ends on line 4; the report names where it starts.
    expect(report.invalid[0]).toMatchObject({ line: 3, value: 'break@example.com' });
  });

  it('does not re-activate readers who left and skips suppressed addresses, reporting both', async () => {
    const { h, cookie, pub, api, user } = await setup();
    await addSubscribers(h, pub.id, 1, { status: 'unsubscribed', prefix: 'gone' });
    await addSubscribers(h, pub.id, 1, { status: 'complained', prefix: 'angry' });
    await h.db
      .insert(suppressions)
      .values({ id: 's', userId: user.id, email: 'bounced@example.com', reason: 'hard_bounce', source: 'smtp', createdAt: new Date() });
    const csv = 'email\ngone-0@example.com\nangry-0@example.com\nbounced@example.com\nnew@example.com\n';
    const report = await (await upload(h, cookie, pub.id, csv)).json();
    expect(report).toMatchObject({ valid: 1, skippedUnsubscribed: 2, suppressed: 1, imported: 1 });
    const list = await api.subscribers.list({ publicationId: pub.id });
    expect(list.counts).toMatchObject({ active: 1, unsubscribed: 1, complained: 1 });
  });

  it('accepts a multipart form with a file field', async () => {
    const { h, cookie, pub } = await setup();
    const form = new FormData();
    form.set('file', new Blob(['email,name\nada@example.com,Ada\n'], { type: 'text/csv' }), 'readers.csv');
    const res = await h.app.request(`/api/uploads/subscribers?publicationId=${pub.id}&mode=import`, { method: 'POST', headers: { cookie }, body: form });
    expect(res.status).toBe(200);
    expect((await res.json()).imported).toBe(1);
  });

  it('every procedure: anon 401, a foreign publication 404, bad input 400', async () => {
    const { h, pub, cookie, api } = await setup();
    const anon = h.caller('anon');
    const stranger = h.caller(await h.insertUser({ email: 'other@example.com' }));
    const added = await api.subscribers.add({ publicationId: pub.id, email: 'kept@example.com' });
    const calls = {
      remove: (c: typeof anon) => c.subscribers.remove({ publicationId: pub.id, ids: [added.id] }),
      share: (c: typeof anon) => c.subscribers.share({ publicationId: pub.id }),
      exportCsv: (c: typeof anon) => c.subscribers.exportCsv({ publicationId: pub.id }),
      importCsv: (c: typeof anon) => c.subscribers.importCsv({ publicationId: pub.id, csv: 'email\na@example.com\n', mode: 'import' }),
    };
    for (const call of Object.values(calls)) {
      await expectStatus(call(anon), 401);
      await expectStatus(call(stranger), 404);
    }
    expect((await api.subscribers.list({ publicationId: pub.id })).total).toBe(1);
    await expectStatus(api.subscribers.list({ publicationId: pub.id, page: 0 }), 400);
    await expectStatus(api.subscribers.list({ publicationId: pub.id, status: 'gone' as never }), 400);
    await expectStatus(api.subscribers.remove({ publicationId: pub.id, ids: [] }), 400);
    await expectStatus(api.subscribers.add({ publicationId: pub.id, email: 'x@example.com', name: 'a\nb' }), 400);
    await expectStatus(api.subscribers.importCsv({ publicationId: pub.id, csv: 'email\n', mode: 'wipe' as never }), 400);
    const foreign = await h.app.request(`/api/uploads/subscribers?publicationId=${pub.id}&mode=check`, { method: 'POST', body: 'email\na@example.com\n' });
    expect(foreign.status).toBe(401);
    const other = await signedIn(h);
    const res = await h.app.request(`/api/subscribers/export?publicationId=${pub.id}`, { headers: { cookie: other.cookie } });
    expect(res.status).toBe(404);
    expect((await h.app.request(`/api/subscribers/export?publicationId=${pub.id}`, { headers: { cookie } })).status).toBe(200);
  });

  it('paginates 50 per page, newest first, and counts the matches', async () => {
    const { h, pub, api } = await setup();
    await addSubscribers(h, pub.id, 120);
    const first = await api.subscribers.list({ publicationId: pub.id });
    expect(first).toMatchObject({ total: 120, matching: 120, pageSize: 50, page: 1 });
    expect(first.subscribers).toHaveLength(50);
    expect(first.subscribers[0].email).toBe('reader-119@example.com');
    const last = await api.subscribers.list({ publicationId: pub.id, page: 3 });
    expect(last.subscribers.map((s) => s.email).at(-1)).toBe('reader-0@example.com');
    expect(last.subscribers).toHaveLength(20);
    expect((await api.subscribers.list({ publicationId: pub.id, search: 'reader-11' })).matching).toBe(11);
    expect((await api.subscribers.list({ publicationId: pub.id, search: 'reader_1' })).matching).toBe(0);
  });

  it('neutralises every cell a spreadsheet would run (= + - @)', async () => {
    const { h, cookie, pub } = await setup();
    await upload(h, cookie, pub.id, 'email,name\na@example.com,+SUM(1)\nb@example.com,-2+3\nc@example.com,@cmd\nd@example.com,Plain\n');
    const text = await (await h.app.request(`/api/subscribers/export?publicationId=${pub.id}`, { headers: { cookie } })).text();
    expect(text).toContain(",'+SUM(1),");
    expect(text).toContain(",'-2+3,");
    expect(text).toContain(",'@cmd,");
    expect(text).toContain(',Plain,');
    expect(text).not.toMatch(/,[=+\-@]/);
  });
});
