// drizzle-kit configuration. The schema is written once, in db/schema (SQLite, db/schema/sqlite.ts); the Postgres tables are
// derived from it (db/pg/schema.ts). Each dialect has its committed SQL migrations: db/migrations for
// SQLite, db/migrations-pg for Postgres. DATABASE_URL=postgres://… selects Postgres, as it does for the
// app; `npm run db:generate` writes the SQLite migrations, `npm run db:generate:pg` the Postgres ones.
import { defineConfig } from 'drizzle-kit';
import { DIALECT } from './db/dialect';

const url = process.env.DATABASE_URL;
const postgres = DIALECT === 'postgresql' || process.env.DRIZZLE_DIALECT === 'postgresql';

export default postgres
  ? defineConfig({
      dialect: 'postgresql',
      schema: './db/pg/schema.ts',
      out: './db/migrations-pg',
      dbCredentials: { url: url ?? '' },
    })
  : defineConfig({
      dialect: 'sqlite',
      schema: './db/schema/sqlite.ts',
      out: './db/migrations',
      dbCredentials: { url: process.env.DATABASE_PATH ?? './data/app.db' },
    });
