// The job kinds of recurring issues (job-handlers.ts registers their handlers).
/** The cluster's minute tick: turns due periods into runs. */
export const RECURRING_TICK_JOB = 'recurring.tick';
/** One run: fetch, pick, write, then send or ask. */
export const RECURRING_RUN_JOB = 'recurring.run';
/** An unanswered "ask me" issue whose deadline came: sent anyway. */
export const RECURRING_DEADLINE_JOB = 'recurring.deadline';

export const runJobKey = (runId: string) => `recurring-run:${runId}`;
export const deadlineJobKey = (runId: string) => `recurring-deadline:${runId}`;
