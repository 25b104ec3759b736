// The server as `npm start` runs it: a real process on a real data directory, under its supervisor.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { BUILD_DIR } from '../../server/root';
import { freePorts } from '../support/ports';

const MAIN = path.join(BUILD_DIR, 'server', 'main.js');
const SUPERVISOR = path.resolve(import.meta.dirname, '../../scripts/supervisor.mjs');
const children: ChildProcess[] = [];
afterAll(() => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
});

function start(env: Record<string, string>, script = MAIN) {
  const child = spawn(process.execPath, [script], { env: { ...process.env, LOG_LEVEL: 'warn', HOST: '127.0.0.1', ...env }, stdio: 'pipe' });
  children.push(child);
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

async function waitHealthy(port: number, deadlineMs = 90_000): Promise<void> {
  const until = Date.now() + deadlineMs;
  while (Date.now() < until) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('server did not become healthy');
}

const [port, secondPort, supervisorPort] = (await freePorts(3)) as [number, number, number];

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** The worker's pid: the data directory's lock file names the process holding it. */
const workerPid = (dataDir: string) => Number(readFileSync(path.join(dataDir, 'frolic.pid'), 'utf8'));

/** Waits until a different worker than `previous` holds the directory and answers /healthz. */
async function waitForNewWorker(dataDir: string, previous: number): Promise<number> {
  await expect
    .poll(() => (existsSync(path.join(dataDir, 'frolic.pid')) ? workerPid(dataDir) : previous), { timeout: 60_000, interval: 100 })
    .not.toBe(previous);
  await waitHealthy(supervisorPort);
  return workerPid(dataDir);
}

/**
 * Loaded into the worker only (NODE_OPTIONS reaches the supervisor too): a fault on demand, when
 * the test drops a file named `reject` (an unhandled rejection) or `throw` (an uncaught exception)
 * in the faults directory. It stands in for a bug no one has found yet.
 */
function faultInjector(dir: string): string {
  const file = path.join(dir, 'faults.mjs');
  writeFileSync(
    file,
    `import { existsSync, rmSync } from 'node:fs';
if (process.argv[1]?.endsWith('main.js')) {
  setInterval(() => {
    if (existsSync(${JSON.stringify(path.join(dir, 'reject'))})) {
      rmSync(${JSON.stringify(path.join(dir, 'reject'))});
      void Promise.reject(new Error('test fault: a promise nobody awaited'));
    }
    if (existsSync(${JSON.stringify(path.join(dir, 'throw'))})) {
      rmSync(${JSON.stringify(path.join(dir, 'throw'))});
      throw new Error('test fault: an exception nobody caught');
    }
  }, 100).unref();
}
`,
  );
  return pathToFileURL(file).href;
}

/** Fails with `what` instead of hanging until the test's timeout. */
function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  return Promise.race([promise, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`${what}: nothing after ${ms} ms`)), ms).unref())]);
}

/** Writes one WebSocket frame the server must refuse (unmasked) on /ws/chat, and waits for the close. */
async function refusedFrame(p: number): Promise<void> {
  await new Promise<void>((resolve) => {
    const sock = connect(p, '127.0.0.1', () => {
      sock.write(
        `GET /ws/chat HTTP/1.1\r\nHost: 127.0.0.1:${p}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: ${randomBytes(16).toString('base64')}\r\n\r\n`,
      );
    });
    sock.once('data', () => sock.write(Buffer.from([0x81, 0x02, 0x68, 0x69])));
    sock.on('error', () => undefined);
    sock.on('close', () => resolve());
  });
}

describe('server process', () => {
  it('stops with a message naming a bad configuration value', async () => {
    const { exited, output } = start({ PORT: 'not-a-port', DATA_DIR: mkdtempSync(path.join(tmpdir(), 'frolic-p-')) });
    expect(await exited).toBe(1);
    expect(output()).toMatch(/PORT/);
  });

  /** The directory the first server migrated and seeded, for the supervisor's test to start from. */
  let migrated: string | undefined;

  it('starts on a fresh data directory, refuses a second server on it, and shuts down gracefully', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'frolic-p-'));
    const first = start({ PORT: String(port), DATA_DIR: dataDir });
    await waitHealthy(port);
    expect(existsSync(path.join(dataDir, 'frolic.pid'))).toBe(true);

    const second = start({ PORT: String(secondPort), DATA_DIR: dataDir });
    expect(await second.exited).toBe(1);
    expect(second.output()).toMatch(/in use by process/);

    // A request in flight when SIGTERM arrives still completes.
    const inFlight = fetch(`http://127.0.0.1:${port}/api/products`);
    first.child.kill('SIGTERM');
    expect((await inFlight).status).toBe(200);
    expect(await first.exited).toBe(0);
    expect(existsSync(path.join(dataDir, 'frolic.pid'))).toBe(false);
    migrated = dataDir;
  }, 150_000);

  it('stays up under the supervisor: a refused frame or an unhandled rejection ends nothing; a crash or a killed worker is restarted; SIGTERM stops both; a killed supervisor leaves no orphan', async () => {
    // A second start on the directory above (run alone, a fresh one): what is tested is supervision,
    // and a first start's migrations and seed cost a server start's CPU twice over.
    const dataDir = migrated ?? mkdtempSync(path.join(tmpdir(), 'frolic-p-'));
    const faults = mkdtempSync(path.join(tmpdir(), 'frolic-faults-'));
    const p = supervisorPort;
    const supervisor = start({ PORT: String(p), DATA_DIR: dataDir, NODE_OPTIONS: `--import=${faultInjector(faults)}` }, SUPERVISOR);
    await waitHealthy(p);
    const first = workerPid(dataDir);
    expect(first).not.toBe(supervisor.child.pid);

    // An unmasked frame on the visitor socket: that socket closes, the same worker keeps serving.
    await within(refusedFrame(p), 20_000, 'the refused frame');
    expect((await fetch(`http://127.0.0.1:${p}/healthz`)).status).toBe(200);
    expect(workerPid(dataDir)).toBe(first);

    // A promise nobody awaited is logged at error level; the same worker keeps serving.
    writeFileSync(path.join(faults, 'reject'), '');
    await expect.poll(() => supervisor.output(), { timeout: 10_000 }).toMatch(/"level":50[^\n]*unhandled promise rejection/);
    expect((await fetch(`http://127.0.0.1:${p}/healthz`)).status).toBe(200);
    expect(workerPid(dataDir)).toBe(first);

    // An uncaught exception is logged (fatal) and ends the worker; the supervisor starts another.
    writeFileSync(path.join(faults, 'throw'), '');
    const second = await waitForNewWorker(dataDir, first);
    expect(supervisor.output()).toMatch(/"level":60[^\n]*uncaught exception/);
    expect(supervisor.output()).toMatch(/"name":"supervisor"[^\n]*"code":1[^\n]*"restartInMs":1000[^\n]*server process died; restarting/);

    // The worker killed outright (as the OOM killer would): back within seconds, the crash logged,
    // the wait doubled because it is the second crash in a row.
    process.kill(second, 'SIGKILL');
    const third = await waitForNewWorker(dataDir, second);
    expect(supervisor.output()).toMatch(/"signal":"SIGKILL"[^\n]*"restartInMs":2000[^\n]*server process died; restarting/);
    expect(supervisor.child.exitCode).toBeNull();

    // SIGTERM to the supervisor: the worker shuts down gracefully, both exit 0.
    supervisor.child.kill('SIGTERM');
    expect(await within(supervisor.exited, 60_000, 'the supervisor exiting on SIGTERM')).toBe(0);
    expect(isAlive(third)).toBe(false);
    expect(existsSync(path.join(dataDir, 'frolic.pid'))).toBe(false);

    // The supervisor killed outright: its worker notices and stops, leaving no orphan that holds
    // the port and the data directory.
    const again = start({ PORT: String(p), DATA_DIR: dataDir }, SUPERVISOR);
    await waitHealthy(p);
    const orphan = workerPid(dataDir);
    again.child.kill('SIGKILL');
    await expect.poll(() => isAlive(orphan), { timeout: 30_000 }).toBe(false);
    expect(existsSync(path.join(dataDir, 'frolic.pid'))).toBe(false);
  }, 240_000);

  it('does not restart a server that cannot start (a setup problem), and exits with its code', async () => {
    const { exited, output } = start({ PORT: 'not-a-port', DATA_DIR: mkdtempSync(path.join(tmpdir(), 'frolic-p-')) }, SUPERVISOR);
    expect(await exited).toBe(1);
    expect(output()).toMatch(/PORT/);
    expect(output().match(/server process started/g)).toHaveLength(1);
  });
});
