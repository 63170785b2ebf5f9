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
