// The Postgres schema: db/schema's tables under the same names, derived by derive.ts. drizzle-kit
// reads this file for the Postgres migrations (db/migrations-pg); tests/unit/foundation/pg-schema.test.ts
// fails when a table of db/schema is missing here or the committed migrations drift from it.
import * as sqlite from '../schema/sqlite';
import { derivePgTables } from './derive';

/** Every twin by its export name in db/schema. */
export const pgTables = derivePgTables(sqlite);

export const {
  emailCodes,
  oauthAccounts,
  passwordResetTokens,
  sessions,
  signInEvents,
  users,
  outbox,
  leads,
  publications,
  feedItems,
  feeds,
  userChannels,
  newsletters,
  issueSends,
  jobs,
  mailEvents,
  mailProviders,
  sendRecipients,
  subscribers,
  suppressions,
  aiJobs,
  aiUsage,
  contentDrafts,
  auditLog,
  salesRequests,
  stripeEvents,
  subscriptions,
  blogPosts,
  contentImages,
  onboardingDeliveries,
  onboardingEmails,
  productNewsletterRecipients,
  productNewsletters,
  workspaceInvitations,
  workspaceMembers,
  workspaces,
  integrationConnections,
  integrationPublications,
  sendLinks,
  trackingEvents,
  rateLimits,
  serverProcesses,
  customThemes,
  customDomains,
  apiKeys,
  apiRequests,
  apiIdempotency,
} = pgTables;
