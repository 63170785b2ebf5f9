// billing.*: the signed-in user's plan and buying one (Stripe Checkout and Billing Portal), Contact
// Sales, the free trial sign-up, and for staff the billing records and setting a user's plan.
import { router } from '../trpc/init';
import { implement } from '../trpc/implement';
import { billingContract } from '../../shared/schemas/billing';
import { currentSubscription, setPlanByStaff } from '../billing/subscription';
import { createCheckout, openPortal } from '../billing/checkout';
import { billingCsv, billingRecords } from '../billing/records';
import { contactSales, startFreeTrial } from '../billing/sales';

export const billingRouter = router(
  implement(billingContract, {
    subscription: currentSubscription,
    checkout: (ctx, input) => createCheckout(ctx, input.plan),
    portal: async (ctx) => ({ url: (await openPortal(ctx)).url }),
    contactSales,
    startTrial: startFreeTrial,
    adminList: (ctx) => billingRecords(ctx.db),
    adminCsv: (ctx) => billingCsv(ctx.db, ctx.now()),
    setPlan: setPlanByStaff,
  }),
);
