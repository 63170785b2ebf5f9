// The registry of app processes serving one Postgres database (server_processes): each process writes
// its row at start and refreshes it while it runs, so work a process owns in memory (a running AI Magic
// generation) can be told apart: its process is alive, or was last seen too long ago and is gone. One
// SQLite process per file needs no registry: at its start every other process is gone.
import { and, eq, gt, lte } from 'drizzle-orm';
import type { Db, DbOrTx } from './db';
import { serverProcesses } from '../../db/schema';

/** How often a running process refreshes its row. */
export const PROCESS_HEARTBEAT_MS = 10_000;
/** A process not seen for this long is gone (several missed refreshes: a busy moment is not a death). */
export const PROCESS_GONE_MS = 45_000;

/** The moment before which a process's last refresh means it is gone. */
export const goneBefore = (now: Date) => new Date(now.getTime() - PROCESS_GONE_MS);

/** Writes (or refreshes) this process's row. */
export async function touchProcess(db: Db, id: string, now: Date): Promise<void> {
  await db
    .insert(serverProcesses)
    .values({ id, startedAt: now, lastSeenAt: now })
    .onConflictDoUpdate({ target: serverProcesses.id, set: { lastSeenAt: now } });
}

/** Whether the process `id` refreshed its row recently enough to be running. */
export async function isProcessAlive(db: Db, id: string | null, now: Date): Promise<boolean> {
  if (!id) return false;
  const [row] = await db
    .select({ id: serverProcesses.id })
    .from(serverProcesses)
    .where(and(eq(serverProcesses.id, id), gt(serverProcesses.lastSeenAt, goneBefore(now))))
    .limit(1);
  return Boolean(row);
}

/**
 * Deletes the rows of gone processes and returns their ids, for their work to be taken care of in the
 * same transaction (afterwards, absence from the registry means gone too).
 */
export async function forgetGoneProcesses(db: DbOrTx, now: Date): Promise<string[]> {
  const gone = await db
    .delete(serverProcesses)
    .where(lte(serverProcesses.lastSeenAt, goneBefore(now)))
    .returning({ id: serverProcesses.id });
  return gone.map((p) => p.id);
}

/** Removes this process's row at shutdown: its unfinished work counts as a gone process's at once. */
export async function leaveRegistry(db: Db, id: string): Promise<void> {
  await db.delete(serverProcesses).where(eq(serverProcesses.id, id));
}
