// billing.*: the signed-in user's plan and buying one (Stripe Checkout and Billing Portal), Contact
// Sales, the free trial sign-up, and for staff the billing records and setting a user's plan.
import { z } from 'zod';
import { eq } from 'drizzle-orm';
import { router, protectedProcedure, publicProcedure, adminProcedure } from '../trpc/init';
import { TRPCError } from '@trpc/server';
import { users } from '../../../db/schema';
import { normalizeRole } from '../../shared/plans';
import { MSG } from '../../shared/messages';
import {
  billingListOutput,
  checkoutInput,
  checkoutOutput,
  contactSalesInput,
  contactSalesOutput,
  portalOutput,
  setPlanInput,
  subscriptionDto,
  trialInput,
  trialOutput,
} from '../../shared/schemas/billing';
import { currentSubscription, setPlanByStaff } from '../billing/subscription';
import { createCheckout, openPortal } from '../billing/checkout';
import { billingCsv, billingRecords } from '../billing/records';
import { contactSales, startFreeTrial } from '../billing/sales';
import { AppError } from '../errors';

export const billingRouter = router({
  subscription: protectedProcedure
    .input(z.void())
    .output(subscriptionDto)
    .query(({ ctx }) => currentSubscription(ctx)),
  checkout: protectedProcedure
    .input(checkoutInput)
    .output(checkoutOutput)
    .mutation(({ ctx, input }) => createCheckout(ctx, input.plan)),
  portal: protectedProcedure.output(portalOutput).mutation(async ({ ctx }) => ({ url: (await openPortal(ctx)).url })),
  contactSales: protectedProcedure
    .input(contactSalesInput)
    .output(contactSalesOutput)
    .mutation(({ ctx, input }) => contactSales(ctx, input)),
  startTrial: publicProcedure
    .input(trialInput)
    .output(trialOutput)
    .mutation(({ ctx, input }) => startFreeTrial(ctx, input)),
  adminList: adminProcedure.output(billingListOutput).query(({ ctx }) => billingRecords(ctx.db)),
  adminCsv: adminProcedure.query(({ ctx }) => billingCsv(ctx.db, ctx.now())),
  /** Admins only (managers and supervisors read billing but change no plan); recorded in the audit log. */
  setPlan: adminProcedure.input(setPlanInput).mutation(({ ctx, input }) => {
    if (normalizeRole(ctx.user.role) !== 'admin') throw new TRPCError({ code: 'FORBIDDEN', message: MSG.forbidden });
    const target = ctx.db.select({ id: users.id, email: users.email }).from(users).where(eq(users.id, input.userId)).get();
    if (!target) throw new AppError('NOT_FOUND', 'User not found');
    setPlanByStaff(ctx.db, { id: ctx.user.id, email: ctx.user.email, ip: ctx.ip }, target, input.plan, input.reason, ctx.now());
    // Signed-in sessions of that account see the new plan on their next request.
    ctx.auth.forgetUser(target.id);
    return { success: true as const, userId: target.id, plan: input.plan };
  }),
});
