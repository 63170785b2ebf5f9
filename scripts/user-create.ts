// `npm run user:create -- --email E --password P [--name N] [--role R] [--plan P]`: creates an account
// in DATABASE_PATH, e.g. more admins (the first account on an empty database is always the admin).
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { loadEnv } from '../src/server/env';
import { closeDb, openDatabase } from '../src/server/db';
import { createAccount } from '../src/server/auth/accounts';
import { hashPassword } from '../src/server/auth/password';
import { AppError } from '../src/server/errors';
import { emailField, passwordField } from '../src/shared/schemas/auth';
import { nameField } from '../src/shared/schemas/user';
import { PLAN_TYPES, ROLES } from '../src/shared/plans';

const USAGE = `Usage: npm run user:create -- --email E --password P [--name N] [--role ${ROLES.join('|')}] [--plan ${PLAN_TYPES.join('|')}]`;

const argsSchema = z.object({
  email: emailField,
  password: passwordField,
  name: nameField.optional(),
  role: z.enum(ROLES, { message: `Role must be one of ${ROLES.join(', ')}` }).optional(),
  plan: z.enum(PLAN_TYPES, { message: `Plan must be one of ${PLAN_TYPES.join(', ')}` }).optional(),
});

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

let values: Record<string, string | undefined>;
try {
  ({ values } = parseArgs({
    options: { email: { type: 'string' }, password: { type: 'string' }, name: { type: 'string' }, role: { type: 'string' }, plan: { type: 'string' } },
    strict: true,
    allowPositionals: false,
  }));
} catch (err) {
  fail(`${(err as Error).message}\n${USAGE}`);
}

const parsed = argsSchema.safeParse({ ...values, email: values.email ?? '', password: values.password ?? '' });
if (!parsed.success) {
  const lines = parsed.error.issues.map((i) => `  --${i.path.join('.')}: ${i.message}`);
  fail(`Invalid arguments:\n${lines.join('\n')}\n${USAGE}`);
}
const args = parsed.data;

let env;
try {
  env = loadEnv();
} catch (err) {
  fail((err as Error).message);
}

const db = await openDatabase(env);
try {
  const user = await createAccount(
    db,
    {
      email: args.email,
      name: args.name ?? args.email.split('@')[0],
      passwordHash: await hashPassword(args.password),
      role: args.role,
      planType: args.plan,
      verified: true,
    },
    new Date(),
  );
  const note = args.role && args.role !== user.role ? ' The first account on a database is always the admin.' : '';
  console.log(`Created ${user.role} ${user.email} on the ${user.planType} plan (id ${user.id}).${note}`);
} catch (err) {
  fail(err instanceof AppError ? err.message : `Could not create the account: ${(err as Error).message}`);
} finally {
  await closeDb(db);
}
