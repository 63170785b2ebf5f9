// The public API's routes (/api/v1): each names the procedure it calls and what that procedure may refuse
// with, and nothing else about its contract. The input and output schemas, and whether a key must be able
// to write, come from that procedure (contracts.ts), so the HTTP surface, the OpenAPI document and the
// procedures cannot drift; the statuses documented are failures.ts's, which the handler checks its answers
// against. Path parameters are named after the procedure's input fields; a GET's other fields are query
// parameters, any other method's are the JSON body.
import type { AppErrorCode } from '../../errors';

/** What a route's procedure itself may refuse with (beyond the handler's own failures). */
export type ProcedureFailure = Extract<AppErrorCode, 'NOT_FOUND' | 'CONFLICT' | 'FORBIDDEN' | 'PRECONDITION_FAILED' | 'UNPROCESSABLE_CONTENT'>;

export type V1Tag = 'Publications' | 'Subscribers' | 'Newsletters' | 'Sends' | 'Analytics';

export interface V1Route {
  method: 'get' | 'post' | 'patch' | 'delete';
  /** OpenAPI path template under /api/v1. */
  path: string;
  /** The procedure's path in the app router. */
  procedure: string;
  operationId: string;
  tag: V1Tag;
  summary: string;
  description?: string;
  /** Answers 201 and honours an Idempotency-Key header. */
  creates?: boolean;
  /** The procedure answers { filename, csv }: sent as a text/csv download. */
  csv?: boolean;
  /** Largest request body in bytes (1 MB unless said). */
  maxBody?: number;
  /** What the procedure itself may refuse with; the handler's own failures (key, plan, scope, input, limits) come with every route. */
  fails?: readonly ProcedureFailure[];
}

export const V1_ROUTES: readonly V1Route[] = [
  {
    method: 'get',
    path: '/publications',
    procedure: 'publications.list',
    operationId: 'listPublications',
    tag: 'Publications',
    summary: 'List your publications',
    description: 'Every publication of the account, most recently changed first.',
  },
  {
    method: 'get',
    path: '/publications/{id}',
    procedure: 'publications.get',
    operationId: 'getPublication',
    fails: ['NOT_FOUND'],
    tag: 'Publications',
    summary: 'Get a publication',
  },
  {
    method: 'get',
    path: '/publications/{publicationId}/subscribers',
    procedure: 'subscribers.list',
    operationId: 'listSubscribers',
    fails: ['NOT_FOUND'],
    tag: 'Subscribers',
    summary: 'List subscribers',
    description:
      "Newest first, `limit` per page (50 by default, at most 500). Pass the answer's `nextCursor` as `cursor` for the next page; it is null on the last. Filter by `status`, by `tag` (readers carrying it) and by `search` (part of the address or name). Each subscriber carries its `tags`.",
  },
  {
    method: 'post',
    path: '/publications/{publicationId}/subscribers',
    procedure: 'subscribers.add',
    operationId: 'addSubscriber',
    fails: ['NOT_FOUND', 'CONFLICT', 'FORBIDDEN'],
    tag: 'Subscribers',
    summary: 'Add a subscriber',
    description:
      'Adds an active subscriber, with `tags` if given (plain text, at most 50 characters each). An address already on the list, or one that unsubscribed, bounced or complained, is a 409.',
    creates: true,
  },
  {
    method: 'patch',
    path: '/publications/{publicationId}/subscribers/{id}',
    procedure: 'subscribers.update',
    operationId: 'updateSubscriber',
    fails: ['NOT_FOUND'],
    tag: 'Subscribers',
    summary: 'Update a subscriber',
    description:
      "Correct the name, set `tags` (the reader's tags from then on), or set `status` to `unsubscribed` to mark the reader as left. Only readers can subscribe again.",
  },
  {
    method: 'delete',
    path: '/publications/{publicationId}/subscribers/{id}',
    procedure: 'subscribers.delete',
    operationId: 'deleteSubscriber',
    fails: ['NOT_FOUND'],
    tag: 'Subscribers',
    summary: 'Delete a subscriber',
  },
  {
    method: 'post',
    path: '/publications/{publicationId}/subscribers/import',
    procedure: 'subscribers.importCsv',
    operationId: 'importSubscribers',
    fails: ['NOT_FOUND', 'FORBIDDEN'],
    tag: 'Subscribers',
    summary: 'Import subscribers from CSV',
    description:
      'The CSV text in `csv` (a column named email, optionally name). `mode: "check"` reports without writing; `mode: "import"` writes the valid rows when every row is valid, or with `skipInvalid: true`. The report is the one the Subscribers page shows, with each invalid row\'s line number.',
    creates: true,
    maxBody: 10 * 1024 * 1024,
  },
  {
    method: 'get',
    path: '/publications/{publicationId}/subscribers/export',
    procedure: 'subscribers.exportCsv',
    operationId: 'exportSubscribers',
    fails: ['NOT_FOUND'],
    tag: 'Subscribers',
    summary: 'Export subscribers as CSV',
    csv: true,
  },
  {
    method: 'get',
    path: '/newsletters',
    procedure: 'drafts.page',
    operationId: 'listNewsletters',
    tag: 'Newsletters',
    summary: 'List saved newsletters',
    description: 'Most recently changed first, by cursor: pass `nextCursor` as `cursor` for the next page.',
  },
  {
    method: 'get',
    path: '/newsletters/{id}',
    procedure: 'drafts.get',
    operationId: 'getNewsletter',
    fails: ['NOT_FOUND'],
    tag: 'Newsletters',
    summary: 'Get a saved newsletter',
  },
  {
    method: 'post',
    path: '/newsletters',
    procedure: 'drafts.build',
    operationId: 'createNewsletter',
    fails: ['NOT_FOUND', 'FORBIDDEN'],
    tag: 'Newsletters',
    summary: 'Create a newsletter from articles and a theme',
    description:
      "Assembles the newsletter (email HTML and plain text) from `articles` and `themeId` and saves it. With `publicationId`, what the request leaves out comes from that publication's saved workflow.",
    creates: true,
  },
  {
    method: 'post',
    path: '/publications/{publicationId}/sends',
    procedure: 'sends.create',
    operationId: 'createSend',
    fails: ['NOT_FOUND', 'CONFLICT', 'FORBIDDEN', 'PRECONDITION_FAILED'],
    tag: 'Sends',
    summary: 'Send an issue, now or scheduled',
    description:
      "Sends the publication's issue to its active subscribers: now, or at `scheduledAt` (ISO 8601 with an offset). `id` is yours to choose (8–64 letters, digits, - or _): the same id never sends twice.",
    creates: true,
  },
  {
    method: 'get',
    path: '/sends/{id}',
    procedure: 'sends.progress',
    operationId: 'getSend',
    fails: ['NOT_FOUND'],
    tag: 'Sends',
    summary: "Get a send's status and progress",
  },
  {
    method: 'post',
    path: '/sends/{id}/cancel',
    procedure: 'sends.cancel',
    operationId: 'cancelSend',
    fails: ['NOT_FOUND', 'CONFLICT'],
    tag: 'Sends',
    summary: 'Cancel a send',
    description: 'A scheduled send is cancelled; a running one stops before its next batch.',
  },
  {
    method: 'get',
    path: '/sends/{sendId}/analytics',
    procedure: 'analytics.issue',
    operationId: 'getIssueAnalytics',
    fails: ['NOT_FOUND', 'FORBIDDEN'],
    tag: 'Analytics',
    summary: 'Analytics of an issue and its links',
    description: "Opens (all and human-likely), clicks, unsubscribes, bounces and complaints of a sent issue, each link's clicks, and a subject test's result.",
  },
];
