import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

const dataDir = () => mkdtempSync(path.join(tmpdir(), 'frolic-cfg-'));

describe('configuration', () => {
  it('has safe defaults', () => {
    const cfg = loadConfig({ DATA_DIR: dataDir() });
    expect(cfg.PORT).toBe(3000);
    expect(cfg.DATABASE_URL).toBeUndefined();
    expect(cfg.SESSION_SECRET.length).toBeGreaterThanOrEqual(32);
    // The spec's per-address limits, raised only when a benchmark asks.
    expect([cfg.AUTH_RATE_LIMIT, cfg.CHAT_STARTS_PER_IP]).toEqual([20, 20]);
    expect(loadConfig({ DATA_DIR: dataDir(), CHAT_STARTS_PER_IP: '20000' }).CHAT_STARTS_PER_IP).toBe(20_000);
    // Load shedding: by event-loop delay on; by requests in flight off (a slow sender could fill it).
    expect([cfg.OVERLOAD_MAX_LAG_MS, cfg.OVERLOAD_MAX_IN_FLIGHT]).toEqual([1000, 0]);
  });

  it('keeps a generated session secret across restarts', () => {
    const dir = dataDir();
    expect(loadConfig({ DATA_DIR: dir }).SESSION_SECRET).toBe(loadConfig({ DATA_DIR: dir }).SESSION_SECRET);
  });

  it('stops with a message naming a bad variable', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ SESSION_SECRET: 'short' })).toThrow(/SESSION_SECRET/);
    expect(() => loadConfig({ OVERLOAD_MAX_IN_FLIGHT: '-1' })).toThrow(/OVERLOAD_MAX_IN_FLIGHT/);
  });
});
