// A version number for everything the public sees. Any content change (on any instance) bumps it,
// and every cache of public data keys on it, so a stale entry is never served after an edit.
import type { ChangeFeed } from '../realtime/changes';

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
