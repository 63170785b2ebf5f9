// Limits the client and the server must agree on.

/** Calls one tRPC batch request may carry; the server refuses larger batches with a 400. */
export const TRPC_MAX_BATCH = 10;
