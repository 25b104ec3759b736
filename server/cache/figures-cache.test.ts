import { describe, expect, it } from 'vitest';
import type { ChangeFeed, ChangeHandler } from '../realtime/changes';
import { LIVE_TOPIC } from '../realtime/live';
import { createFiguresCache } from './figures-cache';

function feed(): ChangeFeed {
  const handlers = new Map<string, Set<ChangeHandler>>();
  return {
    async publish(topic, data) {
      for (const h of handlers.get(topic) ?? []) h(data);
    },
    async transaction() {
      throw new Error('no database behind this feed');
    },
    async publishFrom() {
      throw new Error('no database behind this feed');
    },
    subscribe(topic, h) {
      const set = handlers.get(topic) ?? new Set();
      handlers.set(topic, set.add(h));
      return () => set.delete(h);
    },
    async close() {},
  };
}

const signal = (...organisationIds: string[]) => ({
  topic: 'order',
  id: 1,
  audiences: organisationIds.map((organisationId) => ({ permission: 'orders:manage', organisationId })),
});

describe('createFiguresCache', () => {
  it('keeps a value per key and organisations until a live signal names one of them', async () => {
    const f = feed();
    const cache = createFiguresCache(f);
    let n = 0;
    const compute = async () => ++n;
    expect(await cache.get('figures', ['a'], compute)).toBe(1);
    expect(await cache.get('figures', ['a'], compute)).toBe(1);
    expect(await cache.get('figures', ['b'], compute)).toBe(2);
    expect(await cache.get('statement', ['a', 'b'], compute)).toBe(3);
    await f.publish(LIVE_TOPIC, signal('a', 'c'));
    expect(await cache.get('figures', ['a'], compute)).toBe(4);
    expect(await cache.get('figures', ['b'], compute)).toBe(2);
    expect(await cache.get('statement', ['a', 'b'], compute)).toBe(5);
  });

  it('never serves a value computed while a signal for its organisation arrived', async () => {
    const f = feed();
    const cache = createFiguresCache(f);
    const stale = cache.get('figures', ['a'], async () => {
      await f.publish(LIVE_TOPIC, signal('a')); // the write commits while the read runs
      return 'before the write';
    });
    expect(await stale).toBe('before the write');
    expect(await cache.get('figures', ['a'], async () => 'after the write')).toBe('after the write');
  });

  it('recomputes after the time limit even without a signal', async () => {
    let clock = 0;
    const cache = createFiguresCache(feed(), { ttlMs: 1_000, now: () => clock });
    let n = 0;
    expect(await cache.get('figures', ['a'], async () => ++n)).toBe(1);
    clock = 999;
    expect(await cache.get('figures', ['a'], async () => ++n)).toBe(1);
    clock = 1_000;
    expect(await cache.get('figures', ['a'], async () => ++n)).toBe(2);
  });
});
