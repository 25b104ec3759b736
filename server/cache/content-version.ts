// A version number for everything the public sees. Any content change (on any instance) bumps it,
// and every cache of public data keys on it, so a stale entry is never served after an edit.
import type { ChangeFeed } from '../realtime/changes';
import { Lru } from './lru';

export const CONTENT_TOPIC = 'content';

export interface ContentVersion {
  readonly current: number;
  /** Call after a committed write to public content. */
  changed(domain: string): Promise<void>;
  onChange(listener: () => void): () => void;
}

export function createContentVersion(feed: ChangeFeed): ContentVersion {
  let version = 1;
  const listeners = new Set<() => void>();
  feed.subscribe(CONTENT_TOPIC, () => {
    version += 1;
    for (const l of listeners) l();
  });
  return {
    get current() {
      return version;
    },
    changed: (domain) => feed.publish(CONTENT_TOPIC, { domain }),
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/**
 * A read-through cache of public data, emptied on every content change. A value computed while a
 * change landed is not kept, so it can never outlive the version it was read under.
 */
export function createContentCache(content: ContentVersion, max = 500) {
  const cache = new Lru<unknown>(max);
  content.onChange(() => cache.clear());
  return async function cached<T>(key: string, compute: () => Promise<T>): Promise<T> {
    const hit = cache.get(key) as T | undefined;
    if (hit !== undefined) return hit;
    const version = content.current;
    const value = await compute();
    if (version === content.current) cache.set(key, value);
    return value;
  };
}
