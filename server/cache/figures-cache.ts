// A distributor's aging and a statement's PDF cost a pass over its invoices and payments (or a PDF
// render) each time; they change only when something of that organisation changes — and every such
// write tells the organisation's open pages on the live channel (`live.changed` with the
// organisation in an audience), on every instance through the change feed. So the figures are kept
// per organisation under a version that each such signal bumps, and keyed by the day (aging moves
// with the date). A version is read before loading, so a read that raced a write is stored under the
// old version and never served after it. A writer that did not signal is seen within `ttlMs`.
import { Lru } from './lru';
import type { ChangeFeed } from '../realtime/changes';
import { LIVE_TOPIC, type LiveSignal } from '../realtime/live';

export interface FiguresCache {
  /** The value for `key` over these organisations' current versions, loading it when absent or older than the TTL. */
  get<T>(key: string, organisations: readonly string[], load: () => Promise<T>): Promise<T>;
  /** Forgets one organisation's figures (its version moves on). */
  bump(organisationId: string): void;
}

export function createFiguresCache(feed: ChangeFeed | undefined, opts: { ttlMs?: number; max?: number; now?: () => number } = {}): FiguresCache {
  const ttl = opts.ttlMs ?? 30_000;
  const now = opts.now ?? Date.now;
  const versions = new Map<string, number>();
  const entries = new Lru<{ at: number; value: unknown }>(opts.max ?? 200);
  const bump = (organisationId: string) => void versions.set(organisationId, (versions.get(organisationId) ?? 0) + 1);
  feed?.subscribe(LIVE_TOPIC, (data) => {
    for (const a of (data as Partial<LiveSignal> | undefined)?.audiences ?? []) if (a.organisationId) bump(a.organisationId);
  });
  return {
    bump,
    async get<T>(key: string, organisations: readonly string[], load: () => Promise<T>): Promise<T> {
      const k = `${key}|${organisations.map((o) => `${o}@${versions.get(o) ?? 0}`).join(',')}`;
      const hit = entries.get(k);
      if (hit && now() - hit.at < ttl) return hit.value as T;
      const at = now();
      const value = await load();
      entries.set(k, { at, value });
      return value;
    },
  };
}
