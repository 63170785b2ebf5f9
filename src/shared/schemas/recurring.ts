// Recurring issues as the API exchanges them: a publication's schedule (when, which channels, how many
// stories, the minimum of new ones, send or ask first) and the history of its runs.
import { z } from 'zod';
import { precheckResult } from '../precheck';
import { publicationId } from './publications';
import { mutation, query, type RouterContract } from '../contract';

export const RECURRING_FREQUENCIES = ['daily', 'weekdays', 'monthly'] as const;
export const RECURRING_MODES = ['auto', 'approve'] as const;
export const RECURRING_RUN_STATUSES = ['queued', 'running', 'skipped', 'awaiting_approval', 'sent', 'failed', 'expired'] as const;
export type RecurringRunStatus = (typeof RECURRING_RUN_STATUSES)[number];

export const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
export const MAX_RECURRING_STORIES = 30;
export const MAX_RECURRING_CHANNELS = 50;

/** An IANA zone this runtime knows (Intl is the judge, so server and browser agree on the list). */
export function isTimeZone(zone: string): boolean {
  if (!zone || zone.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

export const RECURRING_MSG = {
  needsPlan: 'Recurring issues are available on the Professional, Business and Enterprise plans.',
  badZone: 'Choose a valid time zone.',
  noWeekdays: 'Choose at least one weekday.',
  minAboveCount: 'The minimum of new stories cannot be more than the number of stories.',
  noChannels: 'Choose at least one channel for the recurring issue.',
  notYourChannel: (name: string) =>
    `“${name}” is not among this publication's channels or your own. Add it in the workflow first, or leave it out of the schedule.`,
  noSchedule: 'This publication has no recurring schedule yet.',
  runBusy: 'A run of this schedule is still being prepared. Wait for it to finish.',
  tokenInvalid: 'This approval link is not valid. It may have been used already or replaced by a newer issue.',
  tokenExpired: 'This approval link has expired. Run the schedule again from the Recurring page.',
  approvalExpired: 'Nobody approved this issue before its link expired, so it was not sent.',
} as const;

export const recurringOfPublication = z.object({ publicationId });
/** The single-use token of a mailed Approve link. */
export const approvalTokenInput = z.object({ token: z.string().trim().min(10).max(300) });

export const recurringChannel = z.object({
  name: z.string().trim().min(1).max(200),
  url: z.string().trim().min(1).max(2000),
  niche: z.string().trim().max(100).default('general'),
});

export const recurringScheduleInput = z
  .object({
    publicationId: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'Invalid publication id'),
    enabled: z.boolean().default(true),
    frequency: z.enum(RECURRING_FREQUENCIES),
    weekdays: z.array(z.number().int().min(0).max(6)).max(7).default([]),
    dayOfMonth: z.number().int().min(1).max(28).default(1),
    time: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use a time like 08:30'),
    timeZone: z.string().refine(isTimeZone, RECURRING_MSG.badZone),
    channels: z.array(recurringChannel).max(MAX_RECURRING_CHANNELS),
    storyCount: z.number().int().min(1).max(MAX_RECURRING_STORIES),
    minNewStories: z.number().int().min(0).max(MAX_RECURRING_STORIES),
    mode: z.enum(RECURRING_MODES),
    autoSendAfterHours: z.number().int().min(1).max(168).nullable().default(null),
    model: z.string().max(100).nullable().default(null),
    /** A saved segment of the publication: each issue goes to its readers only (null: every active reader). */
    segmentId: z.string().min(1).max(64).nullable().default(null),
  })
  .superRefine((v, ctx) => {
    if (v.frequency === 'weekdays' && !v.weekdays.length) ctx.addIssue({ code: 'custom', path: ['weekdays'], message: RECURRING_MSG.noWeekdays });
    if (v.minNewStories > v.storyCount) ctx.addIssue({ code: 'custom', path: ['minNewStories'], message: RECURRING_MSG.minAboveCount });
    if (!v.channels.length) ctx.addIssue({ code: 'custom', path: ['channels'], message: RECURRING_MSG.noChannels });
  });
export type RecurringScheduleInput = z.infer<typeof recurringScheduleInput>;

export const recurringScheduleDto = z.object({
  id: z.string(),
  publicationId: z.string(),
  enabled: z.boolean(),
  frequency: z.enum(RECURRING_FREQUENCIES),
  weekdays: z.array(z.number()),
  dayOfMonth: z.number(),
  time: z.string(),
  timeZone: z.string(),
  channels: z.array(z.object({ name: z.string(), url: z.string(), niche: z.string() })),
  storyCount: z.number(),
  minNewStories: z.number(),
  mode: z.enum(RECURRING_MODES),
  autoSendAfterHours: z.number().nullable(),
  model: z.string().nullable(),
  segmentId: z.string().nullable(),
  /** The next period's start (ISO, UTC); null while paused. */
  nextRunAt: z.string().nullable(),
});
export type RecurringScheduleDto = z.infer<typeof recurringScheduleDto>;

export const recurringRunDto = z.object({
  id: z.string(),
  period: z.string(),
  manual: z.boolean(),
  status: z.enum(RECURRING_RUN_STATUSES),
  reason: z.string().nullable(),
  subject: z.string().nullable(),
  stories: z.number(),
  newsletterId: z.string().nullable(),
  sendId: z.string().nullable(),
  engine: z.string().nullable(),
  /** The pre-send check's findings on the issue as last prepared or sent (null: not checked). */
  findings: z.number().nullable(),
  autoSendAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type RecurringRunDto = z.infer<typeof recurringRunDto>;

/** A schedule removed (or none there to remove). */
export const scheduleRemoved = z.object({ success: z.literal(true) });

export const recurringView = z.object({
  allowed: z.boolean(),
  schedule: recurringScheduleDto.nullable(),
  runs: z.array(recurringRunDto),
  /** Channels to choose from: the publication's and the creator's own. */
  channelChoices: z.array(z.object({ name: z.string(), url: z.string(), niche: z.string() })),
});

export const approvalResult = z.object({
  status: z.enum(RECURRING_RUN_STATUSES),
  publicationName: z.string(),
  subject: z.string().nullable(),
  stories: z.array(z.object({ title: z.string(), url: z.string() })),
  sendId: z.string().nullable(),
  message: z.string(),
});
export type ApprovalResult = z.infer<typeof approvalResult>;

/** The Approve link's page before the creator answers: the prepared issue and its pre-send check. */
export const pendingApproval = z.object({
  publicationName: z.string(),
  subject: z.string().nullable(),
  stories: z.array(z.object({ title: z.string(), url: z.string() })),
  newsletterId: z.string().nullable(),
  autoSendAt: z.string().nullable(),
  expiresAt: z.string(),
  /** The check made when the issue was prepared (approving checks it again); null: not checked. */
  precheck: precheckResult.nullable(),
});
export type PendingApproval = z.infer<typeof pendingApproval>;

/** The recurring router: what each procedure takes and answers. */
export const recurringContract = {
  get: query(recurringOfPublication, recurringView),
  save: mutation(recurringScheduleInput, recurringScheduleDto),
  remove: mutation(recurringOfPublication, scheduleRemoved),
  runNow: mutation(recurringOfPublication, recurringRunDto),
  pending: query(approvalTokenInput, pendingApproval, 'public'),
  approve: mutation(approvalTokenInput, approvalResult, 'public'),
} satisfies RouterContract;
