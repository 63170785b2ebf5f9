// A server's job worker in its own process, for the kill -9 test: opens the Postgres database named by
// DATABASE_URL, starts the job engine and delivers until killed.
import { loadEnv } from '../../../src/server/env';
import { openDatabase } from '../../../src/server/db';
import { createDeps } from '../../../src/server/deps';
import { startJobWorker } from '../../../src/server/jobs/worker';
import { jobHandlers } from '../../../src/server/job-handlers';

const env = loadEnv(process.env);
const db = await openDatabase(env, { migrate: false });
const deps = createDeps(env, db, { log: { info() {}, warn() {}, error: (m, e) => console.error(m, e) } });
await deps.queue.start?.();
startJobWorker(deps, deps.queue, jobHandlers, { pollMs: 50, leaseMs: env.QUEUE_LEASE_SECONDS * 1000 });
process.send?.('ready');
