// mailProviders.*: the caller's own mail providers (plans with Email Management) and, for staff, the
// system providers used by accounts without their own. Settings are checked per kind in the domain.
import { router } from '../trpc/init';
import { implement } from '../trpc/implement';
import { addProvider, listProviders, removeProvider, testProvider, updateProvider, type ProviderScope } from '../mail/providers';
import { mailProvidersContract, type AddProviderInput, type UpdateProviderInput } from '../../shared/schemas/mail-providers';
import type { Context } from '../context';
import type { SessionUser } from '../auth/service';

type Caller = Context & { user: SessionUser };

/** The same five handlers for the caller's providers and, on the staff procedures, for the system's. */
function providerHandlers(scope: ProviderScope) {
  return {
    list: (ctx: Caller) => listProviders(ctx, scope),
    add: (ctx: Caller, input: AddProviderInput) => addProvider(ctx, scope, input),
    update: (ctx: Caller, input: UpdateProviderInput) => updateProvider(ctx, scope, input),
    remove: (ctx: Caller, input: { id: string }) => removeProvider(ctx, scope, input.id),
    test: (ctx: Caller, input: { id: string }) => testProvider(ctx, scope, input.id),
  };
}

const system = providerHandlers('system');

export const mailProvidersRouter = router(
  implement(mailProvidersContract, {
    ...providerHandlers('account'),
    listSystem: system.list,
    addSystem: system.add,
    updateSystem: system.update,
    removeSystem: system.remove,
    testSystem: system.test,
  }),
);
