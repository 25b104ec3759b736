// The registry this project installs from serves only the platform packages of this machine, so
// `npm install` leaves the other platforms' optional binaries (tailwind oxide, rollup, ...) out of
// package-lock.json, and `npm ci` then refuses the lock as "out of sync". This script adds those
// entries back (version from the parent's optionalDependencies, os/cpu/libc from the package name),
// so npm ci skips them as foreign-platform optional packages. It also pins what a parent asked for
// with the "latest" tag. Run it after every `npm install` that changes the lock:
//   npm install && node scripts/fix-lockfile.mjs && npm ci
import { execSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';

const LOCK = 'package-lock.json';
const OS = ['android', 'darwin', 'freebsd', 'linux', 'openbsd', 'openharmony', 'win32', 'sunos', 'aix', 'netbsd'];
const CPU = ['arm64', 'x64', 'ia32', 'loong64', 'ppc64', 'riscv64', 's390x', 'wasm32', 'arm', 'mips64el'];

function missing() {
  try {
    execSync('npm ci --dry-run --ignore-scripts --no-audit --no-fund', { stdio: 'pipe' });
    return [];
  } catch (err) {
    const out = String(err.stdout) + String(err.stderr);
    return [...out.matchAll(/Missing: (.+?)@(\S*) from lock file/g)].map((m) => ({ name: m[1], version: m[2] }));
  }
}

function platformOf(name) {
  const parts = name.split('/').pop().split('-');
  const os = parts.find((p) => OS.includes(p));
  const cpu = parts.find((p) => CPU.includes(p));
  const libc = parts.some((p) => p.startsWith('musl')) ? 'musl' : parts.some((p) => p === 'gnu' || p.startsWith('gnueabi')) ? 'glibc' : null;
  return { ...(os ? { os: [os] } : {}), ...(cpu ? { cpu: [cpu] } : {}), ...(libc ? { libc: [libc] } : {}) };
}

const lock = JSON.parse(readFileSync(LOCK, 'utf8'));
const packages = lock.packages;
let fixed = 0;
for (const { name, version } of missing()) {
  // The parent that names it: an optional platform binary, or a dependency on a dist-tag.
  const parentKey = Object.keys(packages).find((k) => {
    const p = packages[k];
    return p.optionalDependencies?.[name] !== undefined || p.dependencies?.[name] === 'latest';
  });
  if (!parentKey) {
    console.warn(`cannot place ${name}`);
    continue;
  }
  const parent = packages[parentKey];
  if (parent.optionalDependencies?.[name] !== undefined) {
    const key = `node_modules/${name}`;
    if (packages[key]) continue;
    packages[key] = { version: parent.optionalDependencies[name], ...(parent.dev ? { dev: true } : {}), optional: true, ...platformOf(name) };
  } else {
    // A dependency on "latest": nest the version npm resolved the tag to under its parent.
    const key = `${parentKey}/node_modules/${name}`;
    packages[key] = { version, ...(parent.dev ? { dev: true } : {}) };
  }
  fixed += 1;
}
const sorted = Object.fromEntries(Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))));
lock.packages = sorted;
writeFileSync(LOCK, `${JSON.stringify(lock, null, 2)}\n`);
console.log(fixed ? `Added ${fixed} lock entries; check with: npm ci --dry-run` : 'package-lock.json is in sync.');
