// `npm run cli -- <router.procedure> ['<json input>'] [--as <email>]`: runs any tRPC procedure
// in-process through createCaller, as that user (anonymous without --as), against DATABASE_PATH.
// Prints the JSON result on stdout; on failure prints the error message on stderr and exits 1.
import { parseArgs } from 'node:util';
import { eq } from 'drizzle-orm';
import { TRPCError } from '@trpc/server';
import { loadEnv, type Env } from '../src/server/env';
import { closeDb, openDatabase } from '../src/server/db';
import { createDeps } from '../src/server/deps';
import { runStartupTasks } from '../src/server/startup';
import { appRouter, createCaller } from '../src/server/routers';
import { createContext } from '../src/server/trpc/context';
import type { Logger } from '../src/server/context';
import { fieldErrorsOf } from '../src/server/trpc/errors';
import { toSessionUser, type SessionUser } from '../src/server/auth/service';
import { users } from '../db/schema';

const USAGE = "Usage: npm run cli -- <router.procedure> ['<json input>'] [--as <email>]";

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

/** Logs go to stderr so stdout stays parseable JSON; errors only unless LOG_LEVEL asks for more. */
function quietLogger(level: Env['LOG_LEVEL']): Logger {
  return {
    info: (m) => level === 'info' && console.error(m),
    warn: (m) => level !== 'silent' && console.error(m),
    error: (m, err) => level !== 'silent' && console.error(m, err instanceof Error ? err.message : (err ?? '')),
  };
}

let parsed;
try {
  parsed = parseArgs({ options: { as: { type: 'string' } }, allowPositionals: true, strict: true });
} catch (err) {
  fail(`${(err as Error).message}\n${USAGE}`);
}
const [path, rawInput, ...extra] = parsed.positionals;
if (!path || extra.length) fail(USAGE);

const procedures = appRouter._def.procedures as unknown as Record<string, { _def: { type: string } }>;
const procedure = procedures[path];
if (!procedure) fail(`Unknown procedure "${path}". Known: ${Object.keys(procedures).sort().join(', ')}`);
if (procedure._def.type === 'subscription') fail(`"${path}" is a subscription; the CLI runs queries and mutations.`);

let input: unknown;
if (rawInput !== undefined) {
  try {
    input = JSON.parse(rawInput);
  } catch (err) {
    fail(`Input is not valid JSON: ${(err as Error).message}`);
  }
}

let env: Env;
try {
  env = loadEnv({ LOG_LEVEL: 'error', ...process.env });
} catch (err) {
  fail((err as Error).message);
}

const db = await openDatabase(env);
const deps = createDeps(env, db, { log: quietLogger(env.LOG_LEVEL) });
// Procedures queue jobs (sends, product newsletters): on Postgres that needs the job engine started.
try {
  await deps.queue.start?.();
} catch (err) {
  fail(`Could not start the job queue on the database named by DATABASE_URL: ${(err as Error).message}`);
}
await runStartupTasks(deps);

let user: SessionUser | null = null;
if (parsed.values.as) {
  const email = parsed.values.as.trim().toLowerCase();
  const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  if (!row) fail(`No user with the e-mail address ${email}`);
  user = toSessionUser(row);
}

const ctx = createContext(deps, { user, sessionId: null, ip: '127.0.0.1', userAgent: 'curated-cli', resHeaders: new Headers() });
// Walk the caller proxy along the dotted path: caller.user.get(input).
const fn = path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], createCaller(ctx)) as (i: unknown) => Promise<unknown>;

let code = 0;
try {
  const result = await fn(input);
  console.log(JSON.stringify(result ?? null, null, 2));
} catch (err) {
  const fields = fieldErrorsOf(err);
  const detail =
    fields && Object.keys(fields).length > 1
      ? `\n${Object.entries(fields)
          .map(([k, v]) => `  ${k}: ${v.join('; ')}`)
          .join('\n')}`
      : '';
  const message = err instanceof TRPCError ? `${err.code}: ${err.message}` : (err as Error).message;
  console.error(`${message}${detail}`);
  code = 1;
}
await deps.queue.stop?.();
await closeDb(db);
process.exit(code);
