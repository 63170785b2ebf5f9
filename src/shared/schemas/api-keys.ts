// The contracts of apiKeys.* (Settings → Advanced): an API key as its owner sees it (never the secret,
// which the creation answers once), and the requests recorded for it.
import { z } from 'zod';
import { noInput } from './common';
import { mutation, query, type RouterContract } from '../contract';

export const API_KEY_SCOPES = ['read', 'write'] as const;

export const createApiKeyInput = z.object({
  name: z.string().trim().min(1, 'Name the key, e.g. after the script that uses it').max(80, 'A key name is at most 80 characters'),
  scope: z.enum(API_KEY_SCOPES),
  /** Custom API access (Enterprise): this key's own limit of requests per minute. */
  ratePerMinute: z
    .number()
    .int()
    .min(10, 'A key allows at least 10 requests per minute')
    .max(10_000, 'A key allows at most 10,000 requests per minute')
    .optional(),
});
export type CreateApiKeyInput = z.infer<typeof createApiKeyInput>;

export const apiKeyRef = z.object({ id: z.string().min(1).max(64) });

export const apiKeyDto = z.object({
  id: z.string(),
  name: z.string(),
  /** The key's first characters, to tell keys apart. */
  prefix: z.string(),
  scope: z.enum(API_KEY_SCOPES),
  /** Its own requests per minute (Enterprise), or null for the default. */
  ratePerMinute: z.number().int().nullable(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type ApiKeyDto = z.infer<typeof apiKeyDto>;

export const createdApiKey = z.object({ key: apiKeyDto, secret: z.string() });

export const apiRequestDto = z.object({ at: z.string(), method: z.string(), path: z.string(), status: z.number(), ip: z.string() });
export type ApiRequestDto = z.infer<typeof apiRequestDto>;

/** The apiKeys router: what each procedure takes and answers. */
export const apiKeysContract = {
  list: query(noInput, z.array(apiKeyDto)),
  create: mutation(createApiKeyInput, createdApiKey),
  revoke: mutation(apiKeyRef, apiKeyDto),
  requests: query(apiKeyRef, z.array(apiRequestDto)),
} satisfies RouterContract;
