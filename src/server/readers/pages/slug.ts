// A publication's public address (/p/<slug>): made from its name on first need, then never changed, so
// signup links and archive links in sent mail keep working after a rename.
import crypto from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { affectedRows, isUniqueViolation, tx, type DbOrTx } from '../../db';
import { publications, type PublicationRow } from '../../../../db/schema';
import { slugify as slugOf } from '../../../shared/slug';

/** A publication's slug made from its name (see shared/slug.ts). */
export const slugify = (name: string): string => slugOf(name, 60, 'newsletter');

const slugAndName = (db: DbOrTx, publicationId: string) =>
  db.select({ slug: publications.slug, name: publications.name }).from(publications).where(eq(publications.id, publicationId)).limit(1);

/**
 * The publication's slug, given now if it has none (unique, with a short random suffix on collision).
 * It is written only where the row still has none, so of two first requests at once (each may have
 * picked a different suffix) one gives it and the other reads what was given: one publication never
 * hands out two addresses.
 */
export async function ensureSlug(db: DbOrTx, publicationId: string): Promise<string> {
  const [known] = await slugAndName(db, publicationId);
  if (known?.slug) return known.slug;
  return tx(db, async (t) => {
    const [row] = await slugAndName(t, publicationId);
    if (!row) throw new Error(`No publication ${publicationId}`);
    if (row.slug) return row.slug;
    const base = slugify(row.name);
    for (let i = 0; i < 8; i++) {
      const candidate = i === 0 ? base : `${base}-${crypto.randomBytes(3).toString('hex')}`;
      try {
        // A savepoint per attempt: a refused write undoes only itself, on any driver.
        const given = await tx(t, async (s) =>
          affectedRows(
            await s
              .update(publications)
              .set({ slug: candidate })
              .where(and(eq(publications.id, publicationId), isNull(publications.slug))),
          ),
        );
        if (given) return candidate;
        const [now] = await slugAndName(t, publicationId);
        if (now?.slug) return now.slug;
        throw new Error(`No publication ${publicationId}`);
      } catch (err) {
        // The unique index refuses a slug another publication holds: try another.
        if (!isUniqueViolation(err)) throw err;
      }
    }
    throw new Error('Could not give the publication a public address');
  });
}

export async function findBySlug(db: DbOrTx, slug: string): Promise<PublicationRow | null> {
  const [row] = await db.select().from(publications).where(eq(publications.slug, slug)).limit(1);
  return row ?? null;
}
