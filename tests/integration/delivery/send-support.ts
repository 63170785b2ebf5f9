// Shared set-up for issue-send tests: a publication ready at step 5 and subscribers inserted directly.
import crypto from 'node:crypto';
import type { Harness } from '../../helpers/app';
import type { SessionUser } from '../../../src/server/auth/service';
import { buildArticle, buildChannel } from '../workflow/factories';
import { and, eq } from 'drizzle-orm';
import { sendRecipients, subscribers, trackingEvents, type SubscriberStatus } from '../../../db/schema';
import { tx } from '../../../src/server/db';

export const articles = [
  buildArticle({ title: 'Borrow checking without tears', url: 'https://example.com/borrow', summary: 'How lifetimes are inferred in practice.' }),
  buildArticle({ title: 'A tour of SSA form', url: 'https://example.com/ssa', summary: 'Static single assignment explained with examples.' }),
];

export async function readyPublication(h: Harness, user: SessionUser, name = 'Compiler Weekly') {
  const api = h.caller(user);
  const pub = await api.publications.create({ name });
  await api.wizard.saveProgress({ publicationId: pub.id, currentStep: 3, workflowData: { selectedTheme: 'market-watch', selectedChannels: [buildChannel()] } });
  await api.wizard.saveProgress({ publicationId: pub.id, currentStep: 5, workflowData: { selectedArticles: articles } });
  return pub;
}

/** Inserts `n` subscribers (reader-0@… with names "Reader 0"…) in one transaction, 500 rows a statement. */
export async function addSubscribers(h: Harness, publicationId: string, n: number, o: { status?: SubscriberStatus; prefix?: string } = {}) {
  const now = new Date();
  const rows = Array.from({ length: n }, (_, i) => ({
    id: crypto.randomUUID(),
    publicationId,
    email: `${o.prefix ?? 'reader'}-${i}@example.com`,
    name: `Reader ${i}`,
    status: o.status ?? ('active' as const),
    source: 'import',
    createdAt: new Date(now.getTime() + i),
    updatedAt: now,
  }));
  await tx(h.db, async (t) => {
    for (let i = 0; i < rows.length; i += 500) await t.insert(subscribers).values(rows.slice(i, i + 500));
  });
  return rows;
}

export const newId = () => crypto.randomUUID().replace(/-/g, '');

/** Records `n` opens (human-likely unless `machine`) by readers of one subject-test group. */
export async function seedOpens(db: Harness['db'], sendId: string, variant: number, n: number, o: { machine?: boolean; at?: Date } = {}) {
  const readers = await db
    .select({ id: sendRecipients.id })
    .from(sendRecipients)
    .where(and(eq(sendRecipients.sendId, sendId), eq(sendRecipients.variant, variant)))
    .orderBy(sendRecipients.id)
    .limit(n);
  if (readers.length < n) throw new Error(`group ${variant} has ${readers.length} readers, fewer than ${n}`);
  const at = o.at ?? new Date();
  await db.insert(trackingEvents).values(readers.map((r) => ({ sendId, recipientId: r.id, kind: 'open', machine: o.machine ?? false, at })));
}
