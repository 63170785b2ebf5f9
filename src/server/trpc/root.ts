// The app router: one sub-router per domain.
import { router, createCallerFactory } from './init';
import { authRouter } from '../routers/auth';
import { userRouter } from '../routers/user';
import { leadsRouter } from '../routers/leads';
import { adminRouter } from '../routers/admin';
import { publicationsRouter } from '../routers/publications';
import { billingRouter } from '../routers/billing';
import { integrationsRouter } from '../routers/integrations';
import { emailRouter } from '../routers/email';
import { wizardRouter } from '../routers/wizard';
import { themesRouter } from '../routers/themes';
import { domainsRouter } from '../routers/domains';
import { draftsRouter } from '../routers/drafts';
import { issuesRouter } from '../routers/issues';
import { channelsRouter } from '../routers/channels';
import { articlesRouter } from '../routers/articles';
import { mailProvidersRouter } from '../routers/mail-providers';
import { subscribersRouter } from '../routers/subscribers';
import { emailAdminRouter } from '../routers/email-admin';
import { sendsRouter } from '../routers/sends';
import { recurringRouter } from '../routers/recurring';
import { aiRouter } from '../routers/ai';
import { demoRouter } from '../routers/demo';
import { blogRouter } from '../routers/blog';
import { onboardingRouter } from '../routers/onboarding';
import { productNewsRouter } from '../routers/product-news';
import { teamRouter } from '../routers/team';
import { analyticsRouter } from '../routers/analytics';
import { apiKeysRouter } from '../routers/api-keys';
import { webhooksRouter } from '../routers/webhooks';
import { preferencesRouter } from '../routers/preferences';
import { formsRouter } from '../routers/forms';
import { segmentsRouter } from '../routers/segments';
import { readersRouter } from '../routers/readers';
import { welcomeRouter } from '../routers/welcome';
import { dashboardRouter } from '../routers/dashboard';

export const appRouter = router({
  auth: authRouter,
  user: userRouter,
  leads: leadsRouter,
  admin: adminRouter,
  publications: publicationsRouter,
  billing: billingRouter,
  integrations: integrationsRouter,
  email: emailRouter,
  wizard: wizardRouter,
  themes: themesRouter,
  domains: domainsRouter,
  drafts: draftsRouter,
  issues: issuesRouter,
  channels: channelsRouter,
  articles: articlesRouter,
  mailProviders: mailProvidersRouter,
  subscribers: subscribersRouter,
  emailAdmin: emailAdminRouter,
  sends: sendsRouter,
  recurring: recurringRouter,
  ai: aiRouter,
  blog: blogRouter,
  onboarding: onboardingRouter,
  productNews: productNewsRouter,
  team: teamRouter,
  analytics: analyticsRouter,
  apiKeys: apiKeysRouter,
  webhooks: webhooksRouter,
  preferences: preferencesRouter,
  segments: segmentsRouter,
  readers: readersRouter,
  welcome: welcomeRouter,
  dashboard: dashboardRouter,
  demo: demoRouter,
  forms: formsRouter,
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
