// A router's contract: for each procedure its kind, who may call it, and the schemas of what it takes and
// answers. It lives beside the schemas in src/shared/schemas/<router>.ts, so the client, the REST adapters
// and the public API read the same declaration the server implements (src/server/trpc/implement.ts).
import type { z } from 'zod';

/** Who may call: anyone, a signed-in user, or staff. The server enforces it; the client only reads it. */
export type Access = 'public' | 'signedIn' | 'staff';
export type ProcedureKind = 'query' | 'mutation' | 'subscription';

export interface ProcedureContract<
  K extends ProcedureKind = ProcedureKind,
  I extends z.ZodType = z.ZodType,
  O extends z.ZodType = z.ZodType,
  A extends Access = Access,
> {
  readonly kind: K;
  readonly input: I;
  readonly output: O;
  readonly access: A;
}

export type RouterContract = Readonly<Record<string, ProcedureContract>>;

function declare<K extends ProcedureKind>(kind: K) {
  return <I extends z.ZodType, O extends z.ZodType, A extends Access = 'signedIn'>(
    input: I,
    output: O,
    access?: A,
  ): ProcedureContract<K, I, O, NoInfer<A>> => ({
    kind,
    input,
    output,
    access: access ?? ('signedIn' as A),
  });
}

/** A read: `query(input, output)`, signed in unless `access` says otherwise. */
export const query = declare('query');
/** A change. */
export const mutation = declare('mutation');
/** A stream of events (Server-Sent Events); `output` is an `eventStream(event)`. */
export const subscription = declare('subscription');
