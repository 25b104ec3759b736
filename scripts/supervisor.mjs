// Keeps the site up: runs the server (build/server/main.js) as a child process and starts a new one
// within seconds if it dies — a crash, an uncaught exception, the kernel's OOM killer — with the
// crash logged. `npm start` runs this (scripts/start.mjs); `node scripts/supervisor.mjs` runs it on
// an existing build.
//
// - Restarts back off when the worker keeps dying: 1 s, 2 s, 4 s … at most 30 s; a worker that ran
//   a minute counts as healthy again and the next crash waits 1 s.
// - A worker that never came up on the first start (bad configuration, port taken, data directory
//   in use) is a setup problem a restart cannot fix: the supervisor exits with its code.
// - A worker that exits 0 shut down on purpose (a signal): the supervisor exits too.
// - SIGTERM and SIGINT are passed to the worker, which shuts down gracefully; the supervisor exits
//   with it. If the supervisor itself is killed outright, the worker notices its IPC channel close
//   and stops, so no orphan keeps the port.
// Log lines are JSON in pino's shape, beside the worker's own.
import { spawn } from 'node:child_process';
import { clearTimeout, setTimeout } from 'node:timers';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(import.meta.dirname, '..');
export const WORKER = path.join(root, 'build', 'server', 'main.js');

const FIRST_DELAY_MS = 1000;
const MAX_DELAY_MS = 30_000;
/** A worker that ran this long was healthy: the backoff starts again from the first delay. */
const HEALTHY_AFTER_MS = 60_000;

/** The wait before restart number `crashes` in a row (1 for the first). */
export function restartDelay(crashes) {
  return Math.min(MAX_DELAY_MS, FIRST_DELAY_MS * 2 ** Math.max(0, crashes - 1));
}

function log(level, msg, fields = {}) {
  const levels = { info: 30, warn: 40, error: 50 };
  process.stdout.write(`${JSON.stringify({ level: levels[level], time: Date.now(), pid: process.pid, name: 'supervisor', ...fields, msg })}\n`);
}

export function supervise(worker = WORKER) {
  let child = null;
  let stopping = false;
  let everReady = false;
  let crashes = 0;
  let restartTimer = null;

  const start = () => {
    restartTimer = null;
    const startedAt = Date.now();
    child = spawn(process.execPath, [...process.execArgv, worker], { stdio: ['inherit', 'inherit', 'inherit', 'ipc'], env: process.env });
    const pid = child.pid;
    log('info', 'server process started', { worker: pid });
    child.on('message', (m) => {
      if (m && typeof m === 'object' && m.type === 'ready') everReady = true;
    });
    child.on('error', (err) => log('error', 'server process could not be started', { err: err.message }));
    child.on('exit', (code, signal) => {
      child = null;
      if (stopping || code === 0) {
        if (!stopping) log('info', 'server process stopped', { worker: pid });
        process.exit(code ?? (signal ? 1 : 0));
      }
      if (!everReady) {
        log('error', 'the server did not start; not restarting (see the error above)', { worker: pid, code, signal });
        process.exit(code || 1);
      }
      const ranMs = Date.now() - startedAt;
      crashes = ranMs >= HEALTHY_AFTER_MS ? 1 : crashes + 1;
      const delay = restartDelay(crashes);
      log('error', 'server process died; restarting', { worker: pid, code, signal, ranMs, crashesInARow: crashes, restartInMs: delay });
      restartTimer = setTimeout(start, delay);
    });
  };

  const stop = (signal) => {
    if (stopping) return;
    stopping = true;
    log('info', 'stopping', { signal });
    if (restartTimer) clearTimeout(restartTimer);
    if (child) child.kill(signal);
    else process.exit(0);
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
  start();
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) supervise();
