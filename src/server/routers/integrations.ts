// integrations.*: connecting e-mail platforms (Brevo, Mailchimp, MailerLite, beehiiv) by API key,
// publishing saved newsletters to them, their figures, Substack copy, and the staff overview.
import { z } from 'zod';
import { router, protectedProcedure, adminProcedure } from '../trpc/init';
import { integrationsStatus, integrationsStatusDto } from '../integrations/status';
import { connect, disconnect, overview, recheck } from '../integrations/connections';
import { platformLists, previewPublish, publish, refreshStats } from '../integrations/publish';
import { substackCopy } from '../integrations/substack';
import { adminOverview, adminOverviewDto, adminPlatform, adminPlatformDto } from '../integrations/admin';
import {
  connectInput,
  connectionDto,
  disconnectedDto,
  listsDto,
  newsletterIdInput,
  overviewDto,
  platformInput,
  previewDto,
  previewInput,
  publicationDto,
  publicationIdInput,
  publishInput,
  substackDto,
} from '../../shared/schemas/integrations';

export const integrationsRouter = router({
  status: protectedProcedure
    .input(z.void())
    .output(integrationsStatusDto)
    .query(({ ctx }) => integrationsStatus(ctx)),
  overview: protectedProcedure
    .input(z.void())
    .output(overviewDto)
    .query(({ ctx }) => overview(ctx)),
  connect: protectedProcedure
    .input(connectInput)
    .output(connectionDto)
    .mutation(({ ctx, input }) => connect(ctx, input)),
  recheck: protectedProcedure
    .input(platformInput)
    .output(connectionDto)
    .mutation(({ ctx, input }) => recheck(ctx, input.platform)),
  disconnect: protectedProcedure
    .input(platformInput)
    .output(disconnectedDto)
    .mutation(({ ctx, input }) => disconnect(ctx, input.platform)),
  lists: protectedProcedure
    .input(platformInput)
    .output(listsDto)
    .query(({ ctx, input }) => platformLists(ctx, input.platform)),
  preview: protectedProcedure
    .input(previewInput)
    .output(previewDto)
    .query(({ ctx, input }) => previewPublish(ctx, input)),
  publish: protectedProcedure
    .input(publishInput)
    .output(publicationDto)
    .mutation(({ ctx, input }) => publish(ctx, input)),
  refreshStats: protectedProcedure
    .input(publicationIdInput)
    .output(publicationDto)
    .mutation(({ ctx, input }) => refreshStats(ctx, input.id)),
  substack: protectedProcedure
    .input(newsletterIdInput)
    .output(substackDto)
    .query(({ ctx, input }) => substackCopy(ctx, input.newsletterId)),
  adminOverview: adminProcedure
    .input(z.void())
    .output(adminOverviewDto)
    .query(({ ctx }) => adminOverview(ctx)),
  adminPlatform: adminProcedure
    .input(platformInput)
    .output(adminPlatformDto)
    .query(({ ctx, input }) => adminPlatform(ctx, input.platform)),
});
