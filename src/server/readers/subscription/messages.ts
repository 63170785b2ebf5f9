// The public signup page's user-facing messages, shared by the signup flow, its contracts and the tests.
import { SUBSCRIBERS_MSG } from '../../../shared/schemas/subscribers';

export const SIGNUP_MSG = {
  checkInbox: 'Check your inbox to confirm your subscription.',
  notFound: 'This newsletter does not exist (or no longer takes signups).',
  mailFailed: 'We could not send the confirmation mail just now. Please try again in a few minutes.',
  expired: 'This confirmation link has expired. Please sign up again.',
  invalidLink: SUBSCRIBERS_MSG.invalidConfirmLink,
  confirmed: (name: string) => `You're subscribed to ${name}. The next issue will reach your inbox.`,
  already: "You're already subscribed.",
  /** The answer over the per-network limit: about the poster's address only, never about the e-mail given. */
  tooManyFromNetwork: (minutes: number) => `Too many sign-ups from your network, try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
} as const;
