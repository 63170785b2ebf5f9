// A publication's tracking switches (opens, clicks), frozen on each send when it is created; only plans
// with analytics track, and turning tracking off is always allowed.
import { eq } from 'drizzle-orm';
import type { AuthedContext } from '../context';
import { tx } from '../db';
import { capabilitiesFor } from '../../shared/plans';
import { publications } from '../../../db/schema';
import { findOwned } from '../publications/publications';
import type { SetTrackingInput } from '../../shared/schemas/analytics';

type Ctx = Pick<AuthedContext, 'db' | 'user' | 'now'>;

/** The publication's tracking switches, and whether the plan tracks at all. */
export async function getTracking(ctx: Ctx, pubId: string) {
  const pub = await findOwned(ctx.db, ctx.user.id, pubId);
  return { trackOpens: pub.trackOpens, trackClicks: pub.trackClicks, available: capabilitiesFor(ctx.user).analytics };
}

/** Owner only (a foreign publication is NOT_FOUND). Turning tracking off is always allowed, whatever the plan. */
export async function setTracking(ctx: Ctx, input: SetTrackingInput) {
  // Only the switches given are written, so a change of the other switch made at the same moment stays;
  // the answer is the row as this write left it.
  const next = await tx(ctx.db, async (t) => {
    const pub = await findOwned(t, ctx.user.id, input.publicationId);
    const given = Object.fromEntries(Object.entries({ trackOpens: input.trackOpens, trackClicks: input.trackClicks }).filter(([, v]) => v !== undefined));
    if (!Object.keys(given).length) return { trackOpens: pub.trackOpens, trackClicks: pub.trackClicks };
    const [row] = await t
      .update(publications)
      .set(given)
      .where(eq(publications.id, pub.id))
      .returning({ trackOpens: publications.trackOpens, trackClicks: publications.trackClicks });
    return row!;
  });
  return { ...next, available: capabilitiesFor(ctx.user).analytics };
}
