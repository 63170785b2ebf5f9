// The contracts of domains.*: the account's custom domain for its readers' pages, as each procedure answers it.
import { z } from 'zod';

export const domainState = z.object({
  /** The proven domain the readers' pages are served on. */
  host: z.string().nullable(),
  /** A domain asked for and not proved yet, with the TXT record that proves it. */
  pending: z.object({ host: z.string(), record: z.object({ name: z.string(), value: z.string() }) }).nullable(),
  target: z.string(),
  allowed: z.boolean(),
});
export type DomainState = z.infer<typeof domainState>;

export const setDomainInput = z.object({ host: z.string().max(300) });
