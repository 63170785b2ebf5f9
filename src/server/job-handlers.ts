// Every kind of background job this process runs, and the domain function that runs it: the composition
// root's registry for the job worker (index.ts starts it; the CLI, benches and tests start theirs with it).
import type { Deps } from './context';
import { registerJobHandlers, type JobHandlers } from './jobs/worker';
import { SEND_JOB } from './delivery/sends';
import { handleSendJob } from './delivery/runner';
import { productMailHandlers } from './onboarding/jobs';

export type JobDeps = Pick<Deps, 'db' | 'env' | 'log' | 'now'>;

export const jobHandlers: JobHandlers<JobDeps> = registerJobHandlers<JobDeps>({ [SEND_JOB]: handleSendJob }, productMailHandlers);
