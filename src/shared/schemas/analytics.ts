// The contracts of analytics.*: what each procedure takes and answers (GET /api/analytics/export answers
// the CSV file of common.ts).
import { z } from 'zod';
import { STAT_KEYS } from '../integrations';
import { publicationId } from './publications';
import { csvFile } from './common';
import { mutation, query, type RouterContract } from '../contract';

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
/** A publication's tracking switches, and whether the plan tracks at all. */
export const trackingDto = z.object({ trackOpens: z.boolean(), trackClicks: z.boolean(), available: z.boolean() });

/** Which sent issue a figure is of: the send, its publication, its subject, its state and when it went. */
export const sentIssueRef = z.object({
  sendId: z.string(),
  publicationId: z.string(),
  publicationName: z.string(),
  subject: z.string(),
  status: z.string(),
  sentAt: z.string(),
});

/** One issue's figures (analytics.issue): rates are fractions 0..1, null with nothing to divide. */
export const issueStats = sentIssueRef.extend({
  trackOpens: z.boolean(),
  trackClicks: z.boolean(),
  recipients: z.number().int(),
  delivered: z.number().int(),
  deliveredSource: z.enum(['provider', 'estimate']),
  opens: z.number().int(),
  uniqueOpens: z.number().int(),
  humanOpens: z.number().int(),
  clicks: z.number().int(),
  uniqueClicks: z.number().int(),
  machineClicks: z.number().int(),
  unsubscribes: z.number().int(),
  bounces: z.number().int(),
  complaints: z.number().int(),
  openRate: z.number().nullable(),
  humanOpenRate: z.number().nullable(),
  clickRate: z.number().nullable(),
  clickToOpen: z.number().nullable(),
});

/** A link of the issue: its readers' clicks (machine clicks left out) and distinct clickers. */
export const linkStats = z.object({
  position: z.number().int(),
  url: z.string(),
  label: z.string(),
  clicks: z.number().int(),
  uniqueClickers: z.number().int(),
});

export const subjectTestReport = z.object({
  rule: z.enum(['opens', 'clicks']),
  sharePercent: z.number().int(),
  waitHours: z.number().int(),
  variants: z.array(
    z.object({
      variant: z.number().int(),
      subject: z.string(),
      recipients: z.number().int(),
      opens: z.number().int(),
      clicks: z.number().int(),
      rate: z.number().nullable(),
    }),
  ),
  rest: z.number().int(),
  winner: z.object({ variant: z.number().int(), decidedAt: z.string(), confidence: z.number(), withinNoise: z.boolean(), early: z.boolean() }).nullable(),
  testEndsAt: z.string().nullable(),
});

export const issueReport = issueStats.extend({ links: z.array(linkStats), subjectTest: subjectTestReport.nullable() });

const rates = {
  openRate: z.number().nullable(),
  humanOpenRate: z.number().nullable(),
  clickRate: z.number().nullable(),
  clickToOpen: z.number().nullable(),
};

/** The listed issues' figures added up, with their rates. */
export const issueTotals = z.object({
  issues: z.number().int(),
  recipients: z.number().int(),
  delivered: z.number().int(),
  opens: z.number().int(),
  uniqueOpens: z.number().int(),
  humanOpens: z.number().int(),
  clicks: z.number().int(),
  uniqueClicks: z.number().int(),
  unsubscribes: z.number().int(),
  bounces: z.number().int(),
  complaints: z.number().int(),
  ...rates,
});

/** A campaign published to a platform, with the figures the platform reports (listed apart, by source). */
export const platformCampaign = z.object({
  id: z.string(),
  platform: z.string(),
  source: z.string(),
  title: z.string(),
  status: z.string(),
  listName: z.string().nullable(),
  stats: z.partialRecord(z.enum(STAT_KEYS), z.number()),
  fetchedAt: z.string().nullable(),
});
export type PlatformCampaign = z.infer<typeof platformCampaign>;

export const overviewReport = z.object({
  publications: z.array(z.object({ id: z.string(), name: z.string() })),
  issues: z.array(issueStats),
  totals: issueTotals,
  /** Oldest first, for the chart. */
  trend: z.array(
    z.object({
      sendId: z.string(),
      subject: z.string(),
      sentAt: z.string(),
      openRate: z.number().nullable(),
      humanOpenRate: z.number().nullable(),
      clickRate: z.number().nullable(),
    }),
  ),
  platforms: z.array(platformCampaign),
});

/** The analytics router: what each procedure takes and answers. */
export const analyticsContract = {
  overview: query(overviewInput, overviewReport),
  issue: query(issueInput, issueReport),
  exportCsv: query(overviewInput, csvFile),
  tracking: query(trackingInput, trackingDto),
  setTracking: mutation(setTrackingInput, trackingDto),
} satisfies RouterContract;
