// ESLint (flat config): typescript-eslint, React hooks, Prettier's formatting rules off, and import
// zones that encode the architecture (GUIDE §2): the client never imports server code at runtime, only
// src/server/auth imports lucia, domain code never imports tRPC, Hono or http/, the shared
// infrastructure (jobs/, net/, crypto.ts) imports no domain, mail/ knows nothing of issue delivery, a
// feature folder reaches another feature only through that feature's index.ts, and src/server has no
// import cycles.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { importX, createNodeResolver } from 'eslint-plugin-import-x';
import prettier from 'eslint-config-prettier';
import globals from 'globals';

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
  'publications',
  'subscribers',
  'team',
  'tracking',
  'user',
];

/** Shared infrastructure every domain may use; it imports no domain itself. */
const INFRA = ['jobs', 'net'];
const BUSINESS = DOMAINS.filter((d) => !INFRA.includes(d));

const lucia = { group: ['lucia', 'lucia/*'], message: 'Only src/server/auth imports lucia (GUIDE §1).' };
const noTransport = {
  group: ['@trpc/*', 'hono', 'hono/*', '@hono/*', '**/trpc/init', '**/trpc/root', '**/routers/**', '**/rest/**', '**/http/**'],
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

/** One `no-restricted-imports` rule from pattern groups (a later config replaces a rule, so zones are built whole). */
const restrict = (...patterns) => ['error', { patterns }];

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
    rules: { '@typescript-eslint/no-restricted-imports': restrict(lucia, noTransport, noIssueDelivery) },
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
      'no-restricted-syntax': [
        'error',
        {
          selector: "TSAsExpression[expression.type='Identifier'][expression.name=/^(tx|trx)$/]",
          message: "A transaction is passed as DbOrTx (src/server/db.ts), never cast: type the function's parameter as DbOrTx.",
        },
      ],
    },
  },
  prettier,
);
