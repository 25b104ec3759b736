// A per-organisation cache of derived figures (a dashboard's order counts), exact by eviction: every
// live signal (server/realtime/live.ts) of a watched topic evicts the organisations its audiences
// name — on this instance at once, on the others through the change feed. A value computed while a
// signal arrived is not kept (the generation moved on), so a slow read never stores stale figures;
// a time limit bounds what a missed signal could cost.
import type { Audience } from '../auth/authorize';
import { LIVE_TOPIC, type LiveSignal } from '../realtime/live';
import type { ChangeFeed } from '../realtime/changes';
import { Lru } from './lru';

export interface OrganisationCache<T> {
  get(organisationId: string, compute: () => Promise<T>): Promise<T>;
  /** Drops what is kept for these organisations (also done by the signals). */
  evict(organisationIds: readonly string[]): void;
  close(): void;
}

export function createOrganisationCache<T>(
  feed: ChangeFeed | undefined,
  options: { topics: readonly string[]; ttlMs?: number; max?: number; now?: () => number },
): OrganisationCache<T> {
  const now = options.now ?? Date.now;
  const ttl = options.ttlMs ?? 60_000;
  const kept = new Lru<{ value: T; at: number }>(options.max ?? 5_000);
  const generations = new Map<string, number>();
  const generation = (id: string) => generations.get(id) ?? 0;
  const evict = (ids: readonly string[]) => {
    for (const id of ids) {
      generations.set(id, (generations.get(id) ?? 0) + 1);
      kept.delete(id);
    }
  };
  const stop = feed?.subscribe(LIVE_TOPIC, (data) => {
    const signal = data as Partial<LiveSignal> | null;
    if (!signal?.topic || !options.topics.includes(signal.topic)) return;
    const ids = (signal.audiences ?? []).map((a: Audience) => a.organisationId).filter((x): x is string => !!x);
    evict(ids);
  });
  return {
    async get(id, compute) {
      const hit = kept.get(id);
      if (hit && now() - hit.at < ttl) return hit.value;
      const before = generation(id);
      const value = await compute();
      if (generation(id) === before) kept.set(id, { value, at: now() });
      return value;
    },
    evict,
    close() {
      stop?.();
    },
  };
}
