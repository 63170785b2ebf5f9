// Tags on readers: by hand on one reader and a selection (with their history), refused when they carry
// markup or are too long, by a CSV `tags` column (bad tags reported per line), by the public API
// (list, get, add, update, the tag filter), never on another account's readers.
// @postgres
import { describe, it, expect } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import { harnessWithAdmin } from '../../helpers/app';
import { readerEvents, subscriberTags, subscribers } from '../../../db/schema';
import { READERS_MSG } from '../../../src/shared/schemas/readers';
import { addSubscribers } from '../delivery/send-support';
import { account, v1 } from '../api/support';

async function setup() {
  const h = await harnessWithAdmin();
  const user = await h.insertUser({ email: 'owner@example.com', planType: 'professional' });
  const api = h.caller(user);
  const pub = await api.publications.create({ name: 'Field Notes' });
  const readers = await addSubscribers(h, pub.id, 4);
  return { h, user, api, pub, readers };
}

const tagRows = async (h: Awaited<ReturnType<typeof setup>>['h'], subscriberId: string) =>
  (await h.db.select().from(subscriberTags).where(eq(subscriberTags.subscriberId, subscriberId)).orderBy(asc(subscriberTags.tag))).map(
    (r) => `${r.tag}:${r.source}`,
  );

describe('tags by hand', () => {
  it('adds tags to a selection and removes them from one reader, recording tagged and untagged', async () => {
    const { h, api, pub, readers } = await setup();
    const [a, b, c] = readers;
    expect(await api.segments.addTags({ publicationId: pub.id, ids: [a!.id, b!.id], tags: ['Rust', 'weekly digest'] })).toEqual({ changed: 2 });
    // Already carried (in any case): nothing changes, nothing recorded twice.
    expect(await api.segments.addTags({ publicationId: pub.id, ids: [a!.id], tags: ['rust'] })).toEqual({ changed: 0 });
    expect(await tagRows(h, a!.id)).toEqual(['Rust:manual', 'weekly digest:manual']);
    expect(await tagRows(h, c!.id)).toEqual([]);
    expect(await api.segments.removeTags({ publicationId: pub.id, ids: [a!.id], tags: ['RUST'] })).toEqual({ changed: 1 });
    expect(await tagRows(h, a!.id)).toEqual(['weekly digest:manual']);
    const history = await h.db.select().from(readerEvents).where(eq(readerEvents.subscriberId, a!.id)).orderBy(asc(readerEvents.id));
    expect(history.map((e) => `${e.kind}:${e.source}:${(e.detail as { tag?: string } | null)?.tag}`)).toEqual([
      'tagged:manual:Rust',
      'tagged:manual:weekly digest',
      'untagged:manual:Rust',
    ]);
    expect(await api.segments.listTags({ publicationId: pub.id })).toEqual([
      { tag: 'Rust', readers: 1 },
      { tag: 'weekly digest', readers: 2 },
    ]);
    // The list shows each reader's tags and filters by one.
    const list = await api.subscribers.list({ publicationId: pub.id, tag: 'weekly digest' });
    expect(list.matching).toBe(2);
    expect(list.subscribers.map((s) => [s.email, s.tags])).toEqual([
      [b!.email, ['Rust', 'weekly digest']],
      [a!.email, ['weekly digest']],
    ]);
  });

  it('refuses markup and a 10,000-character tag with the message, writing nothing', async () => {
    const { h, api, pub, readers } = await setup();
    await expect(api.segments.addTags({ publicationId: pub.id, ids: [readers[0]!.id], tags: ['<script>alert(1)</script>'] })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringContaining(READERS_MSG.tagMarkup),
    });
    await expect(api.segments.addTags({ publicationId: pub.id, ids: [readers[0]!.id], tags: ['x'.repeat(10_000)] })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringContaining(READERS_MSG.tagLength),
    });
    await expect(api.subscribers.add({ publicationId: pub.id, email: 'new@example.com', tags: ['<b>'] })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    expect(await h.db.select().from(subscriberTags)).toEqual([]);
    expect(await h.db.select().from(subscribers).where(eq(subscribers.email, 'new@example.com'))).toEqual([]);
  });

  it("never tags another account's readers", async () => {
    const { h, api, pub } = await setup();
    const other = await h.insertUser({ email: 'other@example.com', planType: 'professional' });
    const theirPub = await h.caller(other).publications.create({ name: 'Theirs' });
    const [theirs] = await addSubscribers(h, theirPub.id, 1, { prefix: 'theirs' });
    await expect(h.caller(other).segments.addTags({ publicationId: pub.id, ids: [theirs!.id], tags: ['x'] })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await api.segments.addTags({ publicationId: pub.id, ids: [theirs!.id], tags: ['x'] })).toEqual({ changed: 0 });
    expect(await h.db.select().from(subscriberTags)).toEqual([]);
  });
});

describe('tags by CSV', () => {
  it('reads a tags column split by ; or |, and reports bad tags by line like other bad cells', async () => {
    const { h, api, pub } = await setup();
    const csv = [
      'email,name,tags',
      'ann@example.com,Ann,news;tech',
      'bob@example.com,Bob,news | local',
      'cy@example.com,Cy,<i>x</i>',
      `di@example.com,Di,${'y'.repeat(10_000)}`,
      'ed@example.com,Ed,',
    ].join('\n');
    const checked = await api.subscribers.importCsv({ publicationId: pub.id, csv, mode: 'import' });
    expect(checked.invalid).toEqual([
      { line: 4, value: 'cy@example.com', reason: `Tag "<i>x</i>": ${READERS_MSG.tagMarkup}` },
      { line: 5, value: 'di@example.com', reason: `Tag "${'y'.repeat(60)}": ${READERS_MSG.tagLength}` },
    ]);
    expect(checked.imported).toBe(0);
    const report = await api.subscribers.importCsv({ publicationId: pub.id, csv, mode: 'import', skipInvalid: true });
    expect(report.imported).toBe(3);
    const tagsOf = async (email: string) => {
      const [s] = await h.db
        .select()
        .from(subscribers)
        .where(and(eq(subscribers.publicationId, pub.id), eq(subscribers.email, email)));
      return tagRows(h, s!.id);
    };
    expect(await tagsOf('ann@example.com')).toEqual(['news:import', 'tech:import']);
    expect(await tagsOf('bob@example.com')).toEqual(['local:import', 'news:import']);
    expect(await tagsOf('ed@example.com')).toEqual([]);
    const tagged = await h.db.select().from(readerEvents).where(eq(readerEvents.kind, 'tagged'));
    expect(tagged).toHaveLength(4);
  });
});

describe('tags by the public API', () => {
  it('adds with tags, reads them in list and get, filters by tag, replaces them on update, refuses markup', async () => {
    const h = await harnessWithAdmin();
    const a = await account(h, 'api@example.com');
    const key = a.keys.write;
    const base = `/publications/${a.pub.id}/subscribers`;
    const added = await v1(h, key, 'POST', base, { email: 'tagged@example.com', tags: ['paid', 'beta'] });
    expect(added.status).toBe(201);
    expect(added.json).toMatchObject({ email: 'tagged@example.com', tags: ['beta', 'paid'] });
    const filtered = await v1(h, key, 'GET', `${base}?tag=paid`);
    expect(filtered.json.subscribers.map((s: { email: string; tags: string[] }) => [s.email, s.tags])).toEqual([['tagged@example.com', ['beta', 'paid']]]);
    const updated = await v1(h, key, 'PATCH', `${base}/${added.json.id}`, { tags: ['paid', 'vip'] });
    expect(updated.json.tags).toEqual(['paid', 'vip']);
    const bad = await v1(h, key, 'PATCH', `${base}/${added.json.id}`, { tags: ['<img src=x>'] });
    expect(bad.status, bad.text).toBe(400);
    expect(bad.json.error.message).toContain(READERS_MSG.tagMarkup);
    const history = await h.db.select().from(readerEvents).where(eq(readerEvents.subscriberId, added.json.id)).orderBy(asc(readerEvents.id));
    expect(history.filter((e) => e.kind !== 'subscribed').map((e) => `${e.kind}:${e.source}:${(e.detail as { tag: string }).tag}`)).toEqual([
      'tagged:api:paid',
      'tagged:api:beta',
      'untagged:api:beta',
      'tagged:api:vip',
    ]);
  });
});
