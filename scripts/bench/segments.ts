// Segments over 100,000 readers with tags (two topics each of 20, plus one tag every reader carries)
// and three earlier sends to 30,000 readers each, 10 % of whom opened: the count the segment builder and
// the send dialog ask for (a tag rule, and a tag rule with "engaged in the last 3 issues"), and the
// snapshot of a send to a segment of all 100,000 readers (the same condition, written into
// send_recipients when delivery starts). SQLite on a file, as the app runs by default.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { createHarness } from '../../tests/helpers/app';
import { addSubscribers, newId, readyPublication } from '../../tests/integration/delivery/send-support';
import { issueSends, sendRecipients, subscriberTags, trackingEvents } from '../../db/schema';
import { closeDb, tx } from '../../src/server/db';
import { snapshotRecipients } from '../../src/server/delivery/recipients';
import type { SegmentRules } from '../../src/shared/schemas/readers';
import { median, ms, report, timeMedian } from './report';

const READERS = 100_000;
const TOPICS = Array.from({ length: 20 }, (_, i) => `topic-${i}`);

export default async function run() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-segments-'));
  try {
    const h = await createHarness({ env: { DATABASE_PATH: path.join(dir, 'app.db') } });
    await h.insertUser({ email: 'admin@example.com' });
    const user = await h.insertUser({ email: 'writer@example.com', verified: true, planType: 'enterprise' });
    const api = h.caller(user);
    const pub = await readyPublication(h, user);
    const readers = await addSubscribers(h, pub.id, READERS);
    const at = new Date();
    await tx(h.db, async (t) => {
      const rows = readers.flatMap((r, i) =>
        [...new Set([TOPICS[i % 20]!, TOPICS[(i * 7 + 3) % 20]!, 'everyone'])].map((tag) => ({
          subscriberId: r.id,
          publicationId: pub.id,
          tag,
          source: 'import',
          createdAt: at,
        })),
      );
      for (let i = 0; i < rows.length; i += 500) await t.insert(subscriberTags).values(rows.slice(i, i + 500));
    });
    // Three earlier sends, each to 30,000 readers; every tenth of them opened (human-likely).
    for (let s = 0; s < 3; s++) {
      const id = `bench-earlier-${s}`;
      const started = new Date(at.getTime() - (3 - s) * 86_400_000);
      await h.db.insert(issueSends).values({
        id,
        userId: user.id,
        publicationId: pub.id,
        subject: `Earlier ${s}`,
        fromName: 'Bench',
        replyTo: 'writer@example.com',
        html: '',
        text: '',
        webHtml: '',
        status: 'sent',
        scheduledAt: started,
        startedAt: started,
        createdAt: started,
      });
      const reached = readers.slice(s * 20_000, s * 20_000 + 30_000);
      await tx(h.db, async (t) => {
        for (let i = 0; i < reached.length; i += 500) {
          const ids = await t
            .insert(sendRecipients)
            .values(reached.slice(i, i + 500).map((r) => ({ sendId: id, subscriberId: r.id, email: r.email, name: r.name, status: 'sent' as const })))
            .returning({ id: sendRecipients.id });
          const opened = ids.filter((_, k) => k % 10 === 0);
          await t.insert(trackingEvents).values(opened.map((o) => ({ sendId: id, recipientId: o.id, kind: 'open' as const, machine: false, at: started })));
        }
      });
    }

    const tagRule: SegmentRules = { match: 'all', conditions: [{ field: 'tag', op: 'has', value: 'topic-3' }] };
    const engagedRule: SegmentRules = {
      match: 'all',
      conditions: [
        { field: 'tag', op: 'has', value: 'topic-3' },
        { field: 'engaged', lastIssues: 3 },
      ],
    };
    const count = (rules: SegmentRules) => api.segments.count({ publicationId: pub.id, rules });
    const byTag = await count(tagRule);
    const tagMs = await timeMedian(() => count(tagRule), 20, 3);
    report(`segment count, 100,000 readers: one tag (${byTag.matching.toLocaleString()} match)`, ms(tagMs), {
      ok: tagMs < 250,
      text: 'goal 250 ms (the builder counts as rules change)',
    });
    const engaged = await count(engagedRule);
    const engagedMs = await timeMedian(() => count(engagedRule), 20, 3);
    report(`segment count: tag and opened in the last 3 (${engaged.matching.toLocaleString()} match)`, ms(engagedMs), {
      ok: engagedMs < 250,
      text: 'goal 250 ms',
    });

    const everyone = await api.segments.create({
      publicationId: pub.id,
      name: 'Everyone',
      rules: { match: 'all', conditions: [{ field: 'tag', op: 'has', value: 'everyone' }] },
    });
    const times: number[] = [];
    let total = 0;
    for (let i = 0; i < 3; i++) {
      const created = await api.sends.create({ id: newId(), publicationId: pub.id, segmentId: everyone.id });
      const [row] = await h.db.select().from(issueSends).where(eq(issueSends.id, created.id));
      const t = performance.now();
      total = await snapshotRecipients(h.db, row!, new Date());
      times.push(performance.now() - t);
    }
    const snap = median(times);
    report(`snapshot of a segment send (${total.toLocaleString()} recipients, median of 3)`, ms(snap), {
      ok: snap < 5000 && total === READERS,
      text: 'goal 5,000 ms, every reader once',
    });
    await closeDb(h.db);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
