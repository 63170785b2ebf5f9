// Recurring issues: one run over 10 channels and 500 articles (10 loopback feeds of 50 items): fetch,
// drop used stories, rank, write the intro and subject with the built-in engine, assemble and save, up to
// the approval mail (the outbox). The first run fetches every feed; the later ones read the feed cache.
import { eq } from 'drizzle-orm';
import { createHarness } from '../../tests/helpers/app';
import { startFeedServer } from '../../tests/helpers/feed-server';
import { rss, stories } from '../../tests/integration/recurring/support';
import { recurringRuns } from '../../db/schema';
import { executeRun } from '../../src/server/recurring/run';
import { median, report, ms } from './report';

export default async function run() {
  const feeds = await startFeedServer();
  const now = new Date();
  const channels = Array.from({ length: 10 }, (_, i) => {
    const path = `/bench-${i}.xml`;
    const body = rss(
      stories(`c${i}`, 50).map((s, k) => ({ ...s, ageHours: k + 1 })),
      now,
      feeds.origin,
    );
    feeds.route(path, (_q, res) => {
      res.writeHead(200, { 'content-type': 'application/rss+xml' });
      res.end(body);
    });
    return { name: `Channel ${i}`, url: feeds.url(path), niche: 'technology' };
  });
  const h = await createHarness({ env: { FETCH_ALLOW_HOSTS: feeds.allowHost } });
  await h.insertUser({ email: 'admin@example.com' });
  const user = await h.insertUser({ email: 'bench@example.com', planType: 'professional', verified: true });
  const api = h.caller(user);
  const pub = await api.publications.create({ name: 'Compiler Weekly' });
  await api.wizard.saveProgress({
    publicationId: pub.id,
    currentStep: 3,
    workflowData: {
      selectedTheme: 'market-watch',
      selectedChannels: channels.map((c, i) => ({ id: `ch-${i}`, ...c, siteUrl: null, description: '', quality: 'high', frequency: 'Daily', source: 'bench' })),
    },
  });
  await api.recurring.save({
    publicationId: pub.id,
    frequency: 'daily',
    time: '08:00',
    timeZone: 'UTC',
    channels,
    storyCount: 10,
    minNewStories: 3,
    mode: 'approve',
  });
  const times: number[] = [];
  for (let i = 0; i < 6; i++) {
    const made = await api.recurring.runNow({ publicationId: pub.id });
    const t = performance.now();
    await executeRun(h.deps, made.id);
    times.push(performance.now() - t);
    const [row] = await h.db.select().from(recurringRuns).where(eq(recurringRuns.id, made.id));
    if (row?.status !== 'awaiting_approval') throw new Error(`bench run ended ${row?.status}: ${row?.reason}`);
    // The next run must find new stories again: forget this one.
    await h.db.delete(recurringRuns).where(eq(recurringRuns.id, made.id));
  }
  report('recurring run, 10 channels / 500 articles, first (fetch)', ms(times[0]!));
  const warm = median(times.slice(1));
  report('recurring run, 10 channels / 500 articles (median)', ms(warm), { ok: warm < 2000, text: 'budget 2,000 ms' });
  await feeds.close();
}
