// mailProviders.*: the caller's own mail providers (plans with Email Management) and, for staff, the
// system providers used by accounts without their own. Settings are checked per kind in the domain.
import { z } from 'zod';
import { adminProcedure, protectedProcedure, router } from '../trpc/init';
import { PROVIDER_KINDS } from '../mail/transport';
import { PROVIDER_PRIORITIES } from '../../../db/schema';
import { addProvider, listProviders, removeProvider, testProvider, updateProvider } from '../mail/providers';

const idInput = z.object({ id: z.string().min(1, 'Provider id is required').max(100) });
const addInput = z.object({
  kind: z.enum(PROVIDER_KINDS, { message: 'Choose SMTP, Brevo, Resend, Mailgun or Postmark' }),
  label: z.string().trim().max(60, 'Name must be at most 60 characters').optional(),
  priority: z.enum(PROVIDER_PRIORITIES, { message: 'Priority must be primary, secondary or fallback' }),
  settings: z.record(z.string(), z.unknown(), { message: 'Settings are required' }),
});

const updateInput = z.object({
  id: z.string().min(1, 'Provider id is required').max(100),
  label: z.string().trim().max(60, 'Name must be at most 60 characters').optional(),
  settings: z.record(z.string(), z.unknown()).optional(),
});

export const mailProvidersRouter = router({
  list: protectedProcedure.input(z.void()).query(({ ctx }) => listProviders(ctx, 'account')),
  add: protectedProcedure.input(addInput).mutation(({ ctx, input }) => addProvider(ctx, 'account', input)),
  update: protectedProcedure.input(updateInput).mutation(({ ctx, input }) => updateProvider(ctx, 'account', input)),
  remove: protectedProcedure.input(idInput).mutation(({ ctx, input }) => removeProvider(ctx, 'account', input.id)),
  test: protectedProcedure.input(idInput).mutation(({ ctx, input }) => testProvider(ctx, 'account', input.id)),
  listSystem: adminProcedure.input(z.void()).query(({ ctx }) => listProviders(ctx, 'system')),
  addSystem: adminProcedure.input(addInput).mutation(({ ctx, input }) => addProvider(ctx, 'system', input)),
  updateSystem: adminProcedure.input(updateInput).mutation(({ ctx, input }) => updateProvider(ctx, 'system', input)),
  removeSystem: adminProcedure.input(idInput).mutation(({ ctx, input }) => removeProvider(ctx, 'system', input.id)),
  testSystem: adminProcedure.input(idInput).mutation(({ ctx, input }) => testProvider(ctx, 'system', input.id)),
});
