// The one change-notification channel: PostgreSQL LISTEN/NOTIFY (in-process on PGlite). Services
// publish what changed; caches, live views and (later) chat fan-out and session revocation subscribe.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database, Tx } from '../db/client';

export const CHANGES_CHANNEL = 'frolic_changes';

interface Envelope {
  topic: string;
  origin: string;
  data?: unknown;
}

export type ChangeHandler = (data: unknown) => void;

/** Queues a change inside `ChangeFeed.transaction`: it goes out if, and when, the transaction commits. */
export type PublishOnCommit = (topic: string, data?: unknown) => void;

export interface ChangeFeed {
  /** Runs local handlers at once (read-your-writes) and notifies every other instance. */
  publish(topic: string, data?: unknown): Promise<void>;
  /**
   * Runs `work` in one transaction of the feed's database; what it publishes there goes out with
   * the commit and only with it. The NOTIFY is the transaction's last statement (PostgreSQL hands it
   * to the other instances at commit, atomically with the data, and drops it on rollback: no commit
   * of its own); this instance's handlers run once the commit has succeeded. A transaction that
   * throws or fails to commit reaches no one.
   */
  transaction<T>(work: (tx: Tx, publish: PublishOnCommit) => Promise<T>): Promise<T>;
  /**
   * Publishes what one statement writes from that statement: a statement is a transaction of its
   * own, so the NOTIFY in it goes out with its commit and never without (the hottest paths: one
   * statement, one round trip, no BEGIN and COMMIT). `run` puts `notify(data)` — a SQL expression;
   * `data` one of the statement's giving the data's JSON text, which may hold what the statement
   * generates (an id) — into its one statement, and answers the statement's result and the data as
   * this instance's handlers are to receive it (none when the statement published nothing). They
   * receive it once `run` succeeded. The expression's text is the same at every call (a prepared
   * statement may hold it).
   */
  publishFrom<T>(topic: string, run: (notify: (data: string) => string) => Promise<{ result: T; data?: unknown }>): Promise<T>;
  subscribe(topic: string, handler: ChangeHandler): () => void;
  close(): Promise<void>;
}

const TOPIC = /^[a-z][a-z0-9._:-]*$/;

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
    async transaction(work) {
      // Serialised as they will be sent; PostgreSQL folds identical notifications of one transaction
      // into one, so this instance delivers each distinct one once as well.
      const queued = new Map<string, Envelope>();
      let open = true;
      const result = await database.db.transaction(async (tx) => {
        const out = await work(tx, (topic, data) => {
          if (!open) throw new Error(`change ${topic} published after its transaction ended`);
          const env: Envelope = { topic, origin, data };
          queued.set(JSON.stringify(env), env);
        });
        open = false;
        if (queued.size) {
          // All of them in one statement, in the order published.
          const payloads = sql.join(
            [...queued.keys()].map((p) => sql`(${p}::text)`),
            sql`, `,
          );
          await tx.execute(sql`select pg_notify(${CHANGES_CHANNEL}, v.p) from (values ${payloads}) as v (p)`);
        }
        return out;
      });
      for (const env of queued.values()) deliver(env.topic, env.data);
      return result;
    },
    async publishFrom(topic, run) {
      // Both go into the statement's text as literals: a topic is a name of the code's, the origin a uuid.
      if (!TOPIC.test(topic)) throw new Error(`Bad change topic: ${topic}`);
      const notify = (data: string) => `pg_notify('${CHANGES_CHANNEL}', '{"topic":"${topic}","origin":"${origin}","data":' || (${data}) || '}')`;
      const { result, data } = await run(notify);
      if (data !== undefined) deliver(topic, data);
      return result;
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
