// Each public API route's contract, read from the procedure it calls: the zod input (split into path,
// query and body fields), the zod output, and the scope a key needs (a query reads, a mutation writes).
// A route whose procedure is missing, not a signed-in one, or lacks an object input or an output fails
// at start-up (and in tests), never at a caller's request.
import { z } from 'zod';
import { appRouter } from '../../routers';
import { V1_ROUTES, type V1Route } from './routes';

export interface V1Contract {
  route: V1Route;
  scope: 'read' | 'write';
  /** The procedure's whole input object (its defaults and rules apply to what the request carried). */
  input: z.ZodObject | null;
  pathParams: string[];
  /** Query parameters (GET) or body fields (other methods): the input without the path's fields. */
  rest: z.ZodObject | null;
  output: z.ZodType;
}

interface ProcedureDef {
  type: 'query' | 'mutation' | 'subscription';
  inputs: unknown[];
  output?: unknown;
  middlewares: unknown[];
}

const procedures = (appRouter as unknown as { _def: { procedures: Record<string, { _def: ProcedureDef }> } })._def.procedures;

/** The object inside a default, an optional or a pipe's input, if there is one. */
function objectOf(schema: unknown): z.ZodObject | null {
  if (schema instanceof z.ZodObject) return schema;
  if (schema instanceof z.ZodDefault || schema instanceof z.ZodOptional) return objectOf(schema.unwrap());
  if (schema instanceof z.ZodPipe) return objectOf(schema.in);
  return null;
}

function contractFor(route: V1Route): V1Contract {
  const def = procedures[route.procedure]?._def;
  if (!def || def.type === 'subscription') throw new Error(`v1 ${route.operationId}: no query or mutation ${route.procedure}`);
  if (!(def.output instanceof z.ZodType)) throw new Error(`v1 ${route.operationId}: ${route.procedure} has no .output()`);
  const [schema] = def.inputs;
  const input = schema instanceof z.ZodVoid ? null : objectOf(schema);
  if (schema && !input && !(schema instanceof z.ZodVoid)) throw new Error(`v1 ${route.operationId}: ${route.procedure} input is not an object`);
  const pathParams = [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
  for (const p of pathParams) if (!input?.shape[p]) throw new Error(`v1 ${route.operationId}: path parameter ${p} is not an input field of ${route.procedure}`);
  if ((def.type === 'query') !== (route.method === 'get')) throw new Error(`v1 ${route.operationId}: a GET must be a query, anything else a mutation`);
  const restKeys = input ? Object.keys(input.shape).filter((k) => !pathParams.includes(k)) : [];
  const rest = input && restKeys.length > 0 ? z.object(Object.fromEntries(restKeys.map((k) => [k, input.shape[k]!]))) : null;
  return { route, scope: def.type === 'query' ? 'read' : 'write', input, pathParams, rest, output: def.output };
}

export const V1_CONTRACTS: readonly V1Contract[] = V1_ROUTES.map(contractFor);

/** A field's own schema type, under optional/default/nullable wrappers ('number', 'boolean', 'string', ...). */
export function baseType(schema: z.ZodType): string {
  if (schema instanceof z.ZodDefault || schema instanceof z.ZodOptional || schema instanceof z.ZodNullable) return baseType(schema.unwrap() as z.ZodType);
  return schema.def.type;
}
