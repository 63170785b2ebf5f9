// emailAdmin.*: Email Management (health, today's figures, templates, test sends) for the system
// (staff) or the caller's own mail (plans with emailManagement), and the email test pages.
import { adminProcedure, protectedProcedure, router } from '../trpc/init';
import {
  customEmailInput,
  deliveryTestInput,
  deliveryTestOutput,
  healthOutput,
  metricsOutput,
  quickTestInput,
  scopeInput,
  sendOutput,
  sendersOutput,
  templateIdInput,
  templatePreviewOutput,
  templatesOutput,
  testDirectInput,
} from '../../shared/schemas/email-admin';
import { emailHealth } from '../email/health';
import { emailMetrics } from '../email/metrics';
import { listTemplates, previewTemplate } from '../email/templates';
import { runDeliveryTest, sendCustomEmail, sendQuickTest, sendTestDirect, listSenders } from '../email/direct';

export const emailAdminRouter = router({
  getHealth: protectedProcedure
    .input(scopeInput)
    .output(healthOutput)
    .query(({ ctx, input }) => emailHealth(ctx, input)),
  getMetrics: protectedProcedure
    .input(scopeInput)
    .output(metricsOutput)
    .query(({ ctx, input }) => emailMetrics(ctx, input)),
  listTemplates: protectedProcedure
    .input(scopeInput)
    .output(templatesOutput)
    .query(({ ctx, input }) => listTemplates(ctx, input)),
  previewTemplate: protectedProcedure
    .input(templateIdInput)
    .output(templatePreviewOutput)
    .query(({ ctx, input }) => previewTemplate(ctx, input)),
  listSenders: protectedProcedure
    .input(scopeInput)
    .output(sendersOutput)
    .query(({ ctx, input }) => listSenders(ctx, input)),
  sendTest: protectedProcedure
    .input(testDirectInput)
    .output(sendOutput)
    .mutation(({ ctx, input }) => sendTestDirect(ctx, input)),
  sendQuickTest: protectedProcedure
    .input(quickTestInput)
    .output(sendOutput)
    .mutation(({ ctx, input }) => sendQuickTest(ctx, input)),
  sendCustom: protectedProcedure
    .input(customEmailInput)
    .output(sendOutput)
    .mutation(({ ctx, input }) => sendCustomEmail(ctx, input)),
  runDeliveryTest: adminProcedure
    .input(deliveryTestInput)
    .output(deliveryTestOutput)
    .mutation(({ ctx, input }) => runDeliveryTest(ctx, input)),
});
