// Which database the process talks to, fixed at start: DATABASE_URL=postgres://… (or postgresql://)
// selects Postgres; unset, the SQLite file at DATABASE_PATH. The tables the application imports
// (db/schema) and the data layer (src/server/db.ts) both follow it.
export type Dialect = 'sqlite' | 'postgresql';

export const isPostgresUrl = (url: string | undefined): url is string => !!url && /^postgres(ql)?:\/\//.test(url);

export const DIALECT: Dialect = isPostgresUrl(process.env.DATABASE_URL) ? 'postgresql' : 'sqlite';
