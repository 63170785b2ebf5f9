// `npm run db:migrate`: applies the committed drizzle migrations to DATABASE_PATH. The server does the
// same at start-up; this is for deploys that migrate before starting, and for inspecting a database.
import { loadEnv } from '../src/server/env';
import { appliedMigrations, closeDb, migrateDb, openDb } from '../src/server/db';

try {
  const env = loadEnv(process.env, { persistSecret: false });
  const db = openDb(env.DATABASE_PATH, { migrate: false });
  // Counted under the migration lock: a process that waited for another's migration applied none.
  const applied = migrateDb(db);
  const total = appliedMigrations(db);
  await closeDb(db);
  const inTotal = `${total} migration${total === 1 ? '' : 's'} in total`;
  console.log(applied > 0 ? `Applied ${applied} migration(s) to ${env.DATABASE_PATH} (${inTotal}).` : `${env.DATABASE_PATH} is up to date (${inTotal}).`);
} catch (err) {
  console.error(`Migration failed: ${(err as Error).message}`);
  process.exit(1);
}
