// Delivery: a 10,000-recipient issue sent through the real queue, runner and pooled SMTP transport to
// an SMTP server in another process (msgs/s, goal >= 1,000; listmonk's reference is ~800/s), and the
// peak memory of the sending process.
import { fork } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { createHarness } from '../../tests/helpers/app';
import { addSubscribers, newId, readyPublication } from '../../tests/integration/delivery/send-support';
import { startJobWorker } from '../../src/server/jobs/worker';
import { jobHandlers } from '../../src/server/job-handlers';
import { issueSends } from '../../db/schema';
import { closeDb } from '../../src/server/db';
import { importSubscribersCsv } from '../../src/server/readers/subscription/csv-import';
import { report } from './report';

const RECIPIENTS = 10_000;
const here = path.dirname(fileURLToPath(import.meta.url));

async function startSink() {
  const child = fork(path.join(here, 'smtp-sink.ts'), [], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'pipe', 'inherit', 'ipc'] });
  const url = await new Promise<string>((resolve) => child.stdout!.once('data', (d: Buffer) => resolve(d.toString().trim())));
  const count = () =>
    new Promise<{ accepted: number; recipients: number }>((resolve) => {
      child.once('message', (m) => resolve(m as { accepted: number; recipients: number }));
      child.send('count');
    });
  return { url, count, stop: () => child.kill() };
}

export default async function run() {
  const sink = await startSink();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-delivery-'));
  try {
    const h = await createHarness({ env: { DATABASE_PATH: path.join(dir, 'app.db'), SMTP_URL: sink.url } });
    await h.insertUser({ email: 'admin@example.com' });
    const user = await h.insertUser({ email: 'writer@example.com', verified: true, planType: 'enterprise' });
    const pub = await readyPublication(h, user);
    await addSubscribers(h, pub.id, RECIPIENTS);
    global.gc?.();
    const baseRss = process.memoryUsage().rss;
    let peakRss = baseRss;
    const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 25);

    const t0 = performance.now();
    const send = await h.caller(user).sends.create({ id: newId(), publicationId: pub.id });
    const worker = startJobWorker(h.deps, h.deps.queue, jobHandlers, { pollMs: 10 });
    await worker.idle();
    const seconds = (performance.now() - t0) / 1000;
    clearInterval(sampler);
    await worker.stop();

    const [row] = await h.db.select().from(issueSends).where(eq(issueSends.id, send.id));
    const counted = await sink.count();
    const rate = RECIPIENTS / seconds;
    report(
      'bulk send: messages',
      `${counted.accepted.toLocaleString()} accepted by the SMTP server, ${counted.recipients.toLocaleString()} recipients (send ${row?.status})`,
    );
    report('bulk send: ~23 KB themed issue to 10,000 readers', `${seconds.toFixed(2)} s = ${Math.round(rate)} msgs/s`, {
      ok: rate >= 1000,
      text: 'goal >= 1,000 msgs/s (listmonk ~800/s)',
    });
    report(
      'bulk send: peak memory of the sender',
      `${(peakRss / 1048576).toFixed(1)} MB RSS (+${((peakRss - baseRss) / 1048576).toFixed(1)} MB during the send)`,
    );

    // CSV import of 100,000 rows into a second publication, with the event loop's longest stall.
    const target = await h.caller(user).publications.create({ name: 'Import Bench' });
    const csv = 'email,name\n' + Array.from({ length: 100_000 }, (_, i) => `import-${i}@example.com,Reader ${i}`).join('\n');
    global.gc?.();
    const importBase = process.memoryUsage().rss;
    let importPeak = importBase;
    let longest = 0;
    let last = performance.now();
    const probe = setInterval(() => {
      const now = performance.now();
      longest = Math.max(longest, now - last - 5);
      last = now;
      importPeak = Math.max(importPeak, process.memoryUsage().rss);
    }, 5);
    const i0 = performance.now();
    const imported = await importSubscribersCsv({ db: h.db, user, now: () => new Date() }, target.id, csv, { mode: 'import' });
    const importSeconds = (performance.now() - i0) / 1000;
    clearInterval(probe);
    report('CSV import: 100,000 rows (parse, validate, write)', `${importSeconds.toFixed(2)} s, ${imported.imported.toLocaleString()} imported`);
    report('CSV import: longest event-loop stall', `${longest.toFixed(1)} ms`, { ok: longest < 100, text: 'stall budget 100 ms' });
    report('CSV import: peak memory', `${(importPeak / 1048576).toFixed(1)} MB RSS (+${((importPeak - importBase) / 1048576).toFixed(1)} MB)`);
    await closeDb(h.db);
  } finally {
    sink.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
