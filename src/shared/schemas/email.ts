// The contracts of email.*: sending the assembled newsletter from step 5 as a test to yourself or to a
// short typed list, and what a send answers (the carrier used, who got it, who did not).
import { z } from 'zod';
import { mutation, type RouterContract } from '../contract';
import { MSG } from '../messages';
import { PROVIDER_KINDS } from '../mail-providers';
import { emailField } from './auth';
import { assembleRequest } from './wizard';

export const MAX_ADDRESSES = 10;

/** Step 5 sends by naming the publication and what it has not stored yet (or the full data). */
export const sendTestInput = assembleRequest;
export type SendTestInput = z.infer<typeof sendTestInput>;

export const sendToAddressesInput = assembleRequest.extend({
  addresses: z
    .array(emailField)
    .min(1, MSG.quickTestMissing)
    .max(MAX_ADDRESSES, `Send to at most ${MAX_ADDRESSES} addresses at a time`)
    .transform((list) => [...new Set(list)]),
});
export type SendToAddressesInput = z.infer<typeof sendToAddressesInput>;

export const sendResult = z.object({
  success: z.boolean(),
  transport: z.enum(['outbox', ...PROVIDER_KINDS]),
  subject: z.string(),
  sent: z.array(z.object({ to: z.string(), messageId: z.string() })),
  failed: z.array(z.object({ to: z.string(), message: z.string() })),
});
export type SendResult = z.infer<typeof sendResult>;

/** The email router: what each procedure takes and answers. */
export const emailContract = {
  sendTest: mutation(sendTestInput, sendResult),
  sendToAddresses: mutation(sendToAddressesInput, sendResult),
} satisfies RouterContract;
