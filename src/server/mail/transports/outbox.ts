// The built-in outbox, the one offline transport: messages are stored in SQLite (one transaction per
// batch) and summarised in the server log, where developers and tests read sign-in codes. The
// default when nothing is configured; never used as a fallback behind a real provider.
import crypto from 'node:crypto';
import { tx, type Db } from '../../db';
import { outbox } from '../../../../db/schema';
import type { Transport } from '../transport';
import { cleanHeader } from '../headers';

export function createOutboxTransport(db: Db, opts: { log?: (line: string) => void; now?: () => Date } = {}): Transport {
  const now = opts.now ?? (() => new Date());
  return {
    kind: 'outbox',
    maxBatch: 500,
    concurrency: 1,
    ratePerSecond: 0,
    async send(messages) {
      const at = now();
      const rows = messages.map((m) => ({
        id: outboxId(at),
        messageId: m.messageId,
        transport: 'outbox',
        fromAddress: cleanHeader(m.from),
        toAddress: cleanHeader(m.to),
        subject: cleanHeader(m.subject),
        text: m.text,
        html: m.html ?? null,
        headers: Object.fromEntries(
          Object.entries({ ...m.headers, ...(m.replyTo ? { 'Reply-To': m.replyTo } : {}) }).map(([k, v]) => [cleanHeader(k), cleanHeader(v)]),
        ),
        createdAt: at,
      }));
      await tx(db, async (t) => {
        for (const row of rows) await t.insert(outbox).values(row);
      });
      if (messages.length === 1) {
        const note = messages[0]!.logNote;
        opts.log?.(`[outbox] to=${rows[0]!.toAddress} subject="${rows[0]!.subject}"${note ? ` ${cleanHeader(note)}` : ''}`);
      } else if (messages.length > 1) opts.log?.(`[outbox] ${messages.length} messages subject="${rows[0]!.subject}"`);
      return rows.map((r) => ({ ok: true as const, providerMessageId: r.messageId }));
    },
    async check() {
      return { status: 'healthy', detail: 'Messages are kept in the built-in outbox (no real delivery).' };
    },
  };
}

let sequence = 0;
/**
 * Outbox ids sort in the order the messages were written (time, then this process's sequence, then a
 * random tail): "the newest message to an address" needs no hidden row order, which Postgres lacks.
 */
function outboxId(at: Date): string {
  sequence = (sequence + 1) % 36 ** 4;
  return `${at.getTime().toString(36).padStart(9, '0')}${sequence.toString(36).padStart(4, '0')}-${crypto.randomBytes(6).toString('hex')}`;
}
