// Shapes every domain's contracts share: a CSV download as the procedures behind the /api export paths
// answer it, and the bare outcome of a change.
import { z } from 'zod';

export const csvFile = z.object({ filename: z.string(), csv: z.string() });
export type CsvFile = z.infer<typeof csvFile>;

export const successResult = z.object({ success: z.boolean() });
/** A change whose answer is a sentence for the person (sign-in codes, forms). */
export const messageResult = z.object({ success: z.boolean(), message: z.string() });
/** A removed row. */
export const removedResult = z.object({ success: z.literal(true), id: z.string() });

/** An opaque position in a list (the previous page's nextCursor); src/server/cursor.ts reads and writes it. */
export const pageCursor = z.string().min(1).max(400);

/** A procedure that takes no input. */
export const noInput = z.void();

/** The answer of a change that has nothing more to say than that it happened. */
export const okResult = z.object({ success: z.literal(true) });

const isAsyncIterable = (v: unknown): v is AsyncIterable<unknown> => !!v && typeof v === 'object' && Symbol.asyncIterator in v;

/**
 * The output of a subscription: the events it yields, each checked against `event` as it is sent. The
 * stream's end (its consumer leaving, or its own return) ends the source as well.
 */
export function eventStream<T extends z.ZodType>(event: T) {
  return z.custom<AsyncIterable<z.input<T>>>(isAsyncIterable, 'Expected a stream of events').transform(async function* (source): AsyncGenerator<
    z.output<T>,
    void
  > {
    for await (const item of source) yield await event.parseAsync(item);
  });
}
