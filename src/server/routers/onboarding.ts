// onboarding.*: the onboarding e-mail sequence staff edit and preview at /admin/onboarding-emails (every
// staff role reads, previews and tests; only admins change), and the public unsubscribe page's reads.
import { router } from '../trpc/init';
import { implement } from '../trpc/implement';
import { AppError } from '../errors';
import { createStep, deleteStep, listSteps, previewStep, sendStepTest, updateStep } from '../onboarding/steps';
import { PRODUCT_UNSUB_MSG, productUnsubscribeInfo } from '../onboarding/unsubscribe';
import { onboardingContract } from '../../shared/schemas/onboarding';

export const onboardingRouter = router(
  implement(onboardingContract, {
    list: listSteps,
    create: createStep,
    update: updateStep,
    delete: deleteStep,
    preview: previewStep,
    sendTest: sendStepTest,
    unsubscribeInfo: async (ctx, input) => {
      const info = await productUnsubscribeInfo(ctx, input.list, input.token);
      if (!info) throw new AppError('NOT_FOUND', PRODUCT_UNSUB_MSG.invalid);
      return info;
    },
  }),
);
