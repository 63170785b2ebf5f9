// What the server suites' configs share: which files replace modules with vi.mock (they run isolated,
// each in a module graph of its own; every other file of a worker shares one), the per-file clean-up,
// time limits that hold on a busy 2-core machine (no test asserts speed; npm run bench does), and one
// worker more than cores (vitest's default is one fewer): files wait on sockets, SMTP and timers as much
// as on the CPU.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '../..');

/** The part of every server suite's config that is the same: the repository as root, `~` for src, Node. */
export const BASE = { root: ROOT, resolve: { alias: { '~': path.join(ROOT, 'src') } } };
export const NODE_POOL = { environment: 'node', pool: 'forks', maxWorkers: os.availableParallelism() + 1 } as const;

const walk = (dir: string): string[] =>
  fs.existsSync(dir)
    ? fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]))
    : [];

/** Test files under `dirs` (relative to the repository) that call vi.mock: a mock must not meet a module another file already loaded. */
export function filesUsingMocks(...dirs: string[]): string[] {
  return dirs
    .flatMap((d) => walk(path.join(ROOT, d)))
    .filter((f) => f.endsWith('.test.ts') && /\bvi\.mock\(/.test(fs.readFileSync(f, 'utf8')))
    .map((f) => path.relative(ROOT, f));
}

/** Setup file of every server suite: each test file's harnesses are ended after it. */
export const PER_FILE = 'tests/helpers/per-file.ts';

/** Limits for the fast suites: generous, since a busy machine can be several times slower than a quiet one. */
export const FAST_LIMITS = { testTimeout: 60_000, hookTimeout: 60_000 };
/** Limits for the system suite (processes killed and restarted, 100,000 rows, outages). */
export const SYSTEM_LIMITS = { testTimeout: 600_000, hookTimeout: 300_000 };
