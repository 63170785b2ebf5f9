// The operator scripts (db:migrate, user:create, cli) and the server's start-up checks, each run as a
// real process (node --import tsx, as npm runs them) against a temporary DATABASE_PATH.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { eq } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { appliedMigrations, closeDb, MIGRATIONS_FOLDER, openDb } from '../../src/server/db';
import { users } from '../../db/schema';
import { childEnv, runScript, spawnServer } from '../helpers/processes';
import { unsupportedNode } from '../../src/server/runtime';

let dir: string;
let dbPath: string;

const baseEnv = (extra: Record<string, string> = {}) => childEnv({ DATABASE_PATH: dbPath, ...extra });

const script = (file: string, args: string[], extra: Record<string, string> = {}) => runScript(file, args, baseEnv(extra));

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'scripts-test-'));
  dbPath = path.join(dir, 'app.db');
});

afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('scripts', { timeout: 60_000 }, () => {
  it('db:migrate applies the migrations once, then reports up to date', async () => {
    const first = await script('migrate.ts', []);
    expect(first.code).toBe(0);
    expect(first.stdout).toMatch(/^Applied \d+ migration\(s\) to .*app\.db/);
    const second = await script('migrate.ts', []);
    expect(second.code).toBe(0);
    expect(second.stdout).toContain('is up to date');
    const db = openDb(dbPath, { migrate: false });
    expect(await appliedMigrations(db)).toBeGreaterThan(0);
    expect(await db.select().from(users)).toEqual([]);
    await closeDb(db);
  });

  it('a migration that waited for another process reports only what it applied itself', async () => {
    const fresh = path.join(dir, 'raced.db');
    const lock = new Database(`${fresh}.migrate-lock`);
    lock.exec('BEGIN EXCLUSIVE');
    const running = script('migrate.ts', [], { DATABASE_PATH: fresh });
    try {
      await new Promise((r) => setTimeout(r, 4000));
      // The lock holder migrates the file meanwhile, as a server starting at the same moment would.
      const other = new Database(fresh);
      migrate(drizzle(other), { migrationsFolder: MIGRATIONS_FOLDER });
      other.close();
    } finally {
      lock.exec('COMMIT');
      lock.close();
    }
    const done = await running;
    expect(done.code).toBe(0);
    expect(done.stdout).toContain('is up to date');
  });

  it('a migration waits while another process holds the migration lock, then finds what to apply', async () => {
    const fresh = path.join(dir, 'locked.db');
    const lock = new Database(`${fresh}.migrate-lock`);
    lock.exec('BEGIN EXCLUSIVE');
    let settled = false;
    const running = script('migrate.ts', [], { DATABASE_PATH: fresh }).finally(() => (settled = true));
    try {
      // Long enough for the script to start and reach the lock (it finishes in well under a second otherwise).
      await new Promise((r) => setTimeout(r, 4000));
      expect(settled).toBe(false);
    } finally {
      lock.exec('COMMIT');
      lock.close();
    }
    const done = await running;
    expect(done.code).toBe(0);
    expect(done.stdout).toMatch(/^Applied \d+ migration\(s\)/);
  });

  it('three processes migrating one empty file at once all succeed', async () => {
    const fresh = path.join(dir, 'race.db');
    const results = await Promise.all([1, 2, 3].map(() => script('migrate.ts', [], { DATABASE_PATH: fresh })));
    expect(results.map((r) => r.code)).toEqual([0, 0, 0]);
    expect(results.filter((r) => r.stdout.startsWith('Applied'))).toHaveLength(1);
  });

  it('user:create makes accounts with clear errors and exit 1 on failure', async () => {
    const first = await script('user-create.ts', ['--email', 'Owner@Example.com', '--password', 'correct horse', '--name', 'Owner']);
    expect(first.code).toBe(0);
    expect(first.stdout).toMatch(/^Created admin owner@example\.com on the free plan/);

    const second = await script('user-create.ts', ['--email', 'mgr@example.com', '--password', 'correct horse', '--role', 'manager', '--plan', 'business']);
    expect(second.code).toBe(0);
    expect(second.stdout).toMatch(/^Created manager mgr@example\.com on the business plan/);

    const dup = await script('user-create.ts', ['--email', 'owner@example.com', '--password', 'correct horse']);
    expect(dup.code).toBe(1);
    expect(dup.stderr).toContain('An account with this email already exists');

    const bad = await script('user-create.ts', ['--email', 'nope', '--password', 'short', '--role', 'god']);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('--email: Please enter a valid email address');
    expect(bad.stderr).toContain('--password: Password must be at least 8 characters');
    expect(bad.stderr).toContain('--role: Role must be one of admin, manager, supervisor, user');

    const unknown = await script('user-create.ts', ['--email', 'x@example.com', '--password', 'correct horse', '--admin']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('Usage: npm run user:create');

    const db = openDb(dbPath, { migrate: false });
    expect((await db.select().from(users).where(eq(users.email, 'mgr@example.com')))[0]).toMatchObject({ role: 'manager', planType: 'business' });
    await closeDb(db);
  });

  it('cli runs a query as a user and prints JSON', async () => {
    const r = await script('cli.ts', ['user.get', '--as', 'mgr@example.com']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ email: 'mgr@example.com', role: 'manager', planType: 'business', isStaff: true });
  });

  it('cli runs a mutation with JSON input and the change is stored', async () => {
    const r = await script('cli.ts', ['user.update', '{"fullName":"Manager Two"}', '--as', 'MGR@example.com']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).name).toBe('Manager Two');
    const db = openDb(dbPath, { migrate: false });
    expect((await db.select().from(users).where(eq(users.email, 'mgr@example.com')))[0]?.name).toBe('Manager Two');
    await closeDb(db);
  });

  it('cli is anonymous without --as', async () => {
    const check = await script('cli.ts', ['auth.check']);
    expect(JSON.parse(check.stdout)).toEqual({ authenticated: false, user: null });
    const denied = await script('cli.ts', ['user.get']);
    expect(denied.code).toBe(1);
    expect(denied.stderr).toContain('Please sign in to continue');
    expect(denied.stdout).toBe('');
  });

  it('cli exits 1 with the message for an unknown e-mail, unknown procedure, bad JSON, bad input and forbidden calls', async () => {
    const cases: [string[], RegExp][] = [
      [['user.get', '--as', 'ghost@example.com'], /No user with the e-mail address ghost@example\.com/],
      [['nothing.here'], /Unknown procedure "nothing\.here"/],
      [['user.update', '{oops', '--as', 'mgr@example.com'], /Input is not valid JSON/],
      [['user.update', '{"fullName":""}', '--as', 'mgr@example.com'], /BAD_REQUEST: fullName: Please enter your name/],
      [['auth.sendCode', '{"email":"x"}'], /email: Please enter a valid email address/],
      [[], /Usage: npm run cli/],
    ];
    const results = await Promise.all(cases.map(([args]) => script('cli.ts', args)));
    results.forEach((r, i) => {
      expect(r.code, cases[i][0].join(' ')).toBe(1);
      expect(r.stderr, cases[i][0].join(' ')).toMatch(cases[i][1]);
    });
  });

  it('cli enforces roles like the API: a plain user is refused admin procedures', async () => {
    await script('user-create.ts', ['--email', 'plain@example.com', '--password', 'correct horse']);
    const r = await script('cli.ts', ['admin.listUsers', '--as', 'plain@example.com']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('FORBIDDEN');
    const ok = await script('cli.ts', ['admin.listUsers', '{"limit":10}', '--as', 'owner@example.com']);
    expect(JSON.parse(ok.stdout).total).toBe(3);
  });
});

describe('server start-up', { timeout: 60_000 }, () => {
  const startServer = (extra: Record<string, string>) => spawnServer(baseEnv(extra));

  it.each([
    [{ PORT: 'eighty' }, /PORT must be a whole number from 0 to 65535/],
    [{ SMTP_URL: 'mail.example.com:25' }, /SMTP_URL must start with smtp:\/\/ or smtps:\/\//],
  ])('refuses bad configuration %o with a message naming the variable', async (vars, message) => {
    const s = startServer(vars);
    expect(await s.exited).toBe(1);
    expect(s.stderr()).toMatch(/Invalid configuration/);
    expect(s.stderr()).toMatch(message);
  });

  it('refuses an unsupported Node.js with one sentence, before anything is written', async () => {
    const data = path.join(dir, 'old-node');
    // The process believes it runs on Node.js 20, as a machine's own older Node would report.
    const pretend = `data:text/javascript,Object.defineProperty(process,'versions',{value:{...process.versions,node:'20.20.2'}})`;
    const s = spawnServer(baseEnv({ DATABASE_PATH: path.join(data, 'app.db'), PORT: '0', HOST: '127.0.0.1' }), ['--import', pretend]);
    expect(await s.exited).toBe(1);
    expect(s.stderr().trim()).toBe(unsupportedNode('20.20.2'));
    expect(s.stderr()).toContain('Curated needs Node.js 24 or newer and this is Node.js 20.20.2');
    expect(fs.existsSync(data)).toBe(false);
  });

  it('generates APP_SECRET into the data folder on first start and reuses it', async () => {
    const data = path.join(dir, 'fresh');
    const extra = { DATABASE_PATH: path.join(data, 'app.db'), PORT: '0', HOST: '127.0.0.1' };
    const first = startServer(extra);
    expect(await first.ready).toMatch(/is ready on .* mail via outbox/);
    const secret = fs.readFileSync(path.join(data, 'app-secret'), 'utf8');
    expect(secret).toMatch(/^[0-9a-f]{64}$/);
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);

    const second = startServer(extra);
    await second.ready;
    expect(fs.readFileSync(path.join(data, 'app-secret'), 'utf8')).toBe(secret);
    second.child.kill('SIGTERM');
    await second.exited;
  });
});
