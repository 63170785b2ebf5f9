// A delivery worker in its own process for the crash test: opens the database file and delivers until
// killed, or until no send is left unfinished (then exits 0).
import { loadEnv } from '../../src/server/env';
import { openDb, sqliteClient } from '../../src/server/db';
import { createDeps } from '../../src/server/deps';
import { startJobWorker } from '../../src/server/jobs/worker';
import { jobHandlers } from '../../src/server/job-handlers';

const env = loadEnv(process.env, { persistSecret: false });
const db = openDb(env.DATABASE_PATH);
const deps = createDeps(env, db, { log: { info() {}, warn() {}, error: (m, e) => console.error(m, e) } });
const worker = startJobWorker(deps, deps.queue, jobHandlers, { pollMs: 50, leaseMs: env.QUEUE_LEASE_SECONDS * 1000 });
const unfinished = sqliteClient(db).prepare(`SELECT count(*) AS n FROM issue_sends WHERE status IN ('scheduled', 'sending')`);
const timer = setInterval(() => {
  if ((unfinished.get() as { n: number }).n > 0) return;
  clearInterval(timer);
  void worker.stop().then(() => process.exit(0));
}, 100);
