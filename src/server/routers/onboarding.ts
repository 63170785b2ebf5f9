// onboarding.*: the onboarding e-mail sequence staff edit and preview at /admin/onboarding-emails (every
// staff role reads, previews and tests; only admins change), and the public unsubscribe page's reads.
import { z } from 'zod';
import { router, adminProcedure, publicProcedure } from '../trpc/init';
import { AppError } from '../errors';
import { createStep, deleteStep, listSteps, previewStep, sendStepTest, updateStep } from '../onboarding/steps';
import { PRODUCT_UNSUB_MSG, productUnsubscribeInfo } from '../onboarding/unsubscribe';
import {
  deletedRef,
  mailPreview,
  onboardingStepDto,
  onboardingStepList,
  previewInput,
  stepFields,
  stepIdInput,
  testMailResult,
  unsubscribeInfoInput,
  unsubscribeInfoResult,
  updateStepInput,
} from '../../shared/schemas/onboarding';

export const onboardingRouter = router({
  list: adminProcedure
    .input(z.void())
    .output(onboardingStepList)
    .query(({ ctx }) => listSteps(ctx)),
  create: adminProcedure
    .input(stepFields)
    .output(onboardingStepDto)
    .mutation(({ ctx, input }) => createStep(ctx, input)),
  update: adminProcedure
    .input(updateStepInput)
    .output(onboardingStepDto)
    .mutation(({ ctx, input }) => updateStep(ctx, input)),
  delete: adminProcedure
    .input(stepIdInput)
    .output(deletedRef)
    .mutation(({ ctx, input }) => deleteStep(ctx, input)),
  preview: adminProcedure
    .input(previewInput)
    .output(mailPreview)
    .query(({ ctx, input }) => previewStep(ctx, input)),
  sendTest: adminProcedure
    .input(previewInput)
    .output(testMailResult)
    .mutation(({ ctx, input }) => sendStepTest(ctx, input)),
  /** What the unsubscribe page shows for a link of either list (onboarding e-mails or product news). */
  unsubscribeInfo: publicProcedure
    .input(unsubscribeInfoInput)
    .output(unsubscribeInfoResult)
    .query(async ({ ctx, input }) => {
      const info = await productUnsubscribeInfo(ctx, input.list, input.token);
      if (!info) throw new AppError('NOT_FOUND', PRODUCT_UNSUB_MSG.invalid);
      return info;
    }),
});
