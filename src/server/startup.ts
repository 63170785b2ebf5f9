// Start-up tasks that run once after migrations (seeding, self-checks, sweeping expired sessions), and
// the periodic ones the server repeats while it runs. Each domain adds its own.
import type { Deps } from './context';
import { checkThemeCatalogue } from '../shared/themes';
import { markInterruptedJobs } from './ai/jobs';
import { isPostgres } from './db';
import { forgetGoneProcesses, PROCESS_HEARTBEAT_MS, touchProcess } from './processes';
import { seedDefaultSteps } from './onboarding/steps';
import { enqueueOnboardingBatch } from './onboarding/schedule';

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

const sweepSessions: Task = (deps) => deps.auth.sweepExpired();

const tasks: Task[] = [
  (deps) => void checkThemeCatalogue(deps.log),
  sweepSessions,
  (deps) => registerAndEndOrphans(deps),
  // The default onboarding sequence, only on a database that has no steps; then the first batch.
  (deps) => seedDefaultSteps(deps),
  (deps) => enqueueOnboardingBatch(deps),
];

/**
 * On Postgres, this process shows it is alive, and the generations of processes that stopped doing so
 * end as interrupted. Every process runs it for itself (never once for the cluster).
 */
const heartbeat: Task = async (deps) => {
  if (!isPostgres(deps.db)) return;
  const now = deps.now();
  await touchProcess(deps.db, deps.processId, now);
  await markInterruptedJobs(deps.db, now, 'of gone processes');
  await forgetGoneProcesses(deps.db, now);
};

/** Work repeated while the server runs. */
const periodic: { everyMs: number; task: Task }[] = [
  { everyMs: PROCESS_HEARTBEAT_MS, task: heartbeat },
  { everyMs: 60 * 60 * 1000, task: sweepSessions },
  // Onboarding e-mails due since the last run (a welcome should not wait long; one job at a time: its unique key).
  { everyMs: 15 * 60 * 1000, task: (deps) => enqueueOnboardingBatch(deps) },
];

export async function runStartupTasks(deps: Deps) {
  for (const task of tasks) await task(deps);
}

/** Starts the periodic tasks; their timers never keep the process alive. Returns a function that stops them. */
export function startPeriodicTasks(deps: Deps): () => void {
  const timers = periodic.map(({ everyMs, task }) => {
    const timer = setInterval(() => {
      Promise.resolve()
        .then(() => task(deps))
        .catch((err) => deps.log.error('periodic task failed', err));
    }, everyMs);
    timer.unref();
    return timer;
  });
  return () => timers.forEach(clearInterval);
}
