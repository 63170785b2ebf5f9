// Start-up tasks that run once after migrations (seeding, self-checks). Each domain adds its own.
import type { Deps } from './trpc/context';
import { checkThemeCatalogue } from '../shared/themes';
import { seedDirectory } from './feeds/directory';

type Task = (deps: Deps) => void | Promise<void>;
const tasks: Task[] = [(deps) => void checkThemeCatalogue(deps.log), (deps) => void seedDirectory(deps.db)];

export async function runStartupTasks(deps: Deps) {
  for (const task of tasks) await task(deps);
}
