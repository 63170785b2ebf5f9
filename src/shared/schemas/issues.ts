// The contract of issues.*: the creator's issues in one list (/newsletters), saved newsletters not sent
// yet and every issue send with its figures, newest first by keyset cursor.
import { z } from 'zod';
import { pageCursor } from './common';
import { DRAFT_STATUSES } from './newsletter';
import { SEND_STATUSES } from './sends';
import { query, type RouterContract } from '../contract';

/** The list's tabs; failed and canceled sends are under 'all' only. */
export const ISSUE_FILTERS = ['all', 'drafts', 'scheduled', 'sending', 'sent'] as const;
export const ISSUES_PAGE_MAX = 50;

export const issueListInput = z
  .object({
    filter: z.enum(ISSUE_FILTERS).default('all'),
    limit: z.number().int().min(1).max(ISSUES_PAGE_MAX).default(20),
    cursor: pageCursor.optional(),
  })
  .default({ filter: 'all', limit: 20 });
export type IssueListInput = z.infer<typeof issueListInput>;

const draftPart = z.object({
  theme: z.string().nullable(),
  articleCount: z.number().int(),
});

const sendPart = z.object({
  scheduledAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  /** Readers in the send's snapshot (0 until delivery starts) and those it was handed to. */
  recipients: z.number().int(),
  delivered: z.number().int(),
  /** The saved segment it went to (null: every active reader). */
  segmentName: z.string().nullable(),
  /** Unique opens and human-likely unique clicks; null where the plan or the send did not track them. */
  opens: z.number().int().nullable(),
  clicks: z.number().int().nullable(),
  /** The public web copy (sending and sent issues of a publication with an address). */
  webUrl: z.string().nullable(),
  /** The saved newsletter this issue was sent from, when there is one. */
  newsletterId: z.string().nullable(),
});

export const issueListItem = z.object({
  kind: z.enum(['draft', 'send']),
  /** The saved newsletter's id (drafts) or the send's id. */
  id: z.string(),
  title: z.string(),
  publicationId: z.string().nullable(),
  publicationName: z.string().nullable(),
  status: z.enum([...DRAFT_STATUSES, ...SEND_STATUSES]),
  /** What the list is sorted by: a draft's last change, a send's due time. */
  at: z.string(),
  draft: draftPart.nullable(),
  send: sendPart.nullable(),
});
export type IssueListItem = z.infer<typeof issueListItem>;

export const issueListPage = z.object({
  issues: z.array(issueListItem),
  nextCursor: z.string().nullable(),
  /** The plan has analytics: sent issues have a report and their opens and clicks are counted. */
  analytics: z.boolean(),
});
export type IssueListPage = z.infer<typeof issueListPage>;

/** The issues router: what each procedure takes and answers. */
export const issuesContract = {
  /** Newest first by keyset cursor: saved newsletters not sent yet and every send with its figures. */
  list: query(issueListInput, issueListPage),
} satisfies RouterContract;
