// A small pool of worker threads for the binary exports (piscina). Created on the first export, so
// start-up time and idle memory do not pay for it; threads exit after a while without work. The queue
// is bounded: past it, an export is refused with 429 rather than piling up.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type Piscina from 'piscina';
import { AppError } from '../../errors';
import type { ExportTask } from './export-worker';

/** One thread beside the main one on the 2-core machines the product runs on. */
export const EXPORT_THREADS = 1;
/** Exports waiting for the thread, across all users (each user also has a gate of their own). */
export const EXPORT_QUEUE = 8;
export const EXPORT_BUSY = 'The server is busy writing other exports. Please try again in a minute.';

/**
 * From TypeScript source (tests, `npm run dev`, scripts) the worker is the .ts file beside this one,
 * loaded through tsx; in the bundle `npm start` runs, esbuild wrote it as export-worker.js next to the
 * entry (this code sits in the entry or in chunks/ below it).
 */
function workerLocation(): { filename: string; execArgv: string[] } {
  const here = fileURLToPath(import.meta.url);
  if (here.endsWith('.ts')) return { filename: pathToFileURL(path.join(path.dirname(here), 'export-worker.ts')).href, execArgv: ['--import', 'tsx'] };
  for (const dir of [path.dirname(here), path.dirname(path.dirname(here))]) {
    const file = path.join(dir, 'export-worker.js');
    if (fs.existsSync(file)) return { filename: pathToFileURL(file).href, execArgv: [] };
  }
  throw new Error(`export-worker.js not found near ${here}: run npm run build`);
}

let pool: Promise<Piscina> | null = null;

function getPool(): Promise<Piscina> {
  pool ??= import('piscina').then(({ Piscina }) => {
    const { filename, execArgv } = workerLocation();
    return new Piscina({ filename, execArgv, minThreads: 0, maxThreads: EXPORT_THREADS, maxQueue: EXPORT_QUEUE, idleTimeout: 30_000 });
  });
  return pool;
}

export async function renderInWorker(task: ExportTask): Promise<Buffer> {
  const p = await getPool();
  if (p.queueSize >= EXPORT_QUEUE) throw new AppError('TOO_MANY_REQUESTS', EXPORT_BUSY);
  try {
    const bytes = (await p.run(task)) as Uint8Array;
    return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  } catch (err) {
    if (err instanceof Error && /queue is at limit/i.test(err.message)) throw new AppError('TOO_MANY_REQUESTS', EXPORT_BUSY);
    throw err;
  }
}

/** Which thread wrote the last exports, and the pool's load (tests and diagnostics). */
export async function exportPoolStats() {
  const p = await getPool();
  return { threads: p.threads.length, queued: p.queueSize, completed: p.completed };
}

/** Stops the threads (shutdown and tests); the next export starts a new pool. */
export async function closeExportPool() {
  const p = pool;
  pool = null;
  if (p) await (await p).destroy();
}
