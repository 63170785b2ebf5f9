// mailProviders.*: the caller's own mail providers (plans with Email Management) and, for staff, the
// system providers used by accounts without their own. Settings are checked per kind in the domain.
import { z } from 'zod';
import { adminProcedure, protectedProcedure, router } from '../trpc/init';
import { addProviderInput, providerIdInput, updateProviderInput } from '../mail/schemas';
import { addProvider, listProviders, removeProvider, testProvider, updateProvider } from '../mail/providers';

export const mailProvidersRouter = router({
  list: protectedProcedure.input(z.void()).query(({ ctx }) => listProviders(ctx, 'account')),
  add: protectedProcedure.input(addProviderInput).mutation(({ ctx, input }) => addProvider(ctx, 'account', input)),
  update: protectedProcedure.input(updateProviderInput).mutation(({ ctx, input }) => updateProvider(ctx, 'account', input)),
  remove: protectedProcedure.input(providerIdInput).mutation(({ ctx, input }) => removeProvider(ctx, 'account', input.id)),
  test: protectedProcedure.input(providerIdInput).mutation(({ ctx, input }) => testProvider(ctx, 'account', input.id)),
  listSystem: adminProcedure.input(z.void()).query(({ ctx }) => listProviders(ctx, 'system')),
  addSystem: adminProcedure.input(addProviderInput).mutation(({ ctx, input }) => addProvider(ctx, 'system', input)),
  updateSystem: adminProcedure.input(updateProviderInput).mutation(({ ctx, input }) => updateProvider(ctx, 'system', input)),
  removeSystem: adminProcedure.input(providerIdInput).mutation(({ ctx, input }) => removeProvider(ctx, 'system', input.id)),
  testSystem: adminProcedure.input(providerIdInput).mutation(({ ctx, input }) => testProvider(ctx, 'system', input.id)),
});
