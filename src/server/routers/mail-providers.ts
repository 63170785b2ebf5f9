// mailProviders.*: the caller's own mail providers (plans with Email Management) and, for staff, the
// system providers used by accounts without their own. Settings are checked per kind in the domain.
import { adminProcedure, protectedProcedure, router } from '../trpc/init';
import { addProviderInput, providerIdInput, updateProviderInput } from '../mail/schemas';
import { addProvider, listProviders, removeProvider, testProvider, updateProvider, type ProviderScope } from '../mail/providers';
import { providerList, providerRemoved, providerView } from '../../shared/schemas/mail-providers';
import { noInput } from '../../shared/schemas/common';

/** The same five procedures for the caller's providers and, on staff procedures, for the system's. */
function providerProcedures(base: typeof protectedProcedure, scope: ProviderScope) {
  const answering = base.output(providerView);
  return {
    list: base
      .input(noInput)
      .output(providerList)
      .query(({ ctx }) => listProviders(ctx, scope)),
    add: answering.input(addProviderInput).mutation(({ ctx, input }) => addProvider(ctx, scope, input)),
    update: answering.input(updateProviderInput).mutation(({ ctx, input }) => updateProvider(ctx, scope, input)),
    remove: base
      .input(providerIdInput)
      .output(providerRemoved)
      .mutation(({ ctx, input }) => removeProvider(ctx, scope, input.id)),
    test: answering.input(providerIdInput).mutation(({ ctx, input }) => testProvider(ctx, scope, input.id)),
  };
}

const account = providerProcedures(protectedProcedure, 'account');
const system = providerProcedures(adminProcedure, 'system');

export const mailProvidersRouter = router({
  ...account,
  listSystem: system.list,
  addSystem: system.add,
  updateSystem: system.update,
  removeSystem: system.remove,
  testSystem: system.test,
});
