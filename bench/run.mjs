// `npm run bench`: builds when the build is missing or older than the sources, runs every benchmark
// in its own process (results in bench/results/*.json), then prints one summary.
// `npm run bench -- http cold-start` runs only the named ones.
import { execSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { MAIN, RESULTS_DIR, ROOT, cpuBusy, machine } from './lib.mjs';

const CORE = ['bundle-size', 'lighthouse', 'http', 'cold-start'];
// Only when named: the 30-minute soak (`npm run bench:soak`) and load shedding (it burns every core).
const LONG = ['soak', 'overload'];
// Any other bench/<name>.mjs exporting run() and summarize() (auth, stores, …) runs after the core set.
const extra = readdirSync(path.join(ROOT, 'bench'))
  .filter((f) => f.endsWith('.mjs') && !['lib.mjs', 'run.mjs'].includes(f))
  .map((f) => f.slice(0, -4))
  .filter((n) => !CORE.includes(n) && !LONG.includes(n))
  .sort();
const BENCHES = [...CORE, ...extra];
const sources = ['app', 'server', 'shared', 'public', 'package-lock.json', 'vite.config.ts', 'react-router.config.ts'];

function newest(p, depth = 0) {
  if (!existsSync(p) || depth > 20) return 0;
  const st = statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  return readdirSync(p).reduce((m, name) => Math.max(m, newest(path.join(p, name), depth + 1)), st.mtimeMs);
}

const wanted = process.argv.slice(2);
const unknown = wanted.filter((w) => !BENCHES.includes(w) && !LONG.includes(w));
if (unknown.length) {
  console.error(`Unknown benchmark(s): ${unknown.join(', ')}. Known: ${BENCHES.join(', ')}`);
  process.exit(2);
}
const selected = wanted.length ? [...BENCHES, ...LONG].filter((b) => wanted.includes(b)) : BENCHES;

const built = existsSync(MAIN) ? statSync(MAIN).mtimeMs : 0;
if (!built || (process.env.BENCH_SKIP_BUILD !== '1' && sources.some((s) => newest(path.join(ROOT, s)) > built))) {
  console.log(built ? 'The build is older than the sources: npm run build' : 'No build: npm run build');
  execSync('npm run build', { cwd: ROOT, stdio: 'inherit' });
}

const m = machine();
console.log(`Frolic benchmarks on ${m.cores} cores (${m.cpu}), Node ${m.node}, ${m.platform}\n`);
const failed = [];
const started = Date.now();
for (const name of selected) {
  const t0 = Date.now();
  // Other work on the machine skews every number here: say so when the CPUs are not idle.
  const busy = await cpuBusy(1000);
  console.log(`== ${name}${busy > 0.25 ? `  (CPUs ${Math.round(busy * 100)}% busy before starting: other work is running, expect noisy numbers)` : ''}`);
  const r = spawnSync(process.execPath, [path.join(ROOT, 'bench', `${name}.mjs`)], { cwd: ROOT, stdio: 'inherit', timeout: 30 * 60_000 });
  if (r.status !== 0) failed.push(`${name} (exit ${r.status ?? r.signal})`);
  console.log(`   (${Math.round((Date.now() - t0) / 1000)} s)\n`);
}

console.log(`==== Summary (${Math.round((Date.now() - started) / 1000)} s; JSON in ${path.relative(ROOT, RESULTS_DIR)}/)`);
for (const name of selected) {
  const file = path.join(RESULTS_DIR, `${name}.json`);
  if (!existsSync(file) || statSync(file).mtimeMs < started) {
    console.log(`${name}: no result`);
    continue;
  }
  const { summarize } = await import(`./${name}.mjs`);
  const data = JSON.parse(readFileSync(file, 'utf8'));
  console.log(typeof summarize === 'function' ? summarize(data) : `${name}: see ${path.relative(ROOT, file)}`);
}
if (failed.length) {
  console.log(`\nFailed: ${failed.join(', ')}`);
  process.exitCode = 1;
}
