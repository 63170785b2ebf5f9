// The OpenAPI 3.1 document of /api/v1, generated from the routes' procedure contracts by zod-openapi
// (GET /api/v1/openapi.json; /developers renders it). Built once per process.
import { z } from 'zod';
import { createDocument } from 'zod-openapi';
import { V1_CONTRACTS, type V1Contract } from './contracts';
import { failuresOf } from './failures';

/** The error answer of every failure: a stable code and a sentence for people. */
export const v1ErrorBody = z
  .object({
    error: z.object({
      code: z.string().meta({
        description:
          'Stable, machine-readable; each response names the codes it can carry (e.g. invalid_api_key, insufficient_scope, not_found, idempotency_key_reused).',
      }),
      message: z.string(),
      fieldErrors: z.record(z.string(), z.array(z.string())).optional().meta({ description: 'For validation_failed: the messages of each refused field.' }),
      retryAfterSeconds: z.number().int().optional(),
    }),
  })
  .meta({ id: 'Error' });

const errorResponse = (description: string) => ({ description, content: { 'application/json': { schema: v1ErrorBody } } });

/** Each status the operation can fail with, as the handler answers it (failures.ts), naming its codes. */
function errorResponses(contract: V1Contract) {
  return Object.fromEntries(
    [...failuresOf(contract)].map(([status, f]) => [String(status), errorResponse(`${f.description.replace(/\.$/, '')} (${f.codes.join(', ')}).`)]),
  );
}

const idempotencyHeader = z.string().min(1).max(255).optional().meta({
  description:
    'Any unique string (e.g. a UUID). Retrying with the same key and the same request returns the first answer without creating again; kept 24 hours.',
});

function operation(contract: V1Contract) {
  const { route, rest, pathParams, input, output } = contract;
  const path = input && pathParams.length > 0 ? input.pick(Object.fromEntries(pathParams.map((p) => [p, true])) as Record<string, true>) : undefined;
  const success = route.csv
    ? { description: 'The CSV file.', content: { 'text/csv': { schema: z.string() } } }
    : { description: 'OK', content: { 'application/json': { schema: output } } };
  return {
    operationId: route.operationId,
    tags: [route.tag],
    summary: route.summary,
    ...(route.description ? { description: route.description } : {}),
    ...(contract.scope === 'write' ? { 'x-scope': 'write' } : { 'x-scope': 'read' }),
    requestParams: {
      ...(path ? { path } : {}),
      ...(route.method === 'get' && rest ? { query: rest } : {}),
      ...(route.creates ? { header: z.object({ 'Idempotency-Key': idempotencyHeader }) } : {}),
    },
    ...(route.method !== 'get' && rest ? { requestBody: { required: true, content: { 'application/json': { schema: rest } } } } : {}),
    responses: { [route.creates ? '201' : '200']: success, ...errorResponses(contract) },
  };
}

export function buildOpenApiDocument(appUrl: string, perMinute: number) {
  const paths: Record<string, Record<string, ReturnType<typeof operation>>> = {};
  for (const contract of V1_CONTRACTS) (paths[contract.route.path] ??= {})[contract.route.method] = operation(contract);
  return createDocument({
    openapi: '3.1.0',
    info: {
      title: 'Curated API',
      version: '1.0.0',
      description: `Your publications, subscribers, saved newsletters, sends and analytics. Create a key in Settings → Advanced → API keys (Business and Enterprise plans) and send it as \`Authorization: Bearer <key>\`. Read keys can call the GET operations; read and write keys all of them. ${perMinute} requests per minute per key, or the limit an Enterprise account set for the key (custom API access).`,
    },
    servers: [{ url: `${appUrl}/api/v1` }],
    security: [{ bearerAuth: [] }],
    components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', description: 'An API key from Settings → Advanced (cur_…).' } } },
    paths,
  });
}
