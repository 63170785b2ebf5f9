// A publication's public address (/p/<slug>): made from its name on first need, then never changed, so
// signup links and archive links in sent mail keep working after a rename.
import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { isUniqueViolation, type Db } from '../db';
import { publications, type PublicationRow } from '../../../db/schema';

export function slugify(name: string): string {
  const base = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/g, '');
  return base || 'newsletter';
}

/** The publication's slug, given now if it has none (unique, with a short random suffix on collision). */
export function ensureSlug(db: Db, publicationId: string): string {
  const row = db.select({ slug: publications.slug, name: publications.name }).from(publications).where(eq(publications.id, publicationId)).get();
  if (!row) throw new Error(`No publication ${publicationId}`);
  if (row.slug) return row.slug;
  const base = slugify(row.name);
  for (let i = 0; i < 8; i++) {
    const candidate = i === 0 ? base : `${base}-${crypto.randomBytes(3).toString('hex')}`;
    try {
      db.update(publications).set({ slug: candidate }).where(eq(publications.id, publicationId)).run();
      return candidate;
    } catch (err) {
      // The unique index refuses a slug another publication holds: try another.
      if (!isUniqueViolation(err)) throw err;
    }
  }
  throw new Error('Could not give the publication a public address');
}

export function findBySlug(db: Db, slug: string): PublicationRow | null {
  return db.select().from(publications).where(eq(publications.slug, slug)).get() ?? null;
}
