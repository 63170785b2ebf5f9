// apiKeys.*: the account's keys for the public API (Settings → Advanced): list, create (the secret is
// answered once), revoke, and the requests recorded for a key. Only a browser session reaches these: the
// public API's routes (rest/v1) do not include them, so a key cannot make or revoke keys.
import { router } from '../trpc/init';
import { implement } from '../trpc/implement';
import { apiKeysContract } from '../../shared/schemas/api-keys';
import { apiKeyRequests, createApiKey, listApiKeys, revokeApiKey } from '../api/keys';

export const apiKeysRouter = router(
  implement(apiKeysContract, {
    list: listApiKeys,
    create: createApiKey,
    revoke: (ctx, input) => revokeApiKey(ctx, input.id),
    requests: (ctx, input) => apiKeyRequests(ctx, input.id),
  }),
);
