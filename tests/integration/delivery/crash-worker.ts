// A delivery worker in its own process for the crash test: opens the database file and delivers until
// killed, or until no send is left unfinished (then exits 0).
import { loadEnv } from '../../../src/server/env';
import { openDb } from '../../../src/server/db';
import { createDeps } from '../../../src/server/deps';
import { startDeliveryWorker } from '../../../src/server/jobs/worker';

const env = loadEnv(process.env, { persistSecret: false });
const db = openDb(env.DATABASE_PATH);
const deps = createDeps(env, db, { log: { info() {}, warn() {}, error: (m, e) => console.error(m, e) } });
const worker = startDeliveryWorker(deps, deps.queue, { pollMs: 50, leaseMs: env.QUEUE_LEASE_SECONDS * 1000 });
const unfinished = db.$client.prepare(`SELECT count(*) AS n FROM issue_sends WHERE status IN ('scheduled', 'sending')`);
const timer = setInterval(() => {
  if ((unfinished.get() as { n: number }).n > 0) return;
  clearInterval(timer);
  void worker.stop().then(() => process.exit(0));
}, 100);
