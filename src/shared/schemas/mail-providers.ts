// The contracts of mailProviders.*: what a provider is added and changed with, and a provider as its owner
// sees it, never its secrets. Settings are checked per kind by the mail domain (each transport's own
// schema), so here they are only an object.
import { z } from 'zod';
import { PROVIDER_KINDS, PROVIDER_PRIORITIES } from '../mail-providers';
import { HEALTH_STATUSES } from './email-admin';
import { noInput } from './common';
import { mutation, query, type RouterContract } from '../contract';

const providerIdField = z.string().min(1, 'Provider id is required').max(100);
const labelField = z.string().trim().max(60, 'Name must be at most 60 characters').optional();

export const providerIdInput = z.object({ id: providerIdField });

export const addProviderInput = z.object({
  kind: z.enum(PROVIDER_KINDS, { message: 'Choose SMTP, Brevo, Resend, Mailgun or Postmark' }),
  label: labelField,
  priority: z.enum(PROVIDER_PRIORITIES, { message: 'Priority must be primary, secondary or fallback' }),
  settings: z.record(z.string(), z.unknown(), { message: 'Settings are required' }),
});
export type AddProviderInput = z.infer<typeof addProviderInput>;

export const updateProviderInput = z.object({
  id: providerIdField,
  label: labelField,
  settings: z.record(z.string(), z.unknown()).optional(),
});
export type UpdateProviderInput = z.infer<typeof updateProviderInput>;

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

/**
 * The mailProviders router: the same five procedures for the caller's own providers and, for staff, for
 * the system's (the *System ones).
 */
export const mailProvidersContract = {
  list: query(noInput, providerList),
  add: mutation(addProviderInput, providerView),
  update: mutation(updateProviderInput, providerView),
  remove: mutation(providerIdInput, providerRemoved),
  test: mutation(providerIdInput, providerView),
  listSystem: query(noInput, providerList, 'staff'),
  addSystem: mutation(addProviderInput, providerView, 'staff'),
  updateSystem: mutation(updateProviderInput, providerView, 'staff'),
  removeSystem: mutation(providerIdInput, providerRemoved, 'staff'),
  testSystem: mutation(providerIdInput, providerView, 'staff'),
} satisfies RouterContract;
