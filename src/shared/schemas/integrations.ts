// The contracts of integrations.*: inputs and outputs shared by the router, the REST adapters, the client and tests.
import { z } from 'zod';
import { query, mutation, type RouterContract } from '../contract';
import { CAMPAIGN_STATUSES, CONNECTION_STATUSES, INTEGRATION_PLATFORMS } from '../integrations';
import { noInput } from './common';
import { PUBLICATION_STATUSES } from './publications';

export const platformId = z.enum(INTEGRATION_PLATFORMS, { message: 'Unknown platform' });
const idString = z.string().trim().min(1).max(100);

export const connectInput = z.object({
  platform: platformId,
  apiKey: z
    .string()
    .trim()
    .min(8, 'Please paste the whole API key')
    .max(400, 'That is longer than any API key')
    .regex(/^[\x21-\x7e]+$/, 'An API key has no spaces or line breaks'),
});
export const platformInput = z.object({ platform: platformId });

export const PUBLISH_MODES = ['draft', 'now', 'schedule'] as const;
const plainLine = (max: number, msg: string) =>
  z
    .string()
    .trim()
    .min(1, msg)
    .max(max)
    .transform((v) => v.replace(/[\r\n]+/g, ' '));

export const publishInput = z
  .object({
    newsletterId: idString,
    platform: platformId,
    listId: z.string().trim().max(100).default(''),
    subject: plainLine(300, 'Please enter a subject'),
    fromName: plainLine(100, 'Please enter a sender name'),
    fromEmail: z.email('Please enter a valid sender e-mail address').max(254),
    mode: z.enum(PUBLISH_MODES),
    scheduledAt: z.iso.datetime({ offset: true, message: 'Please choose a date and time' }).optional(),
  })
  .refine((v) => v.mode !== 'schedule' || !!v.scheduledAt, { message: 'Please choose when to send it', path: ['scheduledAt'] });
export type PublishInput = z.infer<typeof publishInput>;

export const previewInput = z.object({ newsletterId: idString, platform: platformId });
export const publicationIdInput = z.object({ id: idString });
export const newsletterIdInput = z.object({ newsletterId: idString });

export const connectionDto = z.object({
  status: z.enum(CONNECTION_STATUSES),
  accountLabel: z.string(),
  lastError: z.string().nullable(),
  lastCheckedAt: z.string().nullable(),
  connectedAt: z.string(),
});
export type ConnectionDto = z.infer<typeof connectionDto>;

export const platformCardDto = z.object({
  id: platformId,
  name: z.string(),
  description: z.string(),
  keyLabel: z.string(),
  keyHelp: z.string(),
  listWord: z.string(),
  allowed: z.boolean(),
  requiredPlan: z.string(),
  lockedMessage: z.string().nullable(),
  connection: connectionDto.nullable(),
});

export const publicationDto = z.object({
  id: z.string(),
  newsletterId: z.string().nullable(),
  platform: platformId,
  title: z.string(),
  listId: z.string().nullable(),
  listName: z.string().nullable(),
  status: z.enum(CAMPAIGN_STATUSES),
  remoteId: z.string().nullable(),
  remoteUrl: z.string().nullable(),
  scheduledAt: z.string().nullable(),
  error: z.string().nullable(),
  stats: z.record(z.string(), z.number()).nullable(),
  statsFetchedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type PublicationDto = z.infer<typeof publicationDto>;

export const overviewDto = z.object({ platforms: z.array(platformCardDto), publications: z.array(publicationDto) });

export const listsDto = z.object({
  platform: platformId,
  listWord: z.string(),
  lists: z.array(z.object({ id: z.string(), name: z.string(), count: z.number().nullable() })),
  note: z.string().nullable(),
});

export const previewDto = z.object({ platform: platformId, title: z.string(), subject: z.string(), changes: z.array(z.string()), html: z.string() });

export const substackDto = z.object({ title: z.string(), html: z.string(), markdown: z.string(), note: z.string() });

export const disconnectedDto = z.object({ success: z.literal(true), platform: z.string() });

// Integration status for the dashboard and GET /api/integrations: per platform a connected flag, and the
// publications list (campaigns published to platforms and the user's own publications, newest first).
const connection = z.object({ connected: z.boolean() });

const ownPublication = z.object({
  id: z.string(),
  date: z.string(),
  title: z.string(),
  platform: z.literal('newsletter'),
  status: z.enum(PUBLICATION_STATUSES),
});
const platformPublication = z.object({
  id: z.string(),
  date: z.string(),
  title: z.string(),
  platform: z.enum(INTEGRATION_PLATFORMS),
  status: z.enum(CAMPAIGN_STATUSES),
});

export const integrationsStatusDto = z.object({
  success: z.literal(true),
  data: z.object({
    platforms: z.object({ brevo: connection, mailchimp: connection, mailerlite: connection, beehiiv: connection, substack: connection }),
    brevo: connection,
    note: z.string(),
    publications: z.array(z.discriminatedUnion('platform', [ownPublication, platformPublication])),
  }),
});
export type IntegrationsStatusDto = z.infer<typeof integrationsStatusDto>;

// The staff view: system-level services and, per platform, how many accounts connected it, failed, published.
const when = z.string().nullable();
export const platformStats = z.object({
  platform: z.enum(INTEGRATION_PLATFORMS),
  name: z.string(),
  connected: z.number().int(),
  inError: z.number().int(),
  lastPublishAt: when,
  lastFailureAt: when,
  lastFailure: z.string().nullable(),
});

export const adminOverviewDto = z.object({
  system: z.object({
    mailProviders: z.array(
      z.object({ kind: z.string(), label: z.string(), priority: z.string(), lastStatus: z.string(), lastDetail: z.string().nullable(), lastCheckAt: when }),
    ),
    smtpConfigured: z.boolean(),
    stripeConfigured: z.boolean(),
    ai: z.object({ kind: z.enum(['model', 'builtin']), name: z.string() }),
  }),
  platforms: z.array(platformStats),
});

export const adminPlatformDto = platformStats.extend({
  publishes: z.object({ draft: z.number().int(), scheduled: z.number().int(), sent: z.number().int(), failed: z.number().int() }),
  recentErrors: z.array(z.object({ email: z.string(), at: z.string(), message: z.string(), kind: z.enum(['connection', 'publish']) })),
});

/** The integrations router: what each procedure takes and answers. */
export const integrationsContract = {
  status: query(noInput, integrationsStatusDto),
  overview: query(noInput, overviewDto),
  connect: mutation(connectInput, connectionDto),
  recheck: mutation(platformInput, connectionDto),
  disconnect: mutation(platformInput, disconnectedDto),
  lists: query(platformInput, listsDto),
  preview: query(previewInput, previewDto),
  publish: mutation(publishInput, publicationDto),
  refreshStats: mutation(publicationIdInput, publicationDto),
  substack: query(newsletterIdInput, substackDto),
  adminOverview: query(noInput, adminOverviewDto, 'staff'),
  adminPlatform: query(platformInput, adminPlatformDto, 'staff'),
} satisfies RouterContract;
