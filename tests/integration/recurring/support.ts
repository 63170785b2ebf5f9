// Shared set-up for recurring-issue tests: a loopback feed server whose items the test sets, a harness on
// a fake clock, a Professional creator with a publication ready to send, and a job worker.
import { eq } from 'drizzle-orm';
import { createHarness, type Harness } from '../../helpers/app';
import { startFeedServer, type FeedServer } from '../../helpers/feed-server';
import { buildChannel } from '../workflow/factories';
import { addSubscribers } from '../delivery/send-support';
import { startJobWorker, type JobWorker } from '../../../src/server/jobs/worker';
import { jobHandlers } from '../../../src/server/job-handlers';
import { outbox } from '../../../db/schema';
import type { RecurringScheduleInput } from '../../../src/shared/schemas/recurring';
import type { SessionUser } from '../../../src/server/auth/service';

export interface Item {
  title: string;
  slug: string;
  /** Hours before the clock. */
  ageHours?: number;
}

export function rss(items: Item[], now: Date, origin: string): string {
  const entries = items
    .map(
      (i) => `<item><title>${i.title}</title><link>${origin}/story/${i.slug}</link><guid>${origin}/story/${i.slug}</guid>
<pubDate>${new Date(now.getTime() - (i.ageHours ?? 1) * 3_600_000).toUTCString()}</pubDate>
<description>${i.title}. A story about compilers and the tools programmers use every day, told at some length so it reads as a summary.</description></item>`,
    )
    .join('\n');
  return `<?xml version="1.0"?><rss version="2.0"><channel><title>Fixture</title><link>${origin}/</link><description>d</description>${entries}</channel></rss>`;
}

export interface Scene {
  h: Harness;
  feeds: FeedServer;
  clock: { now: Date };
  user: SessionUser;
  pubId: string;
  channel: { name: string; url: string; niche: string };
  setItems(path: string, items: Item[]): void;
  worker: JobWorker;
  schedule(o?: Partial<RecurringScheduleInput>): Promise<unknown>;
  mailTo(address: string): Promise<(typeof outbox.$inferSelect)[]>;
  close(): Promise<void>;
}

export async function scene(start: Date, o: { plan?: 'professional' | 'free'; subscribers?: number } = {}): Promise<Scene> {
  const items = new Map<string, Item[]>();
  const clock = { now: start };
  const feeds = await startFeedServer();
  const setItems = (path: string, list: Item[]) => {
    items.set(path, list);
    feeds.route(path, (_q, res) => {
      res.writeHead(200, { 'content-type': 'application/rss+xml' });
      res.end(rss(items.get(path) ?? [], clock.now, feeds.origin));
    });
  };
  const h = await createHarness({ env: { FETCH_ALLOW_HOSTS: feeds.allowHost }, deps: { now: () => clock.now } });
  await h.insertUser({ email: 'admin@example.com' });
  const user = await h.insertUser({ email: 'creator@example.com', planType: o.plan ?? 'professional', verified: true });
  const api = h.caller(user);
  const pub = await api.publications.create({ name: 'Compiler Weekly' });
  const channel = { name: 'Fixture feed', url: feeds.url('/feed.xml'), niche: 'technology' };
  await api.wizard.saveProgress({
    publicationId: pub.id,
    currentStep: 3,
    workflowData: { selectedTheme: 'market-watch', selectedChannels: [buildChannel({ name: channel.name, url: channel.url })] },
  });
  await addSubscribers(h, pub.id, o.subscribers ?? 2);
  const worker = startJobWorker(h.deps, h.deps.queue, jobHandlers, { pollMs: 20, leaseMs: 5_000 });
  h.deps.delivery.kick = worker.kick;
  return {
    h,
    feeds,
    clock,
    user,
    pubId: pub.id,
    channel,
    setItems,
    worker,
    schedule: (s = {}) =>
      api.recurring.save({
        publicationId: pub.id,
        frequency: 'weekdays',
        weekdays: [1],
        time: '08:00',
        timeZone: 'Europe/Berlin',
        channels: [channel],
        storyCount: 3,
        minNewStories: 1,
        mode: 'auto',
        ...s,
      }),
    mailTo: async (address) =>
      (await h.db.select().from(outbox).where(eq(outbox.toAddress, address))).sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime()),
    async close() {
      await worker.stop();
      await feeds.close();
    },
  };
}

export const stories = (prefix: string, n: number): Item[] =>
  Array.from({ length: n }, (_, i) => ({ title: `${prefix} story ${i + 1} on compilers`, slug: `${prefix}-${i + 1}` }));
