import { describe, expect, it } from 'vitest';
import type { ChangeFeed, ChangeHandler } from '../realtime/changes';
import { LIVE_TOPIC } from '../realtime/live';
import { createOrganisationCache } from './organisation-cache';

function feed(): ChangeFeed {
  const handlers = new Map<string, Set<ChangeHandler>>();
  return {
    async publish(topic, data) {
      for (const h of handlers.get(topic) ?? []) h(data);
    },
    subscribe(topic, h) {
      const set = handlers.get(topic) ?? new Set();
      handlers.set(topic, set.add(h));
      return () => set.delete(h);
    },
    async close() {},
  };
}

const signal = (topic: string, ...organisationIds: string[]) => ({
  topic,
  id: 1,
  audiences: organisationIds.map((organisationId) => ({ permission: 'orders:manage', organisationId })),
});

describe('createOrganisationCache', () => {
  it('keeps a value per organisation until a signal of its topic names that organisation', async () => {
    const f = feed();
    const cache = createOrganisationCache<number>(f, { topics: ['order'] });
    let n = 0;
    const compute = async () => ++n;
    expect(await cache.get('a', compute)).toBe(1);
    expect(await cache.get('a', compute)).toBe(1);
    expect(await cache.get('b', compute)).toBe(2);
    await f.publish(LIVE_TOPIC, signal('stock', 'a')); // another topic: kept
    expect(await cache.get('a', compute)).toBe(1);
    await f.publish(LIVE_TOPIC, signal('order', 'a', 'c'));
    expect(await cache.get('a', compute)).toBe(3);
    expect(await cache.get('b', compute)).toBe(2);
  });

  it('does not keep a value computed while a signal for its organisation arrived', async () => {
    const f = feed();
    const cache = createOrganisationCache<string>(f, { topics: ['order'] });
    const stale = cache.get('a', async () => {
      await f.publish(LIVE_TOPIC, signal('order', 'a')); // the write commits while the read runs
      return 'before the write';
    });
    expect(await stale).toBe('before the write');
    expect(await cache.get('a', async () => 'after the write')).toBe('after the write');
  });

  it('recomputes after the time limit even without a signal', async () => {
    let clock = 0;
    const cache = createOrganisationCache<number>(feed(), { topics: ['order'], ttlMs: 1_000, now: () => clock });
    let n = 0;
    expect(await cache.get('a', async () => ++n)).toBe(1);
    clock = 999;
    expect(await cache.get('a', async () => ++n)).toBe(1);
    clock = 1_000;
    expect(await cache.get('a', async () => ++n)).toBe(2);
  });
});
