// The answers of mailProviders.*: a provider as its owner sees it, never its secrets. (What a provider is
// added and changed with is checked per kind by the mail domain.)
import { z } from 'zod';
import { PROVIDER_KINDS, PROVIDER_PRIORITIES } from '../mail-providers';
import { HEALTH_STATUSES } from './email-admin';

export const providerView = z.object({
  id: z.string(),
  kind: z.enum(PROVIDER_KINDS),
  label: z.string(),
  priority: z.enum(PROVIDER_PRIORITIES),
  scope: z.enum(['account', 'system']),
  /** Enough to recognise the credentials, never enough to use them ("key …ab12"). */
  hint: z.string(),
  /** Where the vendor should post delivery events; null for SMTP (no webhooks). */
  webhookUrl: z.string().nullable(),
  /** Resend and Mailgun events are refused until their signing secret is saved; null where none is used. */
  signingSecretSet: z.boolean().nullable(),
  lastStatus: z.enum(HEALTH_STATUSES),
  lastDetail: z.string().nullable(),
  lastCheckAt: z.string().nullable(),
  createdAt: z.string(),
});
export type ProviderViewDto = z.infer<typeof providerView>;
export const providerList = z.array(providerView);
export const providerRemoved = z.object({ ok: z.literal(true) });
