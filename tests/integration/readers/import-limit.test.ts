// Parallel subscriber imports cannot pass the plan's subscriber limit of a publication (25,000 on
// Professional): every slice of rows is counted against the limit in the same transaction that writes it.
// @postgres
import { describe, it, expect } from 'vitest';
import { and, count, eq, inArray } from 'drizzle-orm';
import { harnessWithAdmin } from '../../helpers/app';
import { signedIn } from '../newsletter/support';
import { subscribers } from '../../../db/schema';
import { SUBSCRIBER_MSG } from '../../../src/server/readers/subscription/subscribers';
import { addSubscribers } from '../delivery/send-support';

const LIMIT = 25_000;

async function parallelImports(existing: number, files: number, rowsEach: number) {
  const h = await harnessWithAdmin();
  const { user, cookie } = await signedIn(h, { planType: 'professional' });
  const pub = await h.caller(user).publications.create({ name: 'Field Notes' });
  await addSubscribers(h, pub.id, existing);
  const csvs = Array.from({ length: files }, (_, f) => 'email\n' + Array.from({ length: rowsEach }, (_, i) => `batch${f}-${i}@example.com`).join('\n'));
  const answers = await Promise.all(
    csvs.map((csv) =>
      h.app.request(`/api/uploads/subscribers?publicationId=${pub.id}&mode=import`, {
        method: 'POST',
        headers: { cookie, 'content-type': 'text/csv' },
        body: csv,
      }),
    ),
  );
  const [counted] = await h.db
    .select({ n: count() })
    .from(subscribers)
    .where(and(eq(subscribers.publicationId, pub.id), inArray(subscribers.status, ['active', 'pending'])));
  const kept = counted?.n ?? 0;
  expect(kept).toBeLessThanOrEqual(LIMIT);
  let imported = 0;
  let refused = 0;
  for (const res of answers) {
    const body = await res.json();
    if (res.status === 403) {
      // Refused before anything was written.
      expect(body.message).toBe(SUBSCRIBER_MSG.limit(LIMIT));
      refused += rowsEach;
      continue;
    }
    expect(res.status).toBe(200);
    expect(body.imported + body.overLimit).toBe(rowsEach);
    if (body.overLimit > 0) expect(body.message).toContain(SUBSCRIBER_MSG.limit(LIMIT));
    imported += body.imported;
    refused += body.overLimit;
  }
  return { kept, imported, refused };
}

describe('parallel subscriber imports', () => {
  it('never pass the limit: 7 imports of 60 into 24,900 of 25,000', async () => {
    const { kept, imported, refused } = await parallelImports(24_900, 7, 60);
    expect(kept).toBe(24_900 + imported);
    expect(imported + refused).toBe(7 * 60);
    expect(refused).toBeGreaterThan(0);
  });

  it('never pass the limit when each import is written in several slices: 7 imports of 4,000 into 15,000', async () => {
    const { kept, imported, refused } = await parallelImports(15_000, 7, 4_000);
    expect(kept).toBe(15_000 + imported);
    expect(imported + refused).toBe(7 * 4_000);
    expect(refused).toBeGreaterThanOrEqual(7 * 4_000 - 10_000);
  });
});
