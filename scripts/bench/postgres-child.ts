// Child processes of the Postgres benchmark (scripts/bench/postgres.ts). db/schema picks its tables from
// DATABASE_URL when it is first imported, so work on one dialect's database runs in a process started
// with that dialect's environment:
//   `db`: opens the database named by the environment and answers the bench's set-up and counting
//         requests over IPC ({ id, cmd, args } → { id, value } or { id, error }), through the product's code;
//   `proxy <port> <upstream ports…>`: a round-robin load balancer in TCP mode (tests/helpers/cluster.ts),
//         in a process of its own so it does not share autocannon's event loop.
import crypto from 'node:crypto';

type Handler = (args: Record<string, unknown>) => Promise<unknown>;

async function serveProxy(port: number, upstreams: number[]) {
  // TCP mode, as a production load balancer can run: the tests' HTTP proxy parses every request in Node,
  // which on this machine cost more than the database did (SQLite through it lost as much as Postgres).
  const { roundRobinTcpProxy } = await import('../../tests/helpers/cluster');
  const proxy = await roundRobinTcpProxy(() => upstreams, port);
  process.send!({ ready: proxy.port });
}

async function serveDatabase() {
  const { and, count, eq } = await import('drizzle-orm');
  const { loadEnv } = await import('../../src/server/env');
  const { closeDb, openDatabase, tx } = await import('../../src/server/db');
  const { createDeps } = await import('../../src/server/deps');
  const { createAccount } = await import('../../src/server/auth/accounts');
  const { toSessionUser } = await import('../../src/server/auth/service');
  const { hashPassword } = await import('../../src/server/auth/password');
  const { createCaller } = await import('../../src/server/routers');
  const { createContext } = await import('../../src/server/trpc/context');
  const { issueSends, sendRecipients, subscribers, trackingEvents } = await import('../../db/schema');
  const { articles } = await import('../../tests/integration/delivery/send-support');
  const { buildChannel } = await import('../../tests/integration/workflow/factories');

  const env = loadEnv(
    {
      NODE_ENV: 'production',
      DATABASE_PATH: process.env.DATABASE_PATH,
      DATABASE_URL: process.env.DATABASE_URL,
      APP_SECRET: process.env.APP_SECRET,
      APP_URL: process.env.APP_URL,
      LOG_LEVEL: 'silent',
    },
    { persistSecret: false },
  );
  const db = await openDatabase(env, { max: 4 });
  const silent = { info() {}, warn() {}, error() {} };
  const deps = createDeps(env, db, { log: silent });

  const handlers: Record<string, Handler> = {
    /**
     * The admin (first account), then a verified writer on the largest plan with a password, a
     * publication at the wizard's last step (the themed issue delivery.ts sends) and `recipients` readers.
     */
    async seed(args) {
      const now = new Date();
      await createAccount(db, { email: 'admin@example.com', name: 'Admin', passwordHash: null }, now);
      const row = await createAccount(
        db,
        {
          email: String(args.email),
          name: 'Bench Writer',
          passwordHash: await hashPassword(String(args.password)),
          planType: 'enterprise',
          verified: true,
        },
        now,
      );
      const api = createCaller(createContext(deps, { user: toSessionUser(row), sessionId: null, ip: '127.0.0.1', resHeaders: new Headers() }));
      const pub = await api.publications.create({ name: 'Compiler Weekly' });
      await api.wizard.saveProgress({
        publicationId: pub.id,
        currentStep: 3,
        workflowData: { selectedTheme: 'market-watch', selectedChannels: [buildChannel()] },
      });
      await api.wizard.saveProgress({ publicationId: pub.id, currentStep: 5, workflowData: { selectedArticles: articles } });
      const n = Number(args.recipients);
      const rows = Array.from({ length: n }, (_, i) => ({
        id: crypto.randomUUID(),
        publicationId: pub.id,
        email: `reader-${i}@example.com`,
        name: `Reader ${i}`,
        status: 'active' as const,
        source: 'import',
        createdAt: new Date(now.getTime() + i),
        updatedAt: now,
      }));
      await tx(db, async (t) => {
        for (let i = 0; i < rows.length; i += 500) await t.insert(subscribers).values(rows.slice(i, i + 500));
      });
      return { publicationId: pub.id };
    },
    async sendState(args) {
      const id = String(args.sendId);
      const [send] = await db.select({ status: issueSends.status, total: issueSends.total }).from(issueSends).where(eq(issueSends.id, id));
      const [sent] = await db
        .select({ n: count() })
        .from(sendRecipients)
        .where(and(eq(sendRecipients.sendId, id), eq(sendRecipients.status, 'sent')));
      return { status: send?.status ?? null, total: send?.total ?? 0, sent: sent?.n ?? 0 };
    },
    async recipients(args) {
      const rows = await db
        .select({ id: sendRecipients.id })
        .from(sendRecipients)
        .where(eq(sendRecipients.sendId, String(args.sendId)));
      return rows.map((r) => r.id);
    },
    async events() {
      const [row] = await db.select({ n: count() }).from(trackingEvents);
      return row?.n ?? 0;
    },
    async close() {
      await deps.queue.stop?.();
      await deps.bus.close();
      await closeDb(db);
      setImmediate(() => process.exit(0));
      return null;
    },
  };

  process.on('message', (m: { id: number; cmd: string; args: Record<string, unknown> }) => {
    const handler = handlers[m.cmd];
    if (!handler) return process.send!({ id: m.id, error: `unknown request ${m.cmd}` });
    handler(m.args).then(
      (value) => process.send!({ id: m.id, value }),
      (err: unknown) => process.send!({ id: m.id, error: err instanceof Error ? (err.stack ?? err.message) : String(err) }),
    );
  });
  process.send!({ ready: true });
}

const [mode, ...rest] = process.argv.slice(2);
if (mode === 'proxy') await serveProxy(Number(rest[0]), rest.slice(1).map(Number));
else if (mode === 'db') await serveDatabase();
else throw new Error('usage: postgres-child.ts db | proxy <port> <upstream ports…>');
