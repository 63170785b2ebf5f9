// integrations.*: connecting e-mail platforms (Brevo, Mailchimp, MailerLite, beehiiv) by API key,
// publishing saved newsletters to them, their figures, Substack copy, and the staff overview.
import { router } from '../trpc/init';
import { implement } from '../trpc/implement';
import { integrationsContract } from '../../shared/schemas/integrations';
import { integrationsStatus } from '../integrations/status';
import { connect, disconnect, overview, recheck } from '../integrations/connections';
import { platformLists, previewPublish, publish, refreshStats } from '../integrations/publish';
import { substackCopy } from '../integrations/substack';
import { adminOverview, adminPlatform } from '../integrations/admin';

export const integrationsRouter = router(
  implement(integrationsContract, {
    status: integrationsStatus,
    overview,
    connect,
    recheck: (ctx, input) => recheck(ctx, input.platform),
    disconnect: (ctx, input) => disconnect(ctx, input.platform),
    lists: (ctx, input) => platformLists(ctx, input.platform),
    preview: previewPublish,
    publish,
    refreshStats: (ctx, input) => refreshStats(ctx, input.id),
    substack: (ctx, input) => substackCopy(ctx, input.newsletterId),
    adminOverview,
    adminPlatform: (ctx, input) => adminPlatform(ctx, input.platform),
  }),
);
