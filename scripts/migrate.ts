// `npm run db:migrate`: applies the committed drizzle migrations to the database (DATABASE_URL's Postgres, else DATABASE_PATH). The server does the
// same at start-up; this is for deploys that migrate before starting, and for inspecting a database.
import { loadEnv } from '../src/server/env';
import { appliedMigrations, closeDb, migrateDb, openDatabase } from '../src/server/db';

try {
  const env = loadEnv(process.env, { persistSecret: false });
  const db = await openDatabase(env, { migrate: false });
  // Counted under the migration lock: a process that waited for another's migration applied none.
  const applied = await migrateDb(db);
  const total = await appliedMigrations(db);
  await closeDb(db);
  const where = env.DATABASE_URL ? 'the Postgres database' : env.DATABASE_PATH;
  const inTotal = `${total} migration${total === 1 ? '' : 's'} in total`;
  console.log(applied > 0 ? `Applied ${applied} migration(s) to ${where} (${inTotal}).` : `${where} is up to date (${inTotal}).`);
} catch (err) {
  console.error(`Migration failed: ${(err as Error).message}`);
  process.exit(1);
}
