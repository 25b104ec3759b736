// `npm start`: builds when the build is missing or older than the sources, then runs the server
// under the supervisor (scripts/supervisor.mjs), which restarts it within seconds if it dies.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const stamp = path.join(root, 'build', 'server', 'main.js');
const sources = ['app', 'server', 'shared', 'public', 'package-lock.json', 'vite.config.ts', 'react-router.config.ts'];

function newest(p) {
  if (!existsSync(p)) return 0;
  const st = statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  return readdirSync(p).reduce((m, name) => Math.max(m, newest(path.join(p, name))), st.mtimeMs);
}

const built = existsSync(stamp) ? statSync(stamp).mtimeMs : 0;
if (!built || sources.some((s) => newest(path.join(root, s)) > built)) {
  console.log('Building Frolic…');
  execSync('npm run build', { cwd: root, stdio: 'inherit' });
}
const { supervise } = await import('./supervisor.mjs');
supervise();
