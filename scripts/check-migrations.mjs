// Fails when the Drizzle schema (server/db/schema/) and the committed migrations disagree: a schema
// change without its generated migration would pass every test on a fresh database here (tests migrate
// from the files) and then break the first real database. Runs drizzle-kit generate into a temporary
// copy of server/db/migrations and fails if it wrote anything. Part of `npm test`.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const migrations = path.join(root, 'server/db/migrations');
const work = mkdtempSync(path.join(tmpdir(), 'frolic-migrations-'));
const copy = path.join(work, 'migrations');

/** Every file under `dir`, relative to it, with its content. */
function snapshot(dir) {
  const files = new Map();
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const full = path.join(entry.parentPath, entry.name);
    files.set(path.relative(dir, full), readFileSync(full, 'utf8'));
  }
  return files;
}

let failed = false;
try {
  cpSync(migrations, copy, { recursive: true });
  const before = snapshot(copy);
  // stdin closed: a change drizzle-kit would have to ask about (a rename?) ends the run instead of waiting.
  const run = spawnSync(
    path.join(root, 'node_modules/.bin/drizzle-kit'),
    // A relative --out: drizzle-kit prefixes `./` to the folder it reads, which breaks an absolute one.
    ['generate', '--dialect=postgresql', '--schema=./server/db/schema/index.ts', `--out=${path.relative(root, copy)}`],
    { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 120_000 },
  );
  const after = snapshot(copy);
  const changed = [...after.keys()].filter((f) => before.get(f) !== after.get(f));
  const output = `${run.stdout}${run.stderr}`;
  // drizzle-kit exits 0 even when it fails (a migrations folder it cannot read): it must say one of these.
  const finished = /No schema changes|Your SQL migration file/.test(output);
  if (run.status !== 0 || run.error || !finished) {
    failed = true;
    console.error(`check-migrations: drizzle-kit generate did not finish cleanly (exit ${run.status ?? run.error?.message}).`);
    console.error(output.trim().split('\n').slice(-15).join('\n'));
    console.error('The schema probably changed in a way drizzle-kit asks about (a rename): run `npm run db:generate` and answer it.');
  } else if (changed.length > 0) {
    failed = true;
    console.error('check-migrations: server/db/schema/ and server/db/migrations/ disagree — drizzle-kit would generate:');
    for (const f of changed) console.error(`  ${f}`);
    const sql = changed
      .filter((f) => f.endsWith('.sql'))
      .map((f) => after.get(f))
      .join('\n');
    if (sql) console.error(`\n${sql.trim()}\n`);
    console.error('Run `npm run db:generate` and commit the migration with the schema change.');
  } else {
    console.log('check-migrations: the schema and the committed migrations agree.');
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
