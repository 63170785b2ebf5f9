// The contract of leads.*: the landing page's newsletter-guide sign-up.
import { newsletterSignupInput } from './auth';
import { messageResult } from './common';
import { mutation, type RouterContract } from '../contract';

/** The leads router: what each procedure takes and answers. */
export const leadsContract = {
  subscribe: mutation(newsletterSignupInput, messageResult, 'public'),
} satisfies RouterContract;
