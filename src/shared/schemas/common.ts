// Shapes every domain's contracts share: a CSV download as the procedures behind the /api export paths answer it.
import { z } from 'zod';

export const csvFile = z.object({ filename: z.string(), csv: z.string() });
export type CsvFile = z.infer<typeof csvFile>;
