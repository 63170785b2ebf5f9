// A reader's history, written where each change happens and in the same transaction: joined (and
// through which form or source), confirmed, left, bounced, complained, preferences, tags, welcome mails.
// The reader page lists these with the reader's sends, opens and clicks; /analytics counts growth from them.
import type { DbOrTx } from '../db';
import { readerEvents } from '../../../db/schema';
import type { ReaderEventKind } from '../../shared/schemas/readers';

export interface ReaderEvent {
  publicationId: string;
  subscriberId: string;
  kind: ReaderEventKind;
  /** manual, import, signup, form, api, preferences, reader, creator, provider */
  source: string;
  detail?: Record<string, unknown> | null;
  at: Date;
}

/** Rows per statement: well under SQLite's bound-parameter limit (7 columns each). */
const CHUNK = 500;

export async function recordReaderEvents(db: DbOrTx, events: ReaderEvent[]): Promise<void> {
  for (let i = 0; i < events.length; i += CHUNK)
    await db.insert(readerEvents).values(events.slice(i, i + CHUNK).map((e) => ({ ...e, detail: e.detail ?? null })));
}

export const recordReaderEvent = (db: DbOrTx, event: ReaderEvent) => recordReaderEvents(db, [event]);
