// billing.*: the signed-in user's plan and buying one (Stripe Checkout and Billing Portal), Contact
// Sales, the free trial sign-up, and for staff the billing records and setting a user's plan.
import { router, protectedProcedure, publicProcedure, adminProcedure } from '../trpc/init';
import {
  billingListOutput,
  checkoutInput,
  checkoutOutput,
  contactSalesInput,
  contactSalesOutput,
  planSetResult,
  portalOutput,
  setPlanInput,
  subscriptionDto,
  trialInput,
  trialOutput,
} from '../../shared/schemas/billing';
import { csvFile, noInput } from '../../shared/schemas/common';
import { currentSubscription, setPlanByStaff } from '../billing/subscription';
import { createCheckout, openPortal } from '../billing/checkout';
import { billingCsv, billingRecords } from '../billing/records';
import { contactSales, startFreeTrial } from '../billing/sales';

export const billingRouter = router({
  subscription: protectedProcedure
    .input(noInput)
    .output(subscriptionDto)
    .query(({ ctx }) => currentSubscription(ctx)),
  checkout: protectedProcedure
    .input(checkoutInput)
    .output(checkoutOutput)
    .mutation(({ ctx, input }) => createCheckout(ctx, input.plan)),
  portal: protectedProcedure
    .input(noInput)
    .output(portalOutput)
    .mutation(async ({ ctx }) => ({ url: (await openPortal(ctx)).url })),
  contactSales: protectedProcedure
    .input(contactSalesInput)
    .output(contactSalesOutput)
    .mutation(({ ctx, input }) => contactSales(ctx, input)),
  startTrial: publicProcedure
    .input(trialInput)
    .output(trialOutput)
    .mutation(({ ctx, input }) => startFreeTrial(ctx, input)),
  adminList: adminProcedure
    .input(noInput)
    .output(billingListOutput)
    .query(({ ctx }) => billingRecords(ctx.db)),
  adminCsv: adminProcedure
    .input(noInput)
    .output(csvFile)
    .query(({ ctx }) => billingCsv(ctx.db, ctx.now())),
  /** Admins only (managers and supervisors read billing but change no plan); recorded in the audit log. */
  setPlan: adminProcedure
    .input(setPlanInput)
    .output(planSetResult)
    .mutation(({ ctx, input }) => setPlanByStaff(ctx, input)),
});
