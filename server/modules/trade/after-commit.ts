// A trade write and what it tells after its commit. Inside the transaction a write stores its bell
// entries and emails (the notices) and names the records whose open pages must hear of it; only once
// the commit succeeded are the bell entries announced, the pages signalled (`{ type: 'changed',
// topic, id }` on the live channel) and the stock a write moved announced — a rolled-back write tells
// no one. Another service's write (a credit note issued inside a cancel or a receipt) collects its
// own news the same way and hands its announcement to the caller to run after that caller's commit.
import { ORDER_TOPIC } from '../../../shared/orders';
import type { Audience } from '../../auth/authorize';
import type { Db, Tx } from '../../db/client';
import type { Live } from '../../realtime/live';
import type { NotificationService, StoredNotification } from '../notifications';
import { announceStock, holdersMoved } from '../stock';

const PERMISSION = 'orders:manage' as const;

/** An order's two sides: its buyer's members and its seller's (the brand's staff for the brand's sales). */
export const orderAudiences = (o: { buyerId: string; sellerId: string }): Audience[] => [
  { permission: PERMISSION, organisationId: o.buyerId },
  // Staff hear the brand's side through their grant over every organisation (the brand's row has no members).
  { permission: PERMISSION, organisationId: o.sellerId },
];

/** Both parties of a document between two organisations (a shipment's, a payment's), each its members holding Order Management. */
export const partyAudiences = (a: string, b: string): Audience[] => [
  { permission: PERMISSION, organisationId: a },
  { permission: PERMISSION, organisationId: b },
];

/** What a write collects inside its transaction for after the commit. */
export interface AfterCommit {
  /** A bell entry the write stored: announced after the commit. */
  told(entry: StoredNotification): void;
  /** A record whose open pages hear of the write after the commit: once per topic and id, the last audiences given. */
  changed(topic: string, id: number | null, audiences: Audience[]): void;
  /** An order the write moved: both its sides' open pages hear of it. */
  orderChanged(order: { id: number; buyerId: string; sellerId: string }): void;
  /** Another service's announcement (its own write inside this one), run last. */
  after(run: () => Promise<void>): void;
}

export interface Collected {
  fx: AfterCommit;
  /** Runs what was collected: the bell entries, then the signals (the service's own topic first), then the stock `moved`, then the others' announcements. */
  announce(moved?: Iterable<string>): Promise<void>;
}

export interface TradeWriterDeps {
  db: Db;
  notifications: NotificationService;
  live?: Live;
}

/** The writer of one trade service, whose own records' signals (`topic`) go out before the orders' and the rest. */
export function createTradeWriter(deps: TradeWriterDeps, topic: string) {
  function collect(): Collected {
    const told: StoredNotification[] = [];
    const signals = new Map<string, Map<number | null, Audience[]>>();
    const afters: (() => Promise<void>)[] = [];
    const changed = (t: string, id: number | null, audiences: Audience[]) => {
      let byId = signals.get(t);
      if (!byId) signals.set(t, (byId = new Map()));
      byId.set(id, audiences);
    };
    return {
      fx: {
        told: (entry) => void told.push(entry),
        changed,
        orderChanged: (o) => changed(ORDER_TOPIC, o.id, orderAudiences(o)),
        after: (run) => void afters.push(run),
      },
      async announce(moved = []) {
        for (const n of told) await deps.notifications.announce(n);
        for (const t of new Set([topic, ORDER_TOPIC, ...signals.keys()]))
          for (const [id, audiences] of signals.get(t) ?? []) await deps.live?.changed({ topic: t, id, audiences });
        await announceStock(deps.db, deps.live, moved);
        for (const run of afters) await run();
      },
    };
  }

  /** Runs `fn` in one transaction; after the commit, what it collected is announced (and the stock it moved). */
  async function write<T>(fn: (tx: Tx, fx: AfterCommit) => Promise<T>): Promise<T> {
    const c = collect();
    let moved: string[] = [];
    const result = await deps.db.transaction(async (tx) => {
      const out = await fn(tx, c.fx);
      moved = holdersMoved(tx);
      return out;
    });
    await c.announce(moved);
    return result;
  }

  return { collect, write };
}

export type TradeWriter = ReturnType<typeof createTradeWriter>;
