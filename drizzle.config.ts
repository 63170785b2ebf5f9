// drizzle-kit configuration: schema in db/schema, generated SQL migrations committed in db/migrations.
import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'sqlite',
  schema: './db/schema/index.ts',
  out: './db/migrations',
  dbCredentials: { url: process.env.DATABASE_PATH ?? './data/app.db' },
});
