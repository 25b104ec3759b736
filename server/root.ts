// The project's root folder, found from this module whether it runs from source (tsx) or bundled
// into build/server/main.js.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

function findRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, 'package.json'))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('package.json not found above the server module');
    dir = parent;
  }
  return dir;
}

export const PROJECT_ROOT = findRoot();
export const BUILD_DIR = path.join(PROJECT_ROOT, 'build');
export const MIGRATIONS_DIR = path.join(PROJECT_ROOT, 'server', 'db', 'migrations');
