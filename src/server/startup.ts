// Start-up tasks that run once after migrations (seeding, self-checks, sweeping expired sessions), and
// the periodic ones the server repeats while it runs. Each domain adds its own.
import { sweepApiRequests } from './api/keys';
import { sweepIdempotency } from './api/idempotency';
import type { Deps } from './context';
import { checkThemeCatalogue } from '../shared/themes';
import { markInterruptedJobs } from './ai/jobs';
import { isPostgres, tx } from './db';
import { forgetGoneProcesses, PROCESS_HEARTBEAT_MS, touchProcess } from './processes';
import { seedDefaultSteps } from './onboarding/steps';
import { enqueueOnboardingBatch } from './onboarding/schedule';
import { ONBOARDING_JOB } from './onboarding/kinds';
import { enqueueDueRuns } from './recurring/tick';
import { RECURRING_TICK_JOB } from './recurring/kinds';
import { ROLLUP_TICK_JOB, enqueueWeeklyRollups } from './delivery/rollup';
import { sweepWebhookPlans } from './webhooks/plan';

type Task = (deps: Deps) => unknown;

/**
 * AI Magic generations of a gone process cannot go on: they end as interrupted, their text kept. On
 * SQLite (one process per file) that is every running one. On Postgres several processes may serve the
 * database: this one joins the registry first, and live processes' generations go on.
 */
export async function registerAndEndOrphans(deps: Deps): Promise<number> {
  if (!isPostgres(deps.db)) return markInterruptedJobs(deps.db, deps.now(), 'all');
  await touchProcess(deps.db, deps.processId, deps.now());
  return markInterruptedJobs(deps.db, deps.now(), 'of gone processes');
}

/**
 * The hourly sweep: expired sessions, public API requests past their retention, idempotency answers past
 * their day, and the webhook endpoints of accounts whose plan went without a write (a trial that ended).
 */
export async function sweepExpired(deps: Pick<Deps, 'db' | 'auth' | 'now'>): Promise<void> {
  await deps.auth.sweepExpired();
  await sweepApiRequests(deps.db, deps.now());
  await sweepIdempotency(deps.db, deps.now());
  await sweepWebhookPlans(deps.db, deps.now());
}
const sweepSessions: Task = (deps) => sweepExpired(deps);

/** The job kind of the hourly sweep where it is a cluster schedule (job-handlers.ts runs it). */
export const SESSION_SWEEP_JOB = 'sessions.sweep';

const tasks: Task[] = [
  (deps) => void checkThemeCatalogue(deps.log),
  sweepSessions,
  (deps) => registerAndEndOrphans(deps),
  // The default onboarding sequence, only on a database that has no steps; then the first batch.
  (deps) => seedDefaultSteps(deps),
  (deps) => enqueueOnboardingBatch(deps),
  // Periods that started while no process ran.
  (deps) => enqueueDueRuns(deps),
];

/**
 * On Postgres, this process shows it is alive, and the generations of processes that stopped doing so
 * end as interrupted. Every process runs it for itself (never once for the cluster).
 */
export const processHeartbeat = async (deps: Deps): Promise<void> => {
  if (!isPostgres(deps.db)) return;
  const now = deps.now();
  await touchProcess(deps.db, deps.processId, now);
  // The processes found gone and their generations in one transaction: whichever process finds them
  // takes care of them, and a row is never forgotten with its generations still running.
  await tx(deps.db, async (t) => markInterruptedJobs(t, now, { processIds: await forgetGoneProcesses(t, now) }));
};

/**
 * Work repeated while the server runs. A task with a `cluster` job is the cluster's, not each process's:
 * where the queue keeps schedules (pg-boss on Postgres) that job runs once per cron tick for all
 * processes, instead of the timer.
 */
const periodic: { everyMs: number; task: Task; cluster?: { kind: string; cron: string } }[] = [
  { everyMs: PROCESS_HEARTBEAT_MS, task: processHeartbeat },
  { everyMs: 60 * 60 * 1000, task: sweepSessions, cluster: { kind: SESSION_SWEEP_JOB, cron: '0 * * * *' } },
  // Onboarding e-mails due since the last run (a welcome should not wait long; one job at a time: its unique key).
  { everyMs: 15 * 60 * 1000, task: (deps) => enqueueOnboardingBatch(deps), cluster: { kind: ONBOARDING_JOB, cron: '*/15 * * * *' } },
  // Recurring issues whose period has started (each period's run is unique, so a doubled tick makes nothing twice).
  { everyMs: 60 * 1000, task: (deps) => enqueueDueRuns(deps), cluster: { kind: RECURRING_TICK_JOB, cron: '* * * * *' } },
  // Weekly roll-ups of last week's issues (each is one send per publication and week, so a doubled tick sends nothing twice).
  { everyMs: 60 * 60 * 1000, task: (deps) => enqueueWeeklyRollups(deps), cluster: { kind: ROLLUP_TICK_JOB, cron: '5 * * * *' } },
];

export async function runStartupTasks(deps: Deps) {
  for (const task of tasks) await task(deps);
}

/** Registers the cluster's periodic jobs with the queue's schedules; false where the queue keeps none. */
export async function scheduleClusterTasks(deps: Pick<Deps, 'queue'>): Promise<boolean> {
  const { queue } = deps;
  if (!queue.schedule) return false;
  for (const { cluster } of periodic) if (cluster) await queue.schedule(cluster.kind, cluster.cron, cluster.kind);
  return true;
}

/**
 * Starts the periodic tasks; their timers never keep the process alive. Returns a function that stops
 * them. The cluster's tasks are registered as schedules instead where the queue keeps them (the queue
 * must have been started).
 */
export function startPeriodicTasks(deps: Deps): () => void {
  const scheduled = Boolean(deps.queue.schedule);
  if (scheduled) void scheduleClusterTasks(deps).catch((err: unknown) => deps.log.error('registering the periodic jobs failed', err));
  const timers = periodic.flatMap(({ everyMs, task, cluster }) => {
    if (cluster && scheduled) return [];
    const timer = setInterval(() => {
      Promise.resolve()
        .then(() => task(deps))
        .catch((err) => deps.log.error('periodic task failed', err));
    }, everyMs);
    timer.unref();
    return [timer];
  });
  return () => timers.forEach(clearInterval);
}
