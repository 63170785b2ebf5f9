// Start-up tasks that run once after migrations (seeding, self-checks, sweeping expired sessions), and
// the periodic ones the server repeats while it runs. Each domain adds its own.
import type { Deps } from './context';
import { checkThemeCatalogue } from '../shared/themes';
import { markInterruptedJobs } from './ai/jobs';
import { seedDefaultSteps } from './onboarding/steps';
import { enqueueOnboardingBatch } from './onboarding/schedule';

type Task = (deps: Deps) => unknown;

const sweepSessions: Task = (deps) => deps.auth.sweepExpired();

const tasks: Task[] = [
  (deps) => void checkThemeCatalogue(deps.log),
  sweepSessions,
  // AI Magic generations of a previous process cannot go on: they end as interrupted, their text kept.
  (deps) => markInterruptedJobs(deps.db, deps.now()),
  // The default onboarding sequence, only on a database that has no steps; then the first batch.
  (deps) => seedDefaultSteps(deps),
  (deps) => enqueueOnboardingBatch(deps),
];

/** Work repeated while the server runs. */
const periodic: { everyMs: number; task: Task }[] = [
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
