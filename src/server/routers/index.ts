// The app router: one sub-router per domain.
import { router, createCallerFactory } from '../trpc/init';
import { authRouter } from './auth';
import { userRouter } from './user';
import { leadsRouter } from './leads';
import { adminRouter } from './admin';
import { publicationsRouter } from './publications';
import { billingRouter } from './billing';
import { integrationsRouter } from './integrations';
import { emailRouter } from './email';
import { wizardRouter } from './wizard';
import { themesRouter } from './themes';
import { domainsRouter } from './domains';
import { draftsRouter } from './drafts';
import { issuesRouter } from './issues';
import { channelsRouter } from './channels';
import { articlesRouter } from './articles';
import { mailProvidersRouter } from './mail-providers';
import { subscribersRouter } from './subscribers';
import { emailAdminRouter } from './email-admin';
import { sendsRouter } from './sends';
import { recurringRouter } from './recurring';
import { aiRouter } from './ai';
import { demoRouter } from './demo';
import { blogRouter } from './blog';
import { onboardingRouter } from './onboarding';
import { productNewsRouter } from './product-news';
import { teamRouter } from './team';
import { analyticsRouter } from './analytics';
import { apiKeysRouter } from './api-keys';
import { webhooksRouter } from './webhooks';
import { preferencesRouter } from './preferences';
import { formsRouter } from './forms';
import { segmentsRouter } from './segments';
import { readersRouter } from './readers';
import { welcomeRouter } from './welcome';
import { dashboardRouter } from './dashboard';

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
