// Contracts of sends.*: sending an issue (now or scheduled), naming a send, and the public pages'
// inputs (the unsubscribe token, the archive's publication address).
import { z } from 'zod';
import { SEND_STATUSES } from '../../../db/schema';
import { publicationId } from '../publications/schemas';
import { assembleRequest } from '../publications/assemble-input';
import { UNSUBSCRIBE_MSG } from '../readers/unsubscribe';
import { precheckResult } from '../../shared/precheck';
import { SUBJECT_TEST_DISTINCT, normalSubject, subjectsDistinct } from '../../shared/subject-tests';

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

export const sendIdInput = z.object({ id: z.string().trim().min(1).max(64) });
export const sendsOfPublicationInput = z.object({ publicationId });
export const unsubscribeTokenInput = z.object({ token: z.string().trim().min(10, UNSUBSCRIBE_MSG.invalid).max(512, UNSUBSCRIBE_MSG.invalid) });
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
