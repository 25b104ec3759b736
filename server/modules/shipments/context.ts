// What every shipment action works with: the access check and the viewer's side, the rows, the
// sender's trading standing, the write that tells both parties after its commit, the shared decision
// (shared/shipment-actions.ts) before a move and the guarded move itself, and creating a shipment
// with its lines (a new one, or a replacement answering a receipt).
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { invalidShipmentMove, shipmentActionRefusal, shipmentFacts } from '../../../shared/shipment-actions';
import { type ShipmentAction, type ShipmentSide, shipmentTransitionFor } from '../../../shared/schemas/shipments';
import type { Viewer } from '../../auth/authorize';
import { refusalError } from '../../core/action-refusal';
import type { Actor } from '../../core/actor';
import { type AppError, notFound } from '../../core/errors';
import { brandId } from '../../db/brand';
import type { Db, Tx } from '../../db/client';
import { orders, organisations, shipmentItems, shipments } from '../../db/schema';
import { recordAudit } from '../audit';
import {
  actingOrganisation,
  type AfterCommit,
  createAllow,
  createTradeWriter,
  guardedMove,
  partyAudiences,
  refuseMove,
  rowReader,
  tradingOrganisation,
} from '../trade';
import { createShipmentNotices, type ShipmentNews } from './notices';
import { type ItemRow, PERMISSION, SHIPMENT_TOPIC, type ShipmentDeps, type ShipmentRow } from './types';

export function invalidShipmentTransition(action: ShipmentAction, from: ShipmentRow['status']): AppError {
  return refusalError(invalidShipmentMove(action, from), { from, action });
}

export function createShipmentContext(deps: ShipmentDeps) {
  const { db } = deps;
  const now = deps.now ?? Date.now;
  const notices = createShipmentNotices(deps.notifications, deps.mailer, deps.origin);
  const writer = createTradeWriter(deps, SHIPMENT_TOPIC);
  const allow = createAllow(deps.access, 'Shipment');
  const requireRow = rowReader(db, shipments, 'Shipment');

  /**
   * The organisation the viewer ships and receives for: a partner's own; staff holding Order
   * Management over every organisation act for the brand. `act`: for a write (the grant must allow acting).
   */
  async function actingFor(viewer: Viewer, act = false): Promise<string> {
    const scope = await allow(viewer, { permission: PERMISSION, ...(act ? { act: true } : {}) });
    return actingOrganisation(db, viewer, scope, 'Only a member of a partner organisation, or staff for the brand, can ship.');
  }

  /** The viewer's side of a shipment (its organisation — the brand's, for staff — sends or receives it), or not found for anyone else. */
  async function sideOf(viewer: Viewer, row: Pick<ShipmentRow, 'senderId' | 'recipientId'>, act = false): Promise<ShipmentSide> {
    const scope = await allow(viewer, {
      permission: PERMISSION,
      resource: { organisationIds: [row.senderId, row.recipientId] },
      ...(act ? { act: true } : {}),
    });
    const mine = viewer.organisationId ?? (scope === 'any' ? await brandId(db) : null);
    if (mine && mine === row.senderId) return 'sender';
    if (mine && mine === row.recipientId) return 'recipient';
    throw notFound('Shipment');
  }

  /**
   * Runs a write with its news; after the commit the bell entries are announced, both sides' open pages
   * hear of the shipments and orders it touched (`fx`), the stock it moved is announced, and what
   * another service asked to run after the commit (an issued credit note's notices) runs.
   */
  function write<T>(fn: (tx: Tx, tell: (news: ShipmentNews) => Promise<void>, fx: AfterCommit) => Promise<T>): Promise<T> {
    return writer.write((tx, fx) =>
      fn(
        tx,
        async (news) => {
          fx.changed(SHIPMENT_TOPIC, news.shipment.id, partyAudiences(news.shipment.senderId, news.shipment.recipientId));
          fx.told(await notices.tell(tx, news));
        },
        fx,
      ),
    );
  }

  /** The transition `action` takes for `side` from the row's state, or the refusal (wrong side: forbidden; stale version or wrong state: a conflict). */
  function transition(action: ShipmentAction, row: ShipmentRow, side: ShipmentSide, version: number | null) {
    // The shared decision the shipment's page offers its buttons from (shared/shipment-actions.ts).
    refuseMove(shipmentActionRefusal(action, shipmentFacts(row, side)), 'shipment', { current: row.version, sent: version }, () =>
      invalidShipmentTransition(action, row.status),
    );
    return shipmentTransitionFor(action, row.status, side)!;
  }

  /** The guarded update: the shipment moves only if it is still in the state (and version) it was read in. */
  function move(tx: Tx, row: ShipmentRow, action: ShipmentAction, set: Partial<typeof shipments.$inferInsert>, actor: Actor, extra: object = {}) {
    const t = shipmentTransitionFor(action, row.status, action === 'receive' ? 'recipient' : 'sender')!;
    return guardedMove(tx, actor, {
      table: shipments,
      tableName: 'shipments',
      entity: 'shipment',
      row,
      to: t.to,
      set,
      at: new Date(now()),
      audit: { action, ...extra },
      invalid: (from) => invalidShipmentTransition(action, from as ShipmentRow['status']),
    });
  }

  async function itemsOf(tx: Db | Tx, shipmentId: number): Promise<ItemRow[]> {
    return tx.select().from(shipmentItems).where(eq(shipmentItems.shipmentId, shipmentId)).orderBy(asc(shipmentItems.id));
  }

  /** The next number, SH-{year}-{n}: the row's own id from its sequence (unique; gaps do not matter here). */
  async function nextIdAndNumber(tx: Tx): Promise<{ id: number; number: string }> {
    const [row] = await tx.select({ id: sql<number>`nextval(pg_get_serial_sequence('shipments', 'id'))::int` }).from(sql`(select 1) as one`);
    const id = Number(row!.id);
    return { id, number: `SH-${new Date(now()).getUTCFullYear()}-${String(id).padStart(6, '0')}` };
  }

  /** Inserts a shipment (preparing) with its lines and its audit row. */
  async function insertShipment(
    tx: Tx,
    values: { senderId: string; recipientId: string; carrier: string; trackingNumber: string; note: string; replacesReceiptId: number | null },
    lines: { orderId: number; orderItemId: number; productId: number; cases: number; caseSize: number }[],
    actor: Actor,
  ): Promise<ShipmentRow> {
    const { id, number } = await nextIdAndNumber(tx);
    const at = new Date(now());
    const [row] = await tx
      .insert(shipments)
      .values({ id, number, ...values, status: 'preparing', createdBy: actor.userId, createdAt: at, updatedAt: at })
      .returning();
    await tx.insert(shipmentItems).values(lines.map((l) => ({ ...l, shipmentId: id })));
    await recordAudit(tx, actor, {
      action: 'INSERT',
      tableName: 'shipments',
      recordId: id,
      newValues: {
        status: 'preparing',
        number,
        ...values,
        lines: lines.map((l) => ({ orderItemId: l.orderItemId, cases: l.cases })),
      },
    });
    return row!;
  }

  /** Who placed the orders a shipment carries (the buyer's people to email). */
  async function placers(tx: Db | Tx, shipmentId: number): Promise<(string | null)[]> {
    const rows = await tx
      .selectDistinct({ placedBy: orders.placedBy })
      .from(shipmentItems)
      .innerJoin(orders, eq(orders.id, shipmentItems.orderId))
      .where(eq(shipmentItems.shipmentId, shipmentId));
    return rows.map((r) => r.placedBy);
  }

  /** A buyer the sender supplies (an importer of the brand, a distributor of an importer, a retailer of a distributor), or not found: another's buyer does not exist for it. */
  async function ownBuyer(tx: Db | Tx, senderId: string, recipientId: string) {
    const [buyer] = await tx
      .select()
      .from(organisations)
      .where(and(eq(organisations.id, recipientId), eq(organisations.supplierId, senderId), ne(organisations.type, 'brand')));
    if (!buyer) throw notFound('Buyer');
    return buyer;
  }

  return {
    db,
    deps,
    now,
    allow,
    requireRow,
    sideOf,
    /** The sender's organisation, read afresh in the write: it must be able to trade today. */
    tradingOrganisation: (tx: Tx, organisationId: string) => tradingOrganisation(tx, organisationId, now),
    write,
    transition,
    guardedMove: move,
    itemsOf,
    insertShipment,
    placers,
    ownBuyer,
    actingFor,
  };
}

export type ShipmentContext = ReturnType<typeof createShipmentContext>;
