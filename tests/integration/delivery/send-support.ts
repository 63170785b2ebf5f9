// Shared set-up for issue-send tests: a publication ready at step 5 and subscribers inserted directly.
import crypto from 'node:crypto';
import type { Harness } from '../../helpers/app';
import type { SessionUser } from '../../../src/server/auth/service';
import { buildArticle, buildChannel } from '../workflow/factories';
import type { SubscriberStatus } from '../../../db/schema';
import { sqliteClient } from '../../../src/server/db';

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

/**
 * Inserts `n` subscribers (reader-0@… with names "Reader 0"…) in one transaction, through the raw
 * connection (seeding, synchronous, so callers need not await it).
 */
export function addSubscribers(h: Harness, publicationId: string, n: number, o: { status?: SubscriberStatus; prefix?: string } = {}) {
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
  const client = sqliteClient(h.db);
  const insert = client.prepare(
    'INSERT INTO subscribers (id, publication_id, email, name, status, source, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
  );
  client.transaction(() => {
    for (const r of rows) insert.run(r.id, r.publicationId, r.email, r.name, r.status, r.source, r.createdAt.getTime(), r.updatedAt.getTime());
  })();
  return rows;
}

export const newId = () => crypto.randomUUID().replace(/-/g, '');
