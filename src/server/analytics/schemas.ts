// The contracts of analytics.*: what each procedure takes and, for GET /api/analytics/export, what it answers.
import { z } from 'zod';
import { publicationId } from '../publications/schemas';

export const overviewInput = z.object({
  publicationId: publicationId.optional(),
  /** How many of the latest issues (also the trend's length). */
  limit: z.number().int().min(1).max(100).default(30),
});
export const issueInput = z.object({ sendId: z.string().trim().min(1).max(64) });
export const setTrackingInput = z
  .object({ publicationId, trackOpens: z.boolean().optional(), trackClicks: z.boolean().optional() })
  .refine((v) => v.trackOpens !== undefined || v.trackClicks !== undefined, { message: 'Choose opens or clicks' });
export type SetTrackingInput = z.infer<typeof setTrackingInput>;
export type OverviewInput = z.output<typeof overviewInput>;
export const trackingInput = z.object({ publicationId });
