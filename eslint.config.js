import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['build/', 'data/', 'node_modules/', '.react-router/', 'test-results/', 'playwright-report/', 'bench/results/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    // Browser code never reaches into the server: it gets data from loaders and the API.
    files: ['app/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/server/**', '../server/*'], message: 'app/ must not import server code (types come through the load context).' }] }],
    },
  },
  {
    // shared/ runs on both sides: no Node or DOM-only modules.
    files: ['shared/**/*.ts'],
    rules: {
      // Except React Router's `href`, so paths are built from the route table on both sides.
      'no-restricted-imports': ['error', {
        paths: [{ name: 'react-router', allowImportNames: ['href'], message: 'shared/ may use only `href` from react-router.' }],
        patterns: [{ group: ['node:*', '**/server/**', '**/app/**', 'react', 'react/*', 'react-dom*', '@react-router/*'], message: 'shared/ is imported by both sides.' }],
      }],
    },
  },
  {
    // Dashboard links and redirects come from the route table: `href('/admin/dashboard/products/:id',
    // { id })` is checked by the compiler against app/routes.ts, a hand-written path is not.
    files: ['app/**/*.{ts,tsx}', 'shared/**/*.ts', 'server/**/*.ts'],
    ignores: ['**/*.test.ts', 'app/routes.ts'],
    rules: {
      'no-restricted-syntax': ['error',
        { selector: "Literal[value=/^\\/(admin|partner)\\/dashboard/]:not(CallExpression[callee.name='href'] > Literal)", message: "Build dashboard paths with href() from 'react-router' (typed by the route table)." },
        { selector: 'TemplateElement[value.raw=/^\\/(admin|partner)\\/dashboard/]', message: "Build dashboard paths with href() from 'react-router' (typed by the route table)." },
      ],
    },
  },
  {
    files: ['scripts/**/*.mjs', 'bench/**/*.mjs', '*.config.*'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly' } },
  },
);
