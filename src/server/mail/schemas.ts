// Contracts of mailProviders.*: what a provider is added and changed with. Settings are checked per kind
// in providers.ts (each transport's own schema), so here they are only an object.
import { z } from 'zod';
import { PROVIDER_KINDS } from './transport';
import { PROVIDER_PRIORITIES } from '../../../db/schema';

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
