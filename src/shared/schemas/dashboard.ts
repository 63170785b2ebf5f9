// The dashboard's contracts: the first-run checklist (its five items, in order) and the overview.
import { z } from 'zod';
import { sentIssueRef } from './analytics';
import { noInput } from './common';
import { mutation, query, type RouterContract } from '../contract';

export const CHECKLIST_ITEMS = [
  { key: 'publication', label: 'Create your publication' },
  { key: 'channel', label: 'Add your first channel' },
  { key: 'test', label: 'Send a test to yourself' },
  { key: 'shared', label: 'Share your signup page' },
  { key: 'send', label: 'Send your first issue to subscribers' },
] as const;

export type ChecklistKey = (typeof CHECKLIST_ITEMS)[number]['key'];
const checklistKey = z.enum(CHECKLIST_ITEMS.map((i) => i.key) as [ChecklistKey, ...ChecklistKey[]]);

export const checklistView = z.object({
  items: z.array(z.object({ key: checklistKey, done: z.boolean() })),
  /** Where the items that need one are done: the creator's latest publication (null before the first). */
  publicationId: z.string().nullable(),
  dismissed: z.boolean(),
  /** Every item done: the card is not shown. */
  complete: z.boolean(),
});
export type ChecklistView = z.infer<typeof checklistView>;

export const lastIssueView = sentIssueRef.extend({
  recipients: z.number(),
  /** Null where nothing counts them: the plan has no analytics, or tracking was off for that send. */
  uniqueOpens: z.number().nullable(),
  openRate: z.number().nullable(),
  uniqueClicks: z.number().nullable(),
  clickRate: z.number().nullable(),
});

export const overviewView = z.object({
  /** No sign-in before this session, which started within 15 minutes of the account's creation. */
  newAccount: z.boolean(),
  readers: z.object({ active: z.number(), pending: z.number(), publications: z.number() }),
  lastIssue: lastIssueView.nullable(),
});
export type OverviewView = z.infer<typeof overviewView>;

export const markSharedInput = z.object({ publicationId: z.string().min(1).max(64) });

/** The dashboard router: what each procedure takes and answers. */
export const dashboardContract = {
  checklist: query(noInput, checklistView),
  overview: query(noInput, overviewView),
  markShared: mutation(markSharedInput, checklistView),
  dismissChecklist: mutation(noInput, checklistView),
} satisfies RouterContract;
