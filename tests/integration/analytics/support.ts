// Shared set-up for analytics tests: a professional creator with a publication ready at step 5, a
// running delivery worker, and helpers to send an issue and read the delivered messages.
import { eq } from 'drizzle-orm';
import { afterEach } from 'vitest';
import { harnessWithAdmin, type Harness } from '../../helpers/app';
import { buildArticle, buildChannel } from '../workflow/factories';
import { outbox } from '../../../db/schema';
import type { PlanType } from '../../../src/shared/plans';
import { startJobWorker, type JobWorker } from '../../../src/server/jobs/worker';
import { jobHandlers } from '../../../src/server/job-handlers';
import type { SessionUser } from '../../../src/server/auth/service';
import { addSubscribers, newId } from '../delivery/send-support';

export const LONG_URL = `https://example.com/very/long/path?${Array.from({ length: 120 }, (_, i) => `k${i}=v${i}`).join('&')}`;
/** Links of many kinds, each an article of the issue. */
export const trickyArticles = [
  buildArticle({ title: 'Query strings', url: 'https://example.com/search?q=rust&lang=en&page=2' }),
  buildArticle({ title: 'Fragments', url: 'https://example.com/guide#part-2' }),
  buildArticle({ title: 'Unicode', url: 'https://example.com/wiki/Bücher?q=ñandú#über' }),
  buildArticle({ title: 'Quotes and encodings', url: "https://example.com/a%20b?x='y'&z=%3Cok%3E" }),
  buildArticle({ title: 'Very long', url: LONG_URL }),
];

const workers: JobWorker[] = [];
afterEach(async () => {
  while (workers.length) await workers.pop()!.stop();
});

export async function analyticsSetup(o: { planType?: PlanType; articles?: ReturnType<typeof buildArticle>[]; subscribers?: number } = {}) {
  const h = await harnessWithAdmin();
  const user = await h.insertUser({ email: `writer-${newId()}@example.com`, planType: o.planType ?? 'professional', verified: true });
  const api = h.caller(user);
  const pub = await api.publications.create({ name: 'Compiler Weekly' });
  await api.wizard.saveProgress({ publicationId: pub.id, currentStep: 3, workflowData: { selectedTheme: 'market-watch', selectedChannels: [buildChannel()] } });
  await api.wizard.saveProgress({ publicationId: pub.id, currentStep: 5, workflowData: { selectedArticles: o.articles ?? trickyArticles } });
  const readers = await addSubscribers(h, pub.id, o.subscribers ?? 2);
  const worker = startJobWorker(h.deps, h.deps.queue, jobHandlers, { pollMs: 20, leaseMs: 5_000 });
  workers.push(worker);
  h.deps.delivery.kick = worker.kick;
  return { h, user, api, pub, readers, worker };
}

export async function sendIssue(s: { api: ReturnType<Harness['caller']>; worker: JobWorker; pub: { id: string } }) {
  const created = await s.api.sends.create({ id: newId(), publicationId: s.pub.id });
  await s.worker.idle();
  return created;
}

export const mailTo = async (h: Harness, address: string) => {
  const m = (await h.db.select().from(outbox).where(eq(outbox.toAddress, address)))[0]!;
  return { ...m, html: m.html ?? '', text: m.text ?? '' };
};

/** The tracked click paths of a message, in document order. */
export const clickPaths = (html: string) => [...html.matchAll(/href="(http:\/\/localhost:3000\/t\/c\/[^"]+)"/g)].map((m) => new URL(m[1]!).pathname);
export const pixelPath = (html: string) => {
  const m = /src="(http:\/\/localhost:3000\/t\/o\/[^"]+)"/.exec(html);
  return m ? new URL(m[1]!).pathname : null;
};

export type AnalyticsSetup = Awaited<ReturnType<typeof analyticsSetup>>;
export type { SessionUser };
