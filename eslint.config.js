import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

// Browser code never reaches into the server: it gets data from loaders and the API.
const NO_SERVER = { group: ['**/server/**', '../server/*'], message: 'app/ must not import server code (types come through the load context).' };
/** The import rule of a part of app/: never the server, and whatever else that part may not reach. */
const appImports = (...patterns) => ({ 'no-restricted-imports': ['error', { patterns: [NO_SERVER, ...patterns] }] });
/** Dashboard paths are built with `href()`, typed by the route table (no-restricted-syntax selectors). */
const TYPED_PATHS = [
  {
    selector: "Literal[value=/^\\/(admin|partner)\\/dashboard/]:not(CallExpression[callee.name='href'] > Literal)",
    message: "Build dashboard paths with href() from 'react-router' (typed by the route table).",
  },
  {
    selector: 'TemplateElement[value.raw=/^\\/(admin|partner)\\/dashboard/]',
    message: "Build dashboard paths with href() from 'react-router' (typed by the route table).",
  },
];
/** A domain error, or a refusal as data, carries a kind — never a literal HTTP status. */
const ERRORS_BY_KIND = [
  {
    selector: 'NewExpression[callee.name=/^(AppError|DomainError)$/] > Literal[raw=/^[1-5]\\d\\d$/]',
    message: "A domain error carries a kind ('invalid', 'conflict' … shared/error-kinds.ts), not an HTTP status: server/http/errors.ts maps kinds to statuses.",
  },
  {
    selector: "Property[key.name='status'][value.raw=/^[1-5]\\d\\d$/]",
    message: "A refusal carries a kind ('forbidden', 'conflict' … shared/error-kinds.ts), not an HTTP status: server/http/errors.ts maps kinds to statuses.",
  },
];
const FEATURES = readdirSync(new URL('app/features', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

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
  { files: ['app/**/*.{ts,tsx}'], rules: appImports() },
  // Layers, as bulletproof-react's zones: routes (and root.tsx) compose features; a feature uses
  // app/components, app/lib and shared/ — never another feature or a route; components and lib use
  // neither. Something two features need moves to app/components (or lib), or the route passes it in.
  ...FEATURES.map((f) => ({
    files: [`app/features/${f}/**/*.{ts,tsx}`],
    rules: appImports({
      regex: `(^|/)features/(?!${f}/)|(^|/)routes/|^\\.\\./`,
      message: `app/features/${f}/ may import app/components, app/lib and shared/ — not another feature or a route (compose them in the route).`,
    }),
  })),
  {
    files: ['app/components/**/*.{ts,tsx}', 'app/lib/**/*.{ts,tsx}'],
    rules: appImports({ regex: '(^|/)(features|routes)/', message: 'app/components and app/lib are used by features and routes, and import neither.' }),
  },
  {
    // shared/ runs on both sides: no Node or DOM-only modules.
    files: ['shared/**/*.ts'],
    rules: {
      // Except React Router's `href`, so paths are built from the route table on both sides.
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'react-router', allowImportNames: ['href'], message: 'shared/ may use only `href` from react-router.' }],
          patterns: [
            {
              group: ['node:*', '**/server/**', '**/app/**', 'react', 'react/*', 'react-dom*', '@react-router/*'],
              message: 'shared/ is imported by both sides.',
            },
          ],
        },
      ],
    },
  },
  {
    // Dashboard links and redirects come from the route table: `href('/admin/dashboard/products/:id',
    // { id })` is checked by the compiler against app/routes.ts, a hand-written path is not.
    files: ['app/**/*.{ts,tsx}', 'shared/**/*.ts', 'server/**/*.ts'],
    ignores: ['**/*.test.ts', 'app/routes.ts'],
    rules: { 'no-restricted-syntax': ['error', ...TYPED_PATHS] },
  },
  {
    // Errors are decided at the edge: a service (and a shared decision) raises a code and a kind
    // (shared/error-kinds.ts); only server/http/ turns a kind into an HTTP status (errors.ts).
    files: ['shared/**/*.ts', 'server/**/*.ts'],
    ignores: ['**/*.test.ts', 'server/http/**'],
    rules: { 'no-restricted-syntax': ['error', ...TYPED_PATHS, ...ERRORS_BY_KIND] },
  },
  {
    // Services never see HTTP: the rules, the database and the audit live below the request layer, so a
    // job, a socket or a test calls them the same way. AppError, parse, the rate limiter and the cookie
    // codec are in server/core/. Only the transports (http/, the modules' thin api.ts, the app, the
    // socket server) may import server/http/.
    files: ['server/**/*.ts'],
    ignores: ['server/http/**', 'server/modules/*/api.ts', 'server/app.ts', 'server/main.ts', 'server/realtime/chat-sockets.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/http/*'], message: 'Services import nothing from server/http/ (errors, parse, rate limits and cookies are in server/core/).' },
          ],
        },
      ],
    },
  },
  {
    files: ['scripts/**/*.mjs', 'bench/**/*.mjs', '*.config.*'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly' } },
  },
  {
    // Test files share their worker's module graph (vitest.config.ts, isolate: false): a module
    // replaced for one file would stay replaced for the next. Spy on an object instead.
    files: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'vi', property: 'mock', message: 'Test files share modules (isolate: false): spy on an object (vi.spyOn) instead.' },
        { object: 'vi', property: 'doMock', message: 'Test files share modules (isolate: false): spy on an object (vi.spyOn) instead.' },
      ],
    },
  },
);
