// The one change-notification channel: PostgreSQL LISTEN/NOTIFY (in-process on PGlite). Services
// publish what changed; caches, live views and (later) chat fan-out and session revocation subscribe.
import { randomUUID } from 'node:crypto';
import type { Database } from '../db/client';

export const CHANGES_CHANNEL = 'frolic_changes';

interface Envelope {
  topic: string;
  origin: string;
  data?: unknown;
}

export type ChangeHandler = (data: unknown) => void;

export interface ChangeFeed {
  /** Runs local handlers at once (read-your-writes) and notifies every other instance. */
  publish(topic: string, data?: unknown): Promise<void>;
  subscribe(topic: string, handler: ChangeHandler): () => void;
  close(): Promise<void>;
}

export async function createChangeFeed(database: Database, log?: { warn: (o: object, m: string) => void }): Promise<ChangeFeed> {
  const origin = randomUUID();
  const handlers = new Map<string, Set<ChangeHandler>>();
  const deliver = (topic: string, data: unknown) => {
    for (const h of handlers.get(topic) ?? []) {
      try {
        h(data);
      } catch (err) {
        log?.warn({ err, topic }, 'change handler failed');
      }
    }
  };
  const unlisten = await database.listen(CHANGES_CHANNEL, (raw) => {
    let env: Envelope;
    try {
      env = JSON.parse(raw) as Envelope;
    } catch {
      return;
    }
    if (env.origin !== origin) deliver(env.topic, env.data);
  });
  return {
    async publish(topic, data) {
      deliver(topic, data);
      const env: Envelope = { topic, origin, data };
      await database.notify(CHANGES_CHANNEL, JSON.stringify(env));
    },
    subscribe(topic, handler) {
      let set = handlers.get(topic);
      if (!set) handlers.set(topic, (set = new Set()));
      set.add(handler);
      return () => set.delete(handler);
    },
    async close() {
      await unlisten();
    },
  };
}
