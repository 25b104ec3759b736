import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import ts from 'typescript';
import tseslint from 'typescript-eslint';

// Browser code never reaches into the server: it gets data from loaders and the API.
const NO_SERVER = { group: ['**/server/**', '../server/*'], message: 'app/ must not import server code (types come through the load context).' };
/** The import rule of a part of app/: never the server, and whatever else that part may not reach. */
const appImports = (...patterns) => ({ 'no-restricted-imports': ['error', { patterns: [NO_SERVER, ...patterns] }] });
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

/**
 * The page paths of app/routes.ts as one regex source for esquery: each top-level route's path up to
 * its first parameter or splat (children of the dashboards share their parent's prefix), matched as a
 * whole segment, so '/auth/login?x=1' and '/products/gin' are page paths and '/auth/step-up' is not.
 * The index route '/' is left out: a lone slash is also every path's root.
 */
function pagePathsPattern() {
  const source = ts.createSourceFile('routes.ts', readFileSync(new URL('app/routes.ts', import.meta.url), 'utf8'), ts.ScriptTarget.Latest);
  const prefixes = new Set();
  for (const statement of source.statements) {
    if (!ts.isExportAssignment(statement)) continue;
    let list = statement.expression;
    while (ts.isSatisfiesExpression(list) || ts.isAsExpression(list)) list = list.expression;
    for (const entry of list.elements) {
      if (!ts.isCallExpression(entry) || entry.expression.getText(source) !== 'route') continue;
      const [path] = entry.arguments;
      const parts = path.text.split('/');
      const dynamic = parts.findIndex((part) => part.startsWith(':') || part.includes('*'));
      const fixed = parts.slice(0, dynamic === -1 ? parts.length : dynamic).join('/');
      if (fixed !== '') prefixes.add(fixed);
    }
  }
  const alternatives = [...prefixes].map((prefix) => prefix.replace(/[.]/g, '\\.').replace(/\//g, '\\/'));
  return `^\\/(${alternatives.join('|')})([\\/?#]|$)`;
}
const PAGE_PATH = pagePathsPattern();
/** Page paths are built with `href()`, typed by the route table (no-restricted-syntax selectors). */
const TYPED_PATHS = [
  {
    selector: `Literal[value=/${PAGE_PATH}/]:not(CallExpression[callee.name='href'] > Literal, CallExpression[callee.object.name='router'] > Literal)`,
    message: "Build page paths with href() from 'react-router' (typed by the route table in app/routes.ts).",
  },
  {
    selector: `TemplateElement[value.raw=/${PAGE_PATH}/]`,
    message: "Build page paths with href() from 'react-router' (typed by the route table in app/routes.ts).",
  },
];

const ROOT = fileURLToPath(new URL('.', import.meta.url));

/**
 * A server module is used through its public entry, `server/modules/<name>/index.ts`: from another
 * module, from the rest of the server and from anywhere else. Files inside a module import their own
 * module's files freely. A module's `api.ts` (its Express router, a transport) is the second entry,
 * for the composition in server/app.ts and for another module's api.ts. Tests may reach inside.
 */
const moduleEntryRule = {
  meta: {
    type: 'problem',
    messages: {
      deep: "Import server/modules/{{module}}/ through its entry ('{{entry}}'): its other files are its own. Export what you need from its index.ts.",
    },
  },
  create(context) {
    const file = path.relative(ROOT, context.filename).split(path.sep).join('/');
    const own = /^server\/modules\/([^/]+)\//.exec(file)?.[1];
    const transport = file === 'server/app.ts' || /^server\/modules\/[^/]+\/api\.ts$/.test(file);
    const check = (node) => {
      const source = node?.value;
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), source));
      const match = /^server\/modules\/([^/]+)\/(.+?)(\.[jt]sx?)?$/.exec(target);
      if (!match || match[1] === own || match[2] === 'index' || (match[2] === 'api' && transport)) return;
      const entry = path.posix.relative(path.posix.dirname(file), `server/modules/${match[1]}`);
      context.report({ node, messageId: 'deep', data: { module: match[1], entry: entry.startsWith('.') ? entry : `./${entry}` } });
    };
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
    };
  },
};

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
    // Page links and redirects come from the route table: `href('/admin/dashboard/products/:id', { id })`
    // and `href('/auth/login')` are checked by the compiler against app/routes.ts, a hand-written path is
    // not. A literal page path (any route of app/routes.ts, with or without a query) is an error outside
    // href(); the Express routers' own paths (`router.get('/products', …)`, under /api) are not pages.
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
    // Modules meet at their entries (moduleEntryRule above); tests may reach inside.
    files: ['**/*.{ts,tsx}'],
    ignores: ['**/*.test.ts', 'tests/**'],
    plugins: { frolic: { rules: { 'module-entry': moduleEntryRule } } },
    rules: { 'frolic/module-entry': 'error' },
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
