// ESLint (flat config): typescript-eslint, React hooks, Prettier's formatting rules off, and import
// zones that encode the architecture (GUIDE §2): the client never imports server code at runtime, only
// src/server/auth imports lucia, domain code never imports tRPC or Hono, and a feature folder reaches
// another feature only through that feature's index.ts.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
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
  'leads',
  'mail',
  'newsletter',
  'onboarding',
  'publications',
  'subscribers',
  'team',
  'tracking',
  'user',
];

const lucia = { group: ['lucia', 'lucia/*'], message: 'Only src/server/auth imports lucia (GUIDE §1).' };

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
    rules: {
      '@typescript-eslint/no-restricted-imports': restrict(lucia, {
        group: ['@trpc/*', 'hono', 'hono/*', '@hono/*', '**/trpc/init', '**/trpc/root', '**/routers/**', '**/rest/**', '**/http/types'],
        message: 'Domain code is plain functions: tRPC and Hono stay in trpc/, routers/, rest/ and app.ts (GUIDE §2).',
      }),
    },
  },
  {
    files: ['src/server/auth/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': restrict({
        group: ['@trpc/*', 'hono', 'hono/*', '@hono/*', '**/trpc/init', '**/trpc/root', '**/routers/**', '**/rest/**', '**/http/types'],
        message: 'Domain code is plain functions: tRPC and Hono stay in trpc/, routers/, rest/ and app.ts (GUIDE §2).',
      }),
    },
  },
  prettier,
);
