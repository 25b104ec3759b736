// Receipts (issue 16, Upload Receipts): the retailer confirms a shipment addressed to it — cases
// received and damaged per line (together never more than shipped), a note and one photo or PDF (an
// organisation-scoped attachment). One receipt per shipment; it marks the shipment delivered, and
// an order delivered once nothing of it is still on its way. Retailers hold no ledger: nothing goes
// into stock. A short or damaged line makes the receipt a discrepancy, which the distributor answers
// with a replacement shipment (up to the missing cases, its stock reserved at once and moved like
// any shipment) or a credit note it already issued to this retailer.
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import {
  exceedsShipment,
  missingCases,
  type CreditNoteChoice,
  type ReceiptInput,
  type ReceiptView,
  receiptStatusOf,
  type ReceiptStatus,
  type ResolveReceiptInput,
  type ShipmentAction,
  type ShipmentSide,
} from '../../../shared/schemas/shipments';
import { shipmentActionRefusal, shipmentFacts } from '../../../shared/shipment-actions';
import { plural } from '../../../shared/plural';
import type { Viewer } from '../../auth/authorize';
import { refusalError } from '../../core/action-refusal';
import type { Actor } from '../../core/actor';
import { AppError, isUniqueViolation, notFound, versionConflict } from '../../core/errors';
import type { Db, Tx } from '../../db/client';
import { attachments, invoiceItems, invoices, profiles, receiptItems, receipts, shipmentItems, shipments } from '../../db/schema';
import { recordAudit } from '../audit/service';
import type { InvoiceService } from '../invoices/service';
import { type AttachmentService, type IncomingFile, type StoredFile } from '../attachments/service';
import { moveStock, productNameOf } from '../stock/ledger';
import { deriveDelivered, lockOrders } from './lines';
import type { ShipmentNews } from './notices';
import type { ShipmentRow } from './service';

type ItemRow = typeof shipmentItems.$inferSelect;
type ReceiptRow = typeof receipts.$inferSelect;

interface Touched {
  shipments: Map<number, Pick<ShipmentRow, 'senderId' | 'recipientId'>>;
  orders: Map<number, { buyerId: string; sellerId: string | null }>;
  after: (() => Promise<void>)[];
}

/** What the shipment service lends its receipts: its row reads, side and transition checks, its guarded move and its writer. */
export interface ReceiptContext {
  db: Db;
  now: () => number;
  attachments: AttachmentService;
  invoicing?: Pick<InvoiceService, 'creditForShortfall'>;
  requireRow(id: number, tx?: Db | Tx): Promise<ShipmentRow>;
  sideOf(viewer: Viewer, row: Pick<ShipmentRow, 'senderId' | 'recipientId'>, act?: boolean): Promise<ShipmentSide>;
  transition(action: ShipmentAction, row: ShipmentRow, side: ShipmentSide, version: number | null): unknown;
  guardedMove(
    tx: Tx,
    row: ShipmentRow,
    action: ShipmentAction,
    set: Partial<typeof shipments.$inferInsert>,
    actor: Actor,
    extra?: object,
  ): Promise<ShipmentRow>;
  insertShipment(
    tx: Tx,
    values: { senderId: string; recipientId: string; carrier: string; trackingNumber: string; note: string; replacesReceiptId: number | null },
    lines: { orderId: number; orderItemId: number; productId: number; cases: number; caseSize: number }[],
    actor: Actor,
  ): Promise<ShipmentRow>;
  itemsOf(tx: Db | Tx, shipmentId: number): Promise<ItemRow[]>;
  placers(tx: Db | Tx, shipmentId: number): Promise<(string | null)[]>;
  tradingOrganisation(tx: Tx, organisationId: string): Promise<unknown>;
  write<T>(fn: (tx: Tx, tell: (news: ShipmentNews) => Promise<void>, touched: Touched) => Promise<T>): Promise<T>;
}

const attachmentPath = (id: string) => `/api/attachments/${id}`;

export function createReceipts(ctx: ReceiptContext) {
  const { db } = ctx;

  async function receiptOf(shipmentId: number, tx: Db | Tx = db): Promise<ReceiptRow | null> {
    const [row] = await tx.select().from(receipts).where(eq(receipts.shipmentId, shipmentId));
    return row ?? null;
  }

  /** Checks the lines against what was shipped: every line once, nothing unknown (404), never more received and damaged than shipped. */
  function checkLines(items: ItemRow[], input: ReceiptInput) {
    const byId = new Map(items.map((i) => [i.id, i]));
    for (const l of input.lines) if (!byId.has(l.shipmentItemId)) throw notFound('Shipment line');
    const named = new Set(input.lines.map((l) => l.shipmentItemId));
    const missing = items.filter((i) => !named.has(i.id));
    if (missing.length)
      throw new AppError('receipt_line_missing', 'invalid', 'Say what arrived on every line of the shipment.', {
        details: missing.map((i) => ({ path: 'lines', shipmentItemId: i.id, message: 'Say what arrived on this line.' })),
      });
    const over = input.lines
      .map((l, i) => ({ l, i, item: byId.get(l.shipmentItemId)! }))
      .filter(({ l, item }) => exceedsShipment({ cases: item.cases, casesReceived: l.casesReceived, casesDamaged: l.casesDamaged }));
    if (over.length)
      throw new AppError('receipt_exceeds_shipment', 'invalid', 'A line reports more cases than were shipped.', {
        details: over.map(({ i, item }) => ({
          path: `lines.${i}.casesReceived`,
          shipmentItemId: item.id,
          shippedCases: item.cases,
          message: `Only ${plural(item.cases, 'case')} ${item.cases === 1 ? 'was' : 'were'} shipped on this line: received and damaged together cannot be more.`,
        })),
        hint: 'Count received and damaged cases so that together they are at most what was shipped.',
      });
  }

  async function receive(viewer: Viewer, shipmentId: number, input: ReceiptInput, file: IncomingFile | null, actor: Actor) {
    const first = await ctx.requireRow(shipmentId);
    const side = await ctx.sideOf(viewer, first, true);
    // Every refusal that needs no write comes before the file is stored.
    ctx.transition('receive', first, side, null);
    ctx.attachments.check(file);
    checkLines(await ctx.itemsOf(db, shipmentId), input);
    const stored: StoredFile = await ctx.attachments.store(file);
    try {
      await ctx.write(async (tx, tell, touched) => {
        const [row] = await tx.select().from(shipments).where(eq(shipments.id, shipmentId)).for('update');
        if (!row) throw notFound('Shipment');
        ctx.transition('receive', row, side, null);
        if (await receiptOf(row.id, tx)) throw alreadyReceived();
        const items = await ctx.itemsOf(tx, row.id);
        checkLines(items, input);
        const byId = new Map(items.map((i) => [i.id, i]));
        const counts = input.lines.map((l) => ({ cases: byId.get(l.shipmentItemId)!.cases, casesReceived: l.casesReceived, casesDamaged: l.casesDamaged }));
        const status = receiptStatusOf(counts);
        const attachment = await ctx.attachments.record(tx, stored, { ownerId: row.recipientId, counterpartId: row.senderId }, actor);
        const at = new Date(ctx.now());
        let receipt: ReceiptRow;
        try {
          [receipt] = (await tx
            .insert(receipts)
            .values({
              shipmentId: row.id,
              recipientId: row.recipientId,
              senderId: row.senderId,
              status,
              note: input.note,
              attachmentId: attachment.id,
              receivedBy: actor.userId,
              receivedAt: at,
            })
            .returning()) as [ReceiptRow];
        } catch (err) {
          if (isUniqueViolation(err, 'receipts_shipment_key')) throw alreadyReceived();
          throw err;
        }
        await tx.insert(receiptItems).values(input.lines.map((l) => ({ receiptId: receipt.id, ...l })));
        const missing = counts.reduce((n, c) => n + missingCases(c), 0);
        await recordAudit(tx, actor, {
          action: 'INSERT',
          tableName: 'receipts',
          recordId: receipt.id,
          newValues: { shipmentId: row.id, status, note: input.note || undefined, lines: input.lines, attachmentId: attachment.id, missingCases: missing },
        });
        const after = await ctx.guardedMove(tx, row, 'receive', { deliveredAt: at }, actor, { receiptId: receipt.id, note: input.note || undefined });
        const orderIds = [...new Set(items.map((i) => i.orderId))];
        for (const o of await lockOrders(tx, orderIds)) {
          const moved = await deriveDelivered(tx, o, actor, at, row.number);
          if (moved) touched.orders.set(o.id, moved);
        }
        const text =
          status === 'discrepancy'
            ? `${missing} ${missing === 1 ? 'case' : 'cases'} short or damaged.${input.note ? ` ${input.note}` : ''}`
            : input.note || undefined;
        await tell({ kind: status === 'discrepancy' ? 'discrepancy' : 'received', shipment: after, to: 'sender', people: [row.createdBy], text });
      });
    } catch (err) {
      await ctx.attachments.discard(stored);
      throw err;
    }
    return ctx.requireRow(shipmentId);
  }

  const alreadyReceived = () =>
    new AppError('already_received', 'conflict', 'This shipment has been received already.', { hint: 'Reload the shipment to see its receipt.' });

  /** Per order line, the cases a receipt found missing (shipped − received in good order). */
  async function missingOf(tx: Tx, receiptId: number): Promise<{ orderItemId: number; cases: number }[]> {
    const rows = await tx
      .select({
        orderItemId: shipmentItems.orderItemId,
        cases: shipmentItems.cases,
        casesReceived: receiptItems.casesReceived,
        casesDamaged: receiptItems.casesDamaged,
      })
      .from(receiptItems)
      .innerJoin(shipmentItems, eq(shipmentItems.id, receiptItems.shipmentItemId))
      .where(eq(receiptItems.receiptId, receiptId))
      .orderBy(asc(shipmentItems.id));
    return rows.map((r) => ({ orderItemId: r.orderItemId, cases: missingCases(r) })).filter((l) => l.cases > 0);
  }

  async function resolve(viewer: Viewer, receiptId: number, input: ResolveReceiptInput, actor: Actor): Promise<ShipmentRow> {
    const [first] = await db.select().from(receipts).where(eq(receipts.id, receiptId));
    if (!first) throw notFound('Receipt');
    const side = await ctx.sideOf(viewer, first, true);
    // The shared decision the shipment's page offers its answer from (shared/shipment-actions.ts).
    const decide = (status: ReceiptStatus, shipment: ShipmentRow) =>
      shipmentActionRefusal('resolve', { ...shipmentFacts(shipment, side), receiptStatus: status });
    const wrong = decide(first.status, await ctx.requireRow(first.shipmentId));
    if (wrong?.code === 'wrong_side') throw refusalError(wrong);
    return ctx.write(async (tx, tell, touched) => {
      const [receipt] = await tx.select().from(receipts).where(eq(receipts.id, receiptId)).for('update');
      if (!receipt) throw notFound('Receipt');
      if (receipt.version !== input.version) throw versionConflict('receipt', receipt.version, input.version);
      const refusal = decide(receipt.status, await ctx.requireRow(receipt.shipmentId, tx));
      if (refusal) throw refusalError(refusal);
      await ctx.tradingOrganisation(tx, receipt.senderId);
      const shipment = await ctx.requireRow(receipt.shipmentId, tx);
      const at = new Date(ctx.now());
      const set: Partial<typeof receipts.$inferInsert> = { status: 'resolved', resolution: input.resolution, resolvedBy: actor.userId, resolvedAt: at };
      let replacement: ShipmentRow | null = null;
      if (input.resolution === 'replacement') {
        replacement = await replace(tx, receipt, shipment, input, actor);
        set.replacementShipmentId = replacement.id;
      } else if (input.creditNoteId) {
        const [note] = await tx
          .select({ id: invoices.id })
          .from(invoices)
          .where(
            and(
              eq(invoices.id, input.creditNoteId),
              eq(invoices.kind, 'credit_note'),
              eq(invoices.state, 'issued'),
              eq(invoices.issuerId, receipt.senderId),
              eq(invoices.customerId, receipt.recipientId),
            ),
          );
        // Another issuer's or customer's document, a draft or an invoice: none that answers this receipt.
        if (!note) throw notFound('Credit note');
        // One credit note answers one discrepancy, and only one that credits at least what is missing.
        const [taken] = await tx
          .select({ id: receipts.id })
          .from(receipts)
          .where(and(eq(receipts.creditNoteId, note.id), ne(receipts.id, receipt.id)))
          .limit(1);
        if (taken)
          throw new AppError('credit_note_used', 'conflict', 'That credit note already answers another delivery discrepancy.', {
            hint: 'Issue a credit note for this shortfall instead.',
          });
        const credited = new Map<number, number>();
        for (const line of await tx
          .select({ orderItemId: invoiceItems.orderItemId, cases: invoiceItems.cases })
          .from(invoiceItems)
          .where(eq(invoiceItems.invoiceId, note.id)))
          if (line.orderItemId !== null) credited.set(line.orderItemId, (credited.get(line.orderItemId) ?? 0) + line.cases);
        if ((await missingOf(tx, receipt.id)).some((m) => (credited.get(m.orderItemId) ?? 0) < m.cases))
          throw new AppError('credit_note_short', 'conflict', 'That credit note does not credit every missing or damaged case of this delivery.', {
            hint: 'Issue a credit note for this shortfall instead.',
          });
        set.creditNoteId = note.id;
      } else {
        // A credit note for what is missing (short or damaged), issued now in this transaction.
        if (!ctx.invoicing) throw new AppError('credit_unavailable', 'unavailable', 'Credit notes cannot be issued here.');
        const lines = await missingOf(tx, receipt.id);
        const credit = await ctx.invoicing.creditForShortfall(
          tx,
          { issuerId: receipt.senderId, lines, reason: `Missing or damaged on delivery of ${shipment.number}` },
          actor,
        );
        const first = credit.creditNotes[0];
        if (!first)
          throw new AppError('nothing_invoiced', 'conflict', 'None of the missing lines is on an issued invoice: there is nothing to credit.', {
            hint: 'Send a replacement shipment instead, or issue the invoice first.',
          });
        set.creditNoteId = first.id;
        touched.after.push(credit.announce);
      }
      const [after] = await tx
        .update(receipts)
        .set({ ...set, version: receipt.version + 1 })
        .where(and(eq(receipts.id, receipt.id), eq(receipts.status, 'discrepancy'), eq(receipts.version, receipt.version)))
        .returning();
      if (!after) throw versionConflict('receipt', receipt.version + 1, receipt.version);
      await recordAudit(tx, actor, {
        action: 'UPDATE',
        tableName: 'receipts',
        recordId: receipt.id,
        oldValues: { status: receipt.status, version: receipt.version },
        newValues: {
          status: 'resolved',
          version: after.version,
          resolution: input.resolution,
          creditNoteId: set.creditNoteId,
          replacementShipmentId: replacement?.id,
        },
      });
      const text = replacement ? `Replacement shipment ${replacement.number} is being prepared.` : 'A credit note was issued for what was missing.';
      await tell({ kind: 'resolved', shipment, to: 'recipient', people: [receipt.receivedBy], text });
      if (replacement)
        await tell({
          kind: 'created',
          shipment: replacement,
          to: 'recipient',
          people: [receipt.receivedBy],
          text: `Replaces what was missing from ${shipment.number}.`,
        });
      return replacement ?? shipment;
    });
  }

  /** A replacement shipment for up to the missing cases per line, its stock reserved now (so shipping it moves it like any shipment). */
  async function replace(
    tx: Tx,
    receipt: ReceiptRow,
    shipment: ShipmentRow,
    input: Extract<ResolveReceiptInput, { resolution: 'replacement' }>,
    actor: Actor,
  ): Promise<ShipmentRow> {
    const items = await ctx.itemsOf(tx, shipment.id);
    const byId = new Map(items.map((i) => [i.id, i]));
    const counted = await linesOf(receipt.id, tx);
    const problems: { path: string; message: string; shipmentItemId: number; missingCases: number }[] = [];
    input.lines.forEach((l, i) => {
      const item = byId.get(l.shipmentItemId);
      if (!item) throw notFound('Shipment line');
      const c = counted.get(item.id) ?? { casesReceived: item.cases, casesDamaged: 0 };
      const missing = missingCases({ cases: item.cases, ...c });
      if (l.cases > missing)
        problems.push({
          path: `lines.${i}.cases`,
          shipmentItemId: item.id,
          missingCases: missing,
          message: `At most the ${plural(missing, 'case')} missing on this line.`,
        });
    });
    if (problems.length)
      throw new AppError('replacement_exceeds_missing', 'conflict', 'A replacement sends at most what was missing.', {
        details: problems,
        hint: 'Send again only what arrived short or damaged.',
      });
    // The orders' locks, as every shipment of their lines takes them.
    await lockOrders(
      tx,
      items.map((i) => i.orderId),
    );
    const lines = input.lines
      .map((l) => {
        const item = byId.get(l.shipmentItemId)!;
        return { orderId: item.orderId, orderItemId: item.orderItemId, productId: item.productId, cases: l.cases, caseSize: item.caseSize };
      })
      .sort((a, b) => a.productId - b.productId);
    const created = await ctx.insertShipment(
      tx,
      {
        senderId: shipment.senderId,
        recipientId: shipment.recipientId,
        carrier: input.carrier,
        trackingNumber: input.trackingNumber,
        note: input.note,
        replacesReceiptId: receipt.id,
      },
      lines,
      actor,
    );
    for (const l of lines) {
      try {
        await moveStock(tx, {
          organisationId: shipment.senderId,
          productId: l.productId,
          onHand: 0,
          reserved: l.cases * l.caseSize,
          cause: 'reservation',
          orderId: l.orderId,
          actorId: actor.userId,
          reason: `Replacement ${created.number} for ${shipment.number}`,
        });
      } catch (err) {
        if (err instanceof AppError && err.code === 'insufficient_stock') {
          const name = await productNameOf(tx, l.productId);
          throw new AppError('insufficient_stock', 'conflict', `Not enough stock of ${name} is available for the replacement.`, {
            details: [{ path: 'lines', productId: l.productId, message: `Not enough stock of ${name} available.` }],
            hint: 'Answer with a credit note instead, or wait for stock to arrive.',
          });
        }
        throw err;
      }
    }
    return created;
  }

  async function linesOf(receiptId: number, tx: Db | Tx = db) {
    const rows = await tx.select().from(receiptItems).where(eq(receiptItems.receiptId, receiptId));
    return new Map(rows.map((r) => [r.shipmentItemId, { casesReceived: r.casesReceived, casesDamaged: r.casesDamaged }]));
  }

  return {
    receive,
    resolve,
    linesOf,

    /** Each shipment's receipt standing, for the lists. */
    async statusOf(shipmentIds: number[]) {
      const rows = shipmentIds.length
        ? await db.select({ shipmentId: receipts.shipmentId, status: receipts.status }).from(receipts).where(inArray(receipts.shipmentId, shipmentIds))
        : [];
      return new Map(rows.map((r) => [r.shipmentId, r.status]));
    },

    async viewOf(shipment: ShipmentRow, _side: ShipmentSide): Promise<ReceiptView | null> {
      const row = await receiptOf(shipment.id);
      if (!row) return null;
      const [file] = row.attachmentId ? await db.select().from(attachments).where(eq(attachments.id, row.attachmentId)) : [];
      const ids = [row.receivedBy, row.resolvedBy].filter((x): x is string => !!x);
      const people = ids.length ? await db.select().from(profiles).where(inArray(profiles.id, ids)) : [];
      const name = (id: string | null) => {
        const p = people.find((x) => x.id === id);
        return p ? `${p.firstName} ${p.lastName}`.trim() || null : null;
      };
      const [credit] = row.creditNoteId
        ? await db.select({ id: invoices.id, number: invoices.number }).from(invoices).where(eq(invoices.id, row.creditNoteId))
        : [];
      const [replacement] = row.replacementShipmentId
        ? await db.select({ id: shipments.id, number: shipments.number }).from(shipments).where(eq(shipments.id, row.replacementShipmentId))
        : [];
      return {
        id: row.id,
        status: row.status,
        note: row.note,
        receivedAt: row.receivedAt.toISOString(),
        receivedBy: name(row.receivedBy),
        attachment: file
          ? { id: file.id, filename: file.filename, contentType: file.contentType, sizeBytes: file.sizeBytes, url: attachmentPath(file.id) }
          : null,
        resolution: (row.resolution as ReceiptView['resolution']) ?? null,
        creditNote: credit ?? null,
        replacementShipment: replacement ?? null,
        resolvedAt: row.resolvedAt ? row.resolvedAt.toISOString() : null,
        resolvedBy: name(row.resolvedBy),
        version: row.version,
      };
    },

    /** The shipment a replacement stands in for (through the receipt it answers). */
    async replacedBy(shipment: ShipmentRow) {
      if (shipment.replacesReceiptId === null) return null;
      const [r] = await db
        .select({ receiptId: receipts.id, shipmentId: shipments.id, shipmentNumber: shipments.number })
        .from(receipts)
        .innerJoin(shipments, eq(shipments.id, receipts.shipmentId))
        .where(eq(receipts.id, shipment.replacesReceiptId));
      return r ?? null;
    },

    /** The credit notes the sender issued to this retailer, newest first (what may answer a discrepancy). */
    async creditNoteChoices(shipment: ShipmentRow): Promise<CreditNoteChoice[]> {
      const rows = await db
        .select({ id: invoices.id, number: invoices.number, totalMinor: invoices.totalMinor, currency: invoices.currency, issuedOn: invoices.issuedOn })
        .from(invoices)
        .where(
          and(
            eq(invoices.kind, 'credit_note'),
            eq(invoices.state, 'issued'),
            eq(invoices.issuerId, shipment.senderId),
            eq(invoices.customerId, shipment.recipientId),
            // One that answers another discrepancy already is not offered (resolving refuses it).
            sql`not exists (select 1 from ${receipts} where ${receipts.creditNoteId} = ${invoices.id})`,
          ),
        )
        .orderBy(sql`${invoices.issuedAt} desc nulls last`, asc(invoices.id))
        .limit(50);
      return rows.map((r) => ({ ...r, number: r.number ?? '' }));
    },

    /** Per line of an order, the cases received in good order (over every receipt of its shipments). */
    async receivedPerOrderLine(orderId: number) {
      const rows = await db
        .select({ orderItemId: shipmentItems.orderItemId, received: sql<number>`sum(${receiptItems.casesReceived})::int` })
        .from(receiptItems)
        .innerJoin(shipmentItems, eq(shipmentItems.id, receiptItems.shipmentItemId))
        .where(eq(shipmentItems.orderId, orderId))
        .groupBy(shipmentItems.orderItemId);
      return new Map(rows.map((r) => [r.orderItemId, Number(r.received)]));
    },
  };
}
