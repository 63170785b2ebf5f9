// The explicit locks of check-then-write transactions: on Postgres (READ COMMITTED) two transactions
// can both read a count or a status and both write what it allowed, so each transaction whose read
// decides its write takes the lock of the invariant first (`lockFor`: a transaction-scoped advisory
// lock; nothing on SQLite, whose transaction already holds the write lock). The keys live here so
// every transaction guarding one invariant takes the same one, keyed as narrowly as the invariant.
//
// Order: a transaction takes at most one of these, except the account's creation (its address, then
// the username, then the first account), an admin's change of a role (the active admins, then the
// account's subscription) and the transactions that also enqueue a job (the job engine's key comes
// last), so no two transactions wait for each other. Invariants a unique index already keeps need no lock (onboarding
// deliveries, saved issues, subscriber addresses, the AI monthly quota's upsert, reset tokens).
import { lockFor, type Tx } from './db';

export const locks = {
  /**
   * Whether an address has an account, by every path that looks and then creates or signs in (sign-up,
   * trial, code and OAuth sign-in): one account, and the second request finds it instead of failing.
   */
  accountEmail: (t: Tx, email: string) => lockFor(t, `account-email:${email}`),
  /** Whether the database has no account yet (the first account is the admin). */
  firstAccount: (t: Tx) => lockFor(t, 'first-account'),
  /** The choice of a free username made from an address's local part. */
  username: (t: Tx, base: string) => lockFor(t, `username:${base}`),
  /** "An active admin remains": every change that can demote, disable or delete an admin. */
  activeAdmins: (t: Tx) => lockFor(t, 'active-admins'),
  /** The plan's cap on an account's saved themes. */
  customThemesOf: (t: Tx, userId: string) => lockFor(t, `plan-limit:custom-themes:${userId}`),
  /** The plan's limit on an account's publications. */
  publicationsOf: (t: Tx, userId: string) => lockFor(t, `plan-limit:publications:${userId}`),
  /** The cap on an account's webhook endpoints. */
  webhookEndpointsOf: (t: Tx, userId: string) => lockFor(t, `plan-limit:webhook-endpoints:${userId}`),
  /**
   * A publication's saved segments: their cap, and a deletion against the sends and recurring schedules
   * that use one (those take it when they pick a segment; a send takes it after its own lock).
   */
  segmentsOf: (t: Tx, publicationId: string) => lockFor(t, `segments:${publicationId}`),
  /** The cap on an account's API keys. */
  apiKeysOf: (t: Tx, userId: string) => lockFor(t, `plan-limit:api-keys:${userId}`),
  /** One publication's saved workflow (its plan checks compare with what is stored). */
  publication: (t: Tx, publicationId: string) => lockFor(t, `publication:${publicationId}`),
  /** The plan's limit on a publication's kept (pending and active) subscribers. */
  subscribersOf: (t: Tx, publicationId: string) => lockFor(t, `plan-limit:subscribers:${publicationId}`),
  /** The cap on each reader's tags: every tag write of a publication's readers (taken last, after any other lock). */
  readerTagsOf: (t: Tx, publicationId: string) => lockFor(t, `reader-tags:${publicationId}`),
  /** The cap on a publication's signup forms. */
  signupFormsOf: (t: Tx, publicationId: string) => lockFor(t, `signup-forms:${publicationId}`),
  /** A reader's welcome: scheduled once, by the first confirmation (its history record is the guard). */
  welcomeOf: (t: Tx, subscriberId: string) => lockFor(t, `welcome:${subscriberId}`),
  /** An owner's workspace: its creation, seats, invitations and members. */
  workspaceOf: (t: Tx, ownerId: string) => lockFor(t, `workspace:${ownerId}`),
  /** The cap on a user's running AI generations. */
  aiJobsOf: (t: Tx, userId: string) => lockFor(t, `ai-running:${userId}`),
  /** Free's AI taste: the issues an account counted this month, against the plan's number of issues. */
  aiTasteOf: (t: Tx, userId: string) => lockFor(t, `ai-taste:${userId}`),
  /** The onboarding sequence's default steps, seeded once on an empty table. */
  onboardingSteps: (t: Tx) => lockFor(t, 'onboarding-steps'),
  /** A recurring schedule's runs: "Run now" makes one while none is being prepared. */
  recurringSchedule: (t: Tx, scheduleId: string) => lockFor(t, `recurring:${scheduleId}`),
  /** A recurring run's status (approval, its deadline, the run itself): one of them moves it on. */
  recurringRun: (t: Tx, runId: string) => lockFor(t, `recurring-run:${runId}`),
  /** A product newsletter's status (draft → sending) and the recipients its runs take. */
  productNewsletter: (t: Tx, id: string) => lockFor(t, `product-news:${id}`),
  /** An issue send: its creation under a client id, its snapshot and the recipients its runs take. */
  send: (t: Tx, sendId: string) => lockFor(t, `send:${sendId}`),
  /** An address's sign-in codes: one unused code, its tries counted once each, spent once. */
  emailCodes: (t: Tx, email: string) => lockFor(t, `email-code:${email}`),
  /** Blog covers: a cover is dropped with its last post, never while another post is saved with it. */
  blogCovers: (t: Tx) => lockFor(t, 'blog-covers'),
  /**
   * An account's subscription row and its copy in `users.plan_type`: a staff change (which reads the row
   * to decide whether to delete it) and a Stripe event write them one after the other.
   */
  subscriptionOf: (t: Tx, userId: string) => lockFor(t, `subscription:${userId}`),
  /** A custom domain's host: claimed only while no other account has proved it, proved by one account. */
  customDomain: (t: Tx, host: string) => lockFor(t, `custom-domain:${host}`),
  /** An owner's (or, null, the system's) mail providers: one per priority. */
  mailProviders: (t: Tx, ownerId: string | null) => lockFor(t, `mail-providers:${ownerId ?? 'system'}`),
};
