// emailAdmin.*: Email Management (health, today's figures, templates, test sends) for the system
// (staff) or the caller's own mail (plans with emailManagement), and the email test pages.
import { router } from '../trpc/init';
import { implement } from '../trpc/implement';
import { emailAdminContract } from '../../shared/schemas/email-admin';
import { emailHealth } from '../email/health';
import { emailMetrics } from '../email/metrics';
import { listTemplates, previewTemplate } from '../email/templates';
import { runDeliveryTest, sendCustomEmail, sendQuickTest, sendTestDirect, listSenders } from '../email/direct';

export const emailAdminRouter = router(
  implement(emailAdminContract, {
    getHealth: emailHealth,
    getMetrics: emailMetrics,
    listTemplates,
    previewTemplate,
    listSenders,
    sendTest: sendTestDirect,
    sendQuickTest,
    sendCustom: sendCustomEmail,
    runDeliveryTest,
  }),
);
