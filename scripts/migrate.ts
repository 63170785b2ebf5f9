// `npm run db:migrate`: applies the committed drizzle migrations to DATABASE_PATH. The server does the
// same at start-up; this is for deploys that migrate before starting, and for inspecting a database.
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { loadEnv } from '../src/server/env';
import { openDb, MIGRATIONS_FOLDER, type Db } from '../src/server/db';

function appliedCount(db: Db): number {
  const table = db.$client.prepare("select 1 from sqlite_master where type = 'table' and name = '__drizzle_migrations'").get();
  if (!table) return 0;
  return (db.$client.prepare('select count(*) as n from __drizzle_migrations').get() as { n: number }).n;
}

try {
  const env = loadEnv(process.env, { persistSecret: false });
  const db = openDb(env.DATABASE_PATH, { migrate: false });
  const before = appliedCount(db);
  migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
  const after = appliedCount(db);
  db.$client.close();
  const total = `${after} migration${after === 1 ? '' : 's'} in total`;
  console.log(after > before ? `Applied ${after - before} migration(s) to ${env.DATABASE_PATH} (${total}).` : `${env.DATABASE_PATH} is up to date (${total}).`);
} catch (err) {
  console.error(`Migration failed: ${(err as Error).message}`);
  process.exit(1);
}
