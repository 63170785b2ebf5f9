// Search boxes (staff pages, subscribers): a case-insensitive "contains" match in which the typed text is
// literal (%, _ and \ are escaped, with the ESCAPE clause SQLite needs to honour that). Both sides are
// lower-cased: SQLite's LIKE ignores case, Postgres's does not.
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';

export function contains(column: SQLWrapper, text: string): SQL {
  const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql`lower(${column}) like lower(${pattern}) escape '\\'`;
}
