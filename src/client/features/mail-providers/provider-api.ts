// The mail providers of the account or (for staff) the system: their list and the changes to it, and the
// priorities and provider names both the list and the add form use.
import { trpc, type RouterOutputs } from '../../trpc';
import type { ProviderKind } from '../../../server/mail/transport';
import { KIND_OPTIONS } from './fields';

export type Scope = 'account' | 'system';
export type Provider = RouterOutputs['mailProviders']['list'][number];
export type Priority = Provider['priority'];

export const PRIORITIES: Priority[] = ['primary', 'secondary', 'fallback'];
export const KIND_LABEL = Object.fromEntries(KIND_OPTIONS.map((k) => [k.value, k.label])) as Record<ProviderKind, string>;

export function useProviderApi(scope: Scope) {
  const utils = trpc.useUtils();
  const system = scope === 'system';
  const list = system ? trpc.mailProviders.listSystem.useQuery() : trpc.mailProviders.list.useQuery();
  const refresh = () => void (system ? utils.mailProviders.listSystem.invalidate() : utils.mailProviders.list.invalidate());
  const add = (system ? trpc.mailProviders.addSystem : trpc.mailProviders.add).useMutation({ onSuccess: refresh });
  const remove = (system ? trpc.mailProviders.removeSystem : trpc.mailProviders.remove).useMutation({ onSuccess: refresh });
  const test = (system ? trpc.mailProviders.testSystem : trpc.mailProviders.test).useMutation({ onSuccess: refresh });
  const update = (system ? trpc.mailProviders.updateSystem : trpc.mailProviders.update).useMutation({ onSuccess: refresh });
  return { list, add, remove, test, update };
}

export type ProviderApi = ReturnType<typeof useProviderApi>;
