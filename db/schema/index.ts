// The tables the application queries: db/schema's SQLite tables (sqlite.ts, the one schema written by
// hand), or their Postgres twins (db/pg) when DATABASE_URL names a Postgres database (db/dialect.ts).
// Both are typed as the SQLite tables: the twins have the same names, columns and JavaScript values, and
// the data layer (src/server/db.ts) hands domain code the matching driver.
import * as sqlite from './sqlite';
import { pgTables } from '../pg/schema';
import { DIALECT } from '../dialect';

export * from './sqlite';

type Tables = typeof sqlite;
const pick = <K extends keyof Tables>(name: K): Tables[K] => (DIALECT === 'postgresql' ? (pgTables[name] as unknown as Tables[K]) : sqlite[name]);

export const emailCodes = pick('emailCodes');
export const oauthAccounts = pick('oauthAccounts');
export const passwordResetTokens = pick('passwordResetTokens');
export const sessions = pick('sessions');
export const signInEvents = pick('signInEvents');
export const userChecklist = pick('userChecklist');
export const users = pick('users');
export const outbox = pick('outbox');
export const leads = pick('leads');
export const publications = pick('publications');
export const feedItems = pick('feedItems');
export const feeds = pick('feeds');
export const userChannels = pick('userChannels');
export const newsletters = pick('newsletters');
export const issueSends = pick('issueSends');
export const jobs = pick('jobs');
export const mailEvents = pick('mailEvents');
export const mailProviders = pick('mailProviders');
export const sendRecipients = pick('sendRecipients');
export const subscribers = pick('subscribers');
export const suppressions = pick('suppressions');
export const aiJobs = pick('aiJobs');
export const aiUsage = pick('aiUsage');
export const aiTasteIssues = pick('aiTasteIssues');
export const contentDrafts = pick('contentDrafts');
export const auditLog = pick('auditLog');
export const salesRequests = pick('salesRequests');
export const stripeEvents = pick('stripeEvents');
export const subscriptions = pick('subscriptions');
export const blogPosts = pick('blogPosts');
export const contentImages = pick('contentImages');
export const onboardingDeliveries = pick('onboardingDeliveries');
export const onboardingEmails = pick('onboardingEmails');
export const productNewsletterRecipients = pick('productNewsletterRecipients');
export const productNewsletters = pick('productNewsletters');
export const workspaceInvitations = pick('workspaceInvitations');
export const workspaceMembers = pick('workspaceMembers');
export const workspaces = pick('workspaces');
export const integrationConnections = pick('integrationConnections');
export const integrationPublications = pick('integrationPublications');
export const sendLinks = pick('sendLinks');
export const trackingEvents = pick('trackingEvents');
export const rateLimits = pick('rateLimits');
export const serverProcesses = pick('serverProcesses');
export const customThemes = pick('customThemes');
export const customDomains = pick('customDomains');
export const customDomainClaims = pick('customDomainClaims');
export const apiKeys = pick('apiKeys');
export const apiRequests = pick('apiRequests');
export const apiIdempotency = pick('apiIdempotency');
export const webhookEndpoints = pick('webhookEndpoints');
export const webhookDeliveries = pick('webhookDeliveries');
export const recurringSchedules = pick('recurringSchedules');
export const recurringRuns = pick('recurringRuns');
export const subscriberTags = pick('subscriberTags');
export const segments = pick('segments');
export const readerSettings = pick('readerSettings');
export const signupForms = pick('signupForms');
export const readerEvents = pick('readerEvents');
