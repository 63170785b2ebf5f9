// The contracts of sends.*: sending an issue (now, scheduled, or as a subject test), its progress and
// pre-send check, the audience it would reach, and the public pages' reads (the unsubscribe page, the
// archive list).
import { z } from 'zod';
import { precheckResult } from '../precheck';
import { SUBJECT_TEST_DISTINCT, normalSubject, subjectsDistinct } from '../subject-tests';
import { publicationId } from './publications';
import { readerBrand } from './readers';
import { assembleRequest } from './wizard';
import { mutation, query, type RouterContract } from '../contract';

/** Where a send stands (issue_sends.status). */
export const SEND_STATUSES = ['scheduled', 'sending', 'paused', 'sent', 'failed', 'canceled'] as const;

export const SENDS_MSG = {
  unsubscribeInvalid: 'This unsubscribe link is not valid. If you copied it, check that it is complete.',
} as const;

/** Subject lines are one line of at most 150 characters, whitespace collapsed (as the issue's own subject). */
const testSubject = z
  .string()
  .transform(normalSubject)
  .pipe(z.string().min(1, 'Write every subject line of the test').max(150, 'A subject line can be at most 150 characters'));

/** A subject test (Business and Enterprise): 2–3 subjects, a 10–50 % test share, a 1–24 h wait, a rule. */
export const subjectTestInput = z.object({
  subjects: z
    .array(testSubject)
    .min(2, 'A subject test needs 2 or 3 subject lines')
    .max(3, 'A subject test needs 2 or 3 subject lines')
    .refine(subjectsDistinct, SUBJECT_TEST_DISTINCT),
  sharePercent: z.number().int().min(10, 'Test on 10 % to 50 % of the list').max(50, 'Test on 10 % to 50 % of the list'),
  waitHours: z.number().int().min(1, 'Wait 1 to 24 hours').max(24, 'Wait 1 to 24 hours'),
  rule: z.enum(['opens', 'clicks']),
});
export type SubjectTestInput = z.infer<typeof subjectTestInput>;

export const createSendInput = assembleRequest.extend({
  /** Client-generated, so a double click or a retried request never sends twice. */
  id: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{8,64}$/, 'Invalid send id'),
  publicationId,
  scheduledAt: z.iso.datetime({ offset: true, message: 'Invalid schedule time' }).optional(),
  subjectTest: subjectTestInput.optional(),
  /** A saved segment of this publication: only its active readers get the issue. */
  segmentId: z.string().trim().min(1).max(64).optional(),
});
export type CreateSendInput = z.infer<typeof createSendInput>;

/** The pre-send check: the same request as a send's assembly, for one of the caller's publications. */
export const precheckInput = assembleRequest.extend({ publicationId });

export const sendIdInput = z.object({ id: z.string().trim().min(1).max(64) });
export const sendsOfPublicationInput = z.object({ publicationId });
export const unsubscribeTokenInput = z.object({
  token: z.string().trim().min(10, SENDS_MSG.unsubscribeInvalid).max(512, SENDS_MSG.unsubscribeInvalid),
});
export const archiveInput = z.object({ slug: z.string().trim().min(1).max(120) });

/** A send as its progress shows it (sends.create, progress, list, cancel, retry, pickWinner). */
export const sendProgress = z.object({
  id: z.string(),
  publicationId: z.string(),
  subject: z.string(),
  status: z.enum(SEND_STATUSES),
  scheduledAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  total: z.number().int(),
  sent: z.number().int(),
  failed: z.number().int(),
  suppressed: z.number().int(),
  remaining: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  /** The saved segment the issue goes to, by its name when sent (null: every active reader). */
  segmentName: z.string().nullable(),
  /** A subject test's settings and where it stands; null for an ordinary send. */
  test: z
    .object({
      subjects: z.array(z.string()),
      sharePercent: z.number().int(),
      waitHours: z.number().int(),
      rule: z.enum(['opens', 'clicks']),
      phase: z.enum(['testing', 'waiting', 'winner', 'done']),
      groupSize: z.number().int().nullable(),
      testEndsAt: z.string().nullable(),
      winner: z.object({ variant: z.number().int(), subject: z.string(), confidence: z.number(), withinNoise: z.boolean(), early: z.boolean() }).nullable(),
    })
    .nullable(),
  /** The pre-send check as it stood when the send was created (null for sends made before it existed). */
  precheck: precheckResult.nullable(),
});
export type SendProgress = z.infer<typeof sendProgress>;

/** Who an issue would reach now (active readers), and the publication's signup page. */
export const sendAudienceResult = z.object({ active: z.number().int(), signupUrl: z.string() });

/** What the unsubscribe page shows: the publication, the reader's address partly hidden, their status. */
export const unsubscribePageResult = z.object({
  publicationName: z.string(),
  email: z.string(),
  status: z.string(),
  brand: readerBrand,
});

/** The public list of a publication's sent issues (/p/<slug>), newest first. */
export const archiveList = z.object({
  name: z.string(),
  whiteLabel: z.boolean(),
  entries: z.array(z.object({ id: z.string(), subject: z.string(), sentAt: z.string(), url: z.string() })),
});

export const sendList = z.array(sendProgress);

/** The sends router: what each procedure takes and answers. */
export const sendsContract = {
  create: mutation(createSendInput, sendProgress),
  /** The pre-send check of the issue as a send would assemble it (step 5, the send dialog). */
  precheck: query(precheckInput, precheckResult),
  progress: query(sendIdInput, sendProgress),
  audience: query(sendsOfPublicationInput, sendAudienceResult),
  list: query(sendsOfPublicationInput, sendList),
  cancel: mutation(sendIdInput, sendProgress),
  retry: mutation(sendIdInput, sendProgress),
  /** Ends a subject test's wait: the winner so far goes to the rest of the list now. */
  pickWinner: mutation(sendIdInput, sendProgress),
  unsubscribeInfo: query(unsubscribeTokenInput, unsubscribePageResult, 'public'),
  archive: query(archiveInput, archiveList, 'public'),
} satisfies RouterContract;
