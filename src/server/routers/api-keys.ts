// apiKeys.*: the account's keys for the public API (Settings → Advanced): list, create (the secret is
// answered once), revoke, and the requests recorded for a key. Only a browser session reaches these: the
// public API's routes (rest/v1) do not include them, so a key cannot make or revoke keys.
import { z } from 'zod';
import { router, protectedProcedure } from '../trpc/init';
import { apiKeyDto, apiKeyRef, apiRequestDto, createApiKeyInput, createdApiKey } from '../../shared/schemas/api-keys';
import { apiKeyRequests, createApiKey, listApiKeys, revokeApiKey } from '../api/keys';

export const apiKeysRouter = router({
  list: protectedProcedure
    .input(z.void())
    .output(z.array(apiKeyDto))
    .query(({ ctx }) => listApiKeys(ctx)),
  create: protectedProcedure
    .input(createApiKeyInput)
    .output(createdApiKey)
    .mutation(({ ctx, input }) => createApiKey(ctx, input)),
  revoke: protectedProcedure
    .input(apiKeyRef)
    .output(apiKeyDto)
    .mutation(({ ctx, input }) => revokeApiKey(ctx, input.id)),
  requests: protectedProcedure
    .input(apiKeyRef)
    .output(z.array(apiRequestDto))
    .query(({ ctx, input }) => apiKeyRequests(ctx, input.id)),
});
