// The server as `npm start` runs it: a real process on a real data directory.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BUILD_DIR } from '../../server/root';

const MAIN = path.join(BUILD_DIR, 'server', 'main.js');
const children: ChildProcess[] = [];
afterAll(() => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
});

function start(env: Record<string, string>) {
  const child = spawn(process.execPath, [MAIN], { env: { ...process.env, LOG_LEVEL: 'warn', HOST: '127.0.0.1', ...env }, stdio: 'pipe' });
  children.push(child);
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

async function waitHealthy(port: number, deadlineMs = 30_000): Promise<void> {
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

const port = 3900 + (process.pid % 80);

describe('server process', () => {
  it('stops with a message naming a bad configuration value', async () => {
    const { exited, output } = start({ PORT: 'not-a-port', DATA_DIR: mkdtempSync(path.join(tmpdir(), 'frolic-p-')) });
    expect(await exited).toBe(1);
    expect(output()).toMatch(/PORT/);
  });

  it('starts on a fresh data directory, refuses a second server on it, and shuts down gracefully', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'frolic-p-'));
    const first = start({ PORT: String(port), DATA_DIR: dataDir });
    await waitHealthy(port);
    expect(existsSync(path.join(dataDir, 'frolic.pid'))).toBe(true);

    const second = start({ PORT: String(port + 1), DATA_DIR: dataDir });
    expect(await second.exited).toBe(1);
    expect(second.output()).toMatch(/in use by process/);

    // A request in flight when SIGTERM arrives still completes.
    const inFlight = fetch(`http://127.0.0.1:${port}/api/products`);
    first.child.kill('SIGTERM');
    expect((await inFlight).status).toBe(200);
    expect(await first.exited).toBe(0);
    expect(existsSync(path.join(dataDir, 'frolic.pid'))).toBe(false);
  }, 60_000);
});
