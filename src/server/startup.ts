// Start-up tasks that run once after migrations (seeding, self-checks). Each domain adds its own.
import type { Deps } from './trpc/context';

type Task = (deps: Deps) => void | Promise<void>;
const tasks: Task[] = [];

export async function runStartupTasks(deps: Deps) {
  for (const task of tasks) await task(deps);
}
