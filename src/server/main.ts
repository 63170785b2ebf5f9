// The process: validate configuration, open and migrate the database (SQLite or Postgres), run start-up checks, listen (index.ts loads it once the runtime is supported).
import { serve } from '@hono/node-server';
import path from 'node:path';
import { loadEnv } from './env';
import { closeDb, isPostgres, openDatabase } from './db';
import { kickEverywhere } from './bus';
import { leaveRegistry } from './processes';
import { createDeps } from './deps';
import { createApp } from './app';
import { secureServerResponse } from './http/security-headers';
import { keepConnections } from './http/connections';
import { stopServing } from './shutdown';
import { runStartupTasks, startPeriodicTasks } from './startup';
import { closeExportPool } from './newsletter/exports/pool';
import { startJobWorker } from './jobs/worker';
import { coreJobHandlers, webhookJobHandlers } from './job-handlers';

let env;
try {
  env = loadEnv();
} catch (err) {
  console.error((err as Error).message);
  process.exit(1);
}

let db;
try {
  db = await openDatabase(env);
} catch (err) {
  console.error((err as Error).message);
  process.exit(1);
}
const deps = createDeps(env, db);
try {
  // The job engine (pg-boss on Postgres) before the start-up tasks, which queue jobs.
  await deps.queue.start?.();
} catch (err) {
  console.error(`Could not start the job queue on the database named by DATABASE_URL: ${(err as Error).message}`);
  process.exit(1);
}
await runStartupTasks(deps);
const stopPeriodicTasks = startPeriodicTasks(deps);
const leaseMs = env.QUEUE_LEASE_SECONDS * 1000;
const coreWorker = env.DELIVERY_WORKER === 'on' ? startJobWorker(deps, deps.queue, coreJobHandlers, { leaseMs }) : null;
// Webhook deliveries on their own worker: endpoints that hang (10 s each) never hold up sends.
const webhookWorker = env.DELIVERY_WORKER === 'on' ? startJobWorker(deps, deps.queue, webhookJobHandlers, { leaseMs, concurrency: 8 }) : null;
const worker =
  coreWorker && webhookWorker
    ? { kick: () => (coreWorker.kick(), webhookWorker.kick()), stop: () => Promise.all([coreWorker.stop(), webhookWorker.stop()]) }
    : null;
// Several processes may share a Postgres database: work queued through one wakes every process's worker.
if (isPostgres(db)) deps.delivery.kick = kickEverywhere(deps.bus, deps.processId, worker?.kick ?? (() => {}), deps.log);
else if (worker) deps.delivery.kick = worker.kick;
const app = createApp(deps, { clientDir: path.resolve(env.CLIENT_DIR), secureResponses: true });
const mailVia = await deps.mailer.nextTransport();

const server = serve(
  { fetch: app.fetch, port: env.PORT, hostname: env.HOST, serverOptions: { ServerResponse: secureServerResponse({ production: env.isProduction }) } },
  (info) => {
    // performance.now() counts from process start, so this includes module loading.
    const ms = Math.round(performance.now());
    deps.log.info(
      `Curated is ready on ${env.APP_URL} (port ${info.port}, database ${env.DATABASE_URL ? 'Postgres' : env.DATABASE_PATH}, mail via ${mailVia}, started in ${ms} ms)`,
    );
  },
);
keepConnections(server);

const shutdown = () => {
  stopPeriodicTasks();
  // Requests in flight are answered, then the tracking events they left are written. Sends in progress
  // finish their current batch; the rest resume on the next start.
  void Promise.all([stopServing(server, deps.tracking), worker?.stop(), closeExportPool()])
    .then(() => deps.queue.stop?.())
    .then(() => deps.bus.close())
    .then(() => (isPostgres(db) ? leaveRegistry(db, deps.processId) : undefined))
    .then(() => closeDb(db))
    .finally(() => process.exit(0));
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
