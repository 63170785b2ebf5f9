// `npm run db:migrate`: applies the committed drizzle migrations to DATABASE_PATH. The server does the
// same at start-up; this is for deploys that migrate before starting, and for inspecting a database.
import { loadEnv } from '../src/server/env';
import { appliedMigrations, closeDb, migrateDb, openDb } from '../src/server/db';

try {
  const env = loadEnv(process.env, { persistSecret: false });
  const db = openDb(env.DATABASE_PATH, { migrate: false });
  const before = appliedMigrations(db);
  migrateDb(db);
  const after = appliedMigrations(db);
  await closeDb(db);
  const total = `${after} migration${after === 1 ? '' : 's'} in total`;
  console.log(after > before ? `Applied ${after - before} migration(s) to ${env.DATABASE_PATH} (${total}).` : `${env.DATABASE_PATH} is up to date (${total}).`);
} catch (err) {
  console.error(`Migration failed: ${(err as Error).message}`);
  process.exit(1);
}
