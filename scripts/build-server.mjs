// Bundles the Node server (server/main.ts and what it imports) into build/server/main.js, and the
// embedded database's thread (server/db/pglite-host.ts) into build/server/pglite-host.js beside it.
// Packages stay external: they are loaded from node_modules at run time.
import { build } from 'esbuild';

await build({
  entryPoints: { main: 'server/main.ts', 'pglite-host': 'server/db/pglite-host.ts' },
  outdir: 'build/server',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
