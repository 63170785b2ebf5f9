// ESLint (flat config): typescript-eslint, React hooks, Prettier's formatting rules off, and import
// zones that encode the architecture (GUIDE §2): the client never imports server code at runtime, only
// src/server/auth imports lucia, domain code never imports tRPC, Hono or http/, the shared
// infrastructure (jobs/, net/, crypto.ts) imports no domain, mail/ knows nothing of issue delivery nor of
// readers, delivery/ depends on readers/ and analytics/ (never the reverse), a feature folder reaches
// another feature only through that feature's index.ts, and src/server has no import cycles.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { importX, createNodeResolver } from 'eslint-plugin-import-x';
import prettier from 'eslint-config-prettier';
import globals from 'globals';
import { routerContracts } from './eslint.router-contracts.js';

/** Server folders that hold domain code (everything but the transport layers and the process entry). */
const DOMAINS = [
  'ai',
  'analytics',
  'auth',
  'billing',
  'blog',
  'delivery',
  'demo',
  'email',
  'feeds',
  'integrations',
  'jobs',
  'leads',
  'mail',
  'net',
  'newsletter',
  'onboarding',
  'plans',
  'publications',
  'readers',
  'team',
  'tracking',
  'user',
];

/** Shared infrastructure every domain may use; it imports no domain itself. */
const INFRA = ['jobs', 'net'];
const BUSINESS = DOMAINS.filter((d) => !INFRA.includes(d));

/** Tables come from db/schema, which hands out the SQLite tables or their Postgres twins; a domain file's are SQLite's. */
const dialectTables = {
  group: ['**/db/schema/*'],
  allowTypeImports: true,
  message: "Import tables from db/schema (the running dialect's tables); a file under db/schema/ holds the SQLite ones.",
};
const lucia = { group: ['lucia', 'lucia/*'], message: 'Only src/server/auth imports lucia (GUIDE §1).' };
const noTransport = {
  group: ['@trpc/*', 'hono', 'hono/*', '@hono/*', '**/trpc/init', '**/routers', '**/routers/**', '**/rest/**', '**/http/**'],
  message: 'Domain code is plain functions: tRPC, Hono and http/ stay in trpc/, routers/, rest/, http/ and app.ts (GUIDE §2).',
};
/** A relative import of one of `folders` under src/server, from any depth. */
const folderImport = (folders) => `^(\\.{1,2}/)+(${folders.join('|')})(/|$)`;
const noDomain = {
  regex: folderImport(BUSINESS),
  message: 'jobs/, net/ and crypto.ts are shared infrastructure: they import no domain; the composition root (index.ts, deps.ts) wires domains to them.',
};
const noIssueDelivery = {
  regex: folderImport(['delivery']),
  message: 'mail/ carries every e-mail and knows nothing of issue sends: delivery/ imports mail/, never the reverse.',
};
const noReaders = {
  regex: folderImport(['readers', 'webhooks']),
  message:
    "mail/ knows nothing of readers: it records providers' events and hands them to deps.mailFeedback (readers/suppression.ts, wired in deps.ts); whoever sends decides who is suppressed.",
};
const readersBeforeDelivery = {
  regex: folderImport(['delivery']),
  message: 'delivery/ asks readers/ for its recipients: readers/ never imports delivery/.',
};
const figuresBeforeDelivery = {
  regex: folderImport(['delivery', 'readers']),
  message: "analytics/ reads its figures from the data layer; delivery/ reads analytics' (a subject test's groups, the list's counts), never the reverse.",
};

const noTxCast = {
  selector: "TSAsExpression[expression.type='Identifier'][expression.name=/^(tx|trx)$/]",
  message: "A transaction is passed as DbOrTx (src/server/db.ts), never cast: type the function's parameter as DbOrTx.",
};
/**
 * The database is reached through the data layer (src/server/db.ts) only: queries are awaited (no
 * synchronous `.all()/.get()/.run()/.values()`), transactions go through its `tx()`, and the raw
 * connection never leaves it.
 */
const dataLayerOnly = [
  {
    selector: 'CallExpression[arguments.length=0][callee.property.name=/^(all|run)$/]',
    message: 'Await the query instead (`await db.select()…`; `const [row] = await …` for one row): src/server/db.ts hands out an async handle.',
  },
  {
    // A chain's end only: `api.user.get()` is a tRPC caller's procedure, `map.values()` a Map's.
    selector: "CallExpression[arguments.length=0][callee.property.name=/^(get|values)$/][callee.object.type='CallExpression']",
    message: 'Await the query instead (`const [row] = await …` for one row): src/server/db.ts hands out an async handle.',
  },
  {
    selector: "CallExpression[callee.property.name=/^(all|get|run|values)$/][arguments.0.type='TaggedTemplateExpression']",
    message: 'Raw SQL goes through queryRows(db, sql`…`) or execute(db, sql`…`) from src/server/db.ts, which know both drivers.',
  },
  {
    selector: "MemberExpression[property.name='$client'], Identifier[name='sqliteClient']",
    message: 'The raw connection stays in the data layer (src/server/db.ts).',
  },
  {
    selector: "CallExpression[callee.property.name='transaction']",
    message: 'Transactions go through tx(db, async (t) => …) from src/server/db.ts, which keeps other queries out of them.',
  },
];

/**
 * `expect(promise)` without `.resolves`/`.rejects` compares the promise, not its value: `toBeTruthy()`
 * and `not.toBeNull()` would pass whatever the query returned. A test that cannot fail is refused.
 */
const expectAwaited = {
  meta: { type: 'problem', messages: { thenable: 'Await the value before expecting on it (or use .resolves / .rejects): this is a promise.' } },
  create(context) {
    const services = context.sourceCode.parserServices;
    if (!services?.program) return {};
    const checker = services.program.getTypeChecker();
    return {
      "CallExpression[callee.type='Identifier'][callee.name='expect'][arguments.length>0]"(node) {
        const parent = node.parent;
        if (parent.type === 'MemberExpression' && ['resolves', 'rejects'].includes(parent.property.name)) return;
        const type = checker.getTypeAtLocation(services.esTreeNodeToTSNodeMap.get(node.arguments[0]));
        const isThenable = (t) =>
          t.isUnion() ? t.types.some(isThenable) : !!t.getProperty('then') && !!checker.getTypeOfSymbol(t.getProperty('then')).getCallSignatures().length;
        if (isThenable(type)) context.report({ node: node.arguments[0], messageId: 'thenable' });
      },
    };
  },
};

/** The repository's own rules. */
const curated = { rules: { 'expect-awaited': expectAwaited, 'router-contracts': routerContracts } };

/** One `no-restricted-imports` rule from pattern groups (a later config replaces a rule, so zones are built whole). */
const restrict = (...patterns) => ['error', { patterns: [dialectTables, ...patterns] }];

export default tseslint.config(
  {
    ignores: [
      '.dist-*/**',
      'dist/',
      'node_modules/',
      'coverage/',
      'data/',
      'tests/e2e/.tmp/',
      'test-results/',
      'playwright-report/',
      'src/client/routeTree.gen.ts',
      'db/migrations/',
      'db/migrations-pg/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module', globals: { ...globals.node } },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false }],
      'no-control-regex': 'off',
      '@typescript-eslint/no-restricted-imports': restrict(lucia),
    },
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat.recommended,
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': restrict(lucia, {
        group: ['**/server/**', '~/server/**', '**/db/**', '#db/**'],
        allowTypeImports: true,
        message: 'The client reads the server only through src/client/trpc.ts; import server code as types only (GUIDE §2).',
      }),
    },
  },
  {
    files: ['src/client/features/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': restrict(
        lucia,
        {
          group: ['**/server/**', '~/server/**', '**/db/**', '#db/**'],
          allowTypeImports: true,
          message: 'The client reads the server only through src/client/trpc.ts; import server code as types only (GUIDE §2).',
        },
        {
          regex: '^(\\.\\./|~/client/features/)[^./][^/]*/',
          message: "Import another feature through its index.ts ('../<feature>'), not its internal files.",
        },
      ),
    },
  },
  {
    files: ['src/shared/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': restrict(lucia, {
        group: ['**/server/**', '**/client/**', '~/server/**', '~/client/**', '@trpc/*', 'hono', 'hono/*', '@hono/*', 'react', 'react-dom'],
        message: 'src/shared is isomorphic: it imports neither server nor client code (GUIDE §2).',
      }),
    },
  },
  {
    files: DOMAINS.map((d) => `src/server/${d}/**/*.{ts,tsx}`),
    rules: { '@typescript-eslint/no-restricted-imports': restrict(lucia, noTransport) },
  },
  {
    files: ['src/server/auth/**/*.ts'],
    rules: { '@typescript-eslint/no-restricted-imports': restrict(noTransport) },
  },
  {
    files: [...INFRA.map((d) => `src/server/${d}/**/*.ts`), 'src/server/crypto.ts'],
    rules: { '@typescript-eslint/no-restricted-imports': restrict(lucia, noTransport, noDomain) },
  },
  {
    files: ['src/server/mail/**/*.{ts,tsx}'],
    rules: { '@typescript-eslint/no-restricted-imports': restrict(lucia, noTransport, noIssueDelivery, noReaders) },
  },
  {
    files: ['src/server/readers/**/*.{ts,tsx}'],
    rules: { '@typescript-eslint/no-restricted-imports': restrict(lucia, noTransport, readersBeforeDelivery) },
  },
  {
    files: ['src/server/analytics/**/*.{ts,tsx}'],
    rules: { '@typescript-eslint/no-restricted-imports': restrict(lucia, noTransport, figuresBeforeDelivery) },
  },
  {
    files: ['src/server/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json'] })],
    },
    rules: {
      // Type-only imports are not followed (the plugin erases them, as TypeScript does at run time).
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'no-restricted-syntax': ['error', noTxCast, ...dataLayerOnly],
    },
  },
  {
    // The data layer itself.
    files: ['src/server/db.ts', 'src/server/data-gate.ts'],
    rules: { 'no-restricted-syntax': ['error', noTxCast] },
  },
  {
    files: ['scripts/**/*.ts'],
    // The gate's benchmark measures it against drizzle's own handle on the raw connection.
    ignores: ['scripts/bench/data-gate.ts'],
    rules: { 'no-restricted-syntax': ['error', ...dataLayerOnly] },
  },
  {
    // An un-awaited query or transaction runs out of order (and past a transaction's end): every
    // promise is awaited, returned or explicitly voided.
    files: ['src/server/**/*.{ts,tsx}', 'scripts/**/*.ts', 'tests/**/*.{ts,tsx}'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    plugins: { curated },
    rules: {
      'curated/expect-awaited': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { arguments: false, attributes: false } }],
    },
  },
  {
    // Every procedure states its answer and no schema is written in a router (eslint.router-contracts.js).
    files: ['src/server/routers/**/*.ts'],
    plugins: { curated },
    rules: { 'curated/router-contracts': 'error' },
  },
  prettier,
);
