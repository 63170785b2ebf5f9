// The contracts of domains.*: the account's custom domain for its readers' pages, as each procedure answers it.
import { z } from 'zod';
import { noInput } from './common';
import { mutation, query, type RouterContract } from '../contract';

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

/** The domains router: what each procedure takes and answers. */
export const domainsContract = {
  get: query(noInput, domainState),
  set: mutation(setDomainInput, domainState),
  verify: mutation(noInput, domainState),
  remove: mutation(noInput, domainState),
} satisfies RouterContract;
