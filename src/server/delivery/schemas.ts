// Contracts of sends.*: sending an issue (now or scheduled), naming a send, and the public pages'
// inputs (the unsubscribe token, the archive's publication address).
import { z } from 'zod';
import { publicationId } from '../publications/schemas';
import { assembleRequest } from '../publications/assemble-input';
import { UNSUBSCRIBE_MSG } from './unsubscribe';

export const createSendInput = assembleRequest.extend({
  /** Client-generated, so a double click or a retried request never sends twice. */
  id: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{8,64}$/, 'Invalid send id'),
  publicationId,
  scheduledAt: z.iso.datetime({ offset: true, message: 'Invalid schedule time' }).optional(),
});
export type CreateSendInput = z.infer<typeof createSendInput>;

export const sendIdInput = z.object({ id: z.string().trim().min(1).max(64) });
export const sendsOfPublicationInput = z.object({ publicationId });
export const unsubscribeTokenInput = z.object({ token: z.string().trim().min(10, UNSUBSCRIBE_MSG.invalid).max(512, UNSUBSCRIBE_MSG.invalid) });
export const archiveInput = z.object({ slug: z.string().trim().min(1).max(120) });
