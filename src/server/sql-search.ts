// Search boxes (staff pages, subscribers): a case-insensitive "contains" match in which the typed text is
// literal (%, _ and \ are escaped, with the ESCAPE clause SQLite needs to honour that). Both sides are
// lower-cased: SQLite's LIKE ignores case, Postgres's does not. The column is read as text (a JSON column
// such as the audit log's detail is searched by its text on both).
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';

export function contains(column: SQLWrapper, text: string): SQL {
  const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql`lower(cast(${column} as text)) like lower(${pattern}) escape '\\'`;
}
