// Invoices and credit notes (product.md §3, issue 16). A seller — a distributor for its retailers —
// invoices one customer's approved orders: a draft (no number) it may discard, or straight away; at
// issue the number comes from the gapless counter per issuer, kind and year (a row locked in the same
// short transaction), the parties, terms and credit limit are copied, the orders move approved →
// invoiced by the orders' own guarded transition, and the customer is told (bell, email with the
// PDF). An issued invoice never changes: corrections are credit notes, numbered the same way, which
// raise the invoice's credited amount in their transaction. Both parties read it (a customer never
// sees a draft), staff holding Order Management too; anyone else gets a 404.
import { INVOICEABLE } from '../../../shared/orders';
import { and, asc, eq, inArray, isNull, notExists, sql } from 'drizzle-orm';
import { outstandingMinor } from '../../../shared/invoicing';
import { addDays } from '../../../shared/invoice-totals';
import { STANDING_REFUSAL, standingOf, todayUtc } from '../../../shared/partners';
import { type InvoiceAction, invoiceActionRefusal, invoiceActions, type InvoiceFacts } from '../../../shared/invoice-actions';
import type { AccessNeed } from '../../../shared/policy';
import type { CreditNoteInput, DraftStepInput, InvoiceListQuery, InvoiceOrdersInput } from '../../../shared/schemas/invoices';
import { documentNumber } from '../../../shared/invoicing';
import { type Access, serviceRefusal, type Viewer } from '../../auth/authorize';
import type { Actor } from '../../core/actor';
import { refusalError } from '../../core/action-refusal';
import { AppError, isUniqueViolation, notFound, versionConflict } from '../../core/errors';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { invoiceItems, invoiceOrders, invoices, orders, organisations, type InvoiceParty } from '../../db/schema';
import type { Mailer } from '../../mail/mailer';
import type { Live } from '../../realtime/live';
import { recordAudit } from '../audit/service';
import type { NotificationService, StoredNotification } from '../notifications/service';
import { advanceOrder, ORDER_TOPIC, type OrderRow } from '../orders/service';
import { creditedOn, type CreditLine, type InvoiceRow, organisationOf, partyOf, type PreparedInvoice, prepareInvoice, writeCreditNote } from './documents';
import { createInvoiceLists, invoiceSummary, type InvoiceSummary } from './list';
import { createInvoiceNotices, type InvoiceNews } from './notices';
import { nextDocumentSequence } from './numbers';
import { type PrintableDocument, renderInvoicePdf } from './pdf';
import { statusInSentence } from '../../../shared/status-labels';

/** The live channel's topic for an invoice or a credit note. */
export const INVOICE_TOPIC = 'invoice';

export interface InvoiceDeps {
  db: Db;
  access: Access;
  notifications: NotificationService;
  mailer: Mailer;
  live?: Live;
  origin: string;
  now?: () => number;
}

/** Which door: a partner's own routes, or staff's (Order Management over every organisation, reading only). */
export type InvoiceChannel = 'partner' | 'staff';
export type InvoiceSide = 'issuer' | 'customer' | 'staff';

export interface InvoiceLine {
  id: number;
  orderId: number | null;
  orderItemId: number | null;
  description: string;
  cases: number;
  caseSize: number;
  unitPriceMinor: number;
  lineTotalMinor: number;
  /** An invoice's line: cases its credit notes took back so far. */
  creditedCases: number;
}

export interface InvoiceDetail extends InvoiceSummary {
  side: InvoiceSide;
  actions: InvoiceAction[];
  version: number;
  issuerParty: InvoiceParty;
  customerParty: InvoiceParty;
  subtotalMinor: number;
  taxRateBp: number;
  taxMinor: number;
  paymentTermsDays: number;
  creditLimitMinor: number;
  reason: string;
  issuedAt: string | null;
  orders: { id: number; number: string }[];
  items: InvoiceLine[];
  creditNotes: { id: number; number: string | null; issuedOn: string | null; totalMinor: number; reason: string }[];
}

export interface InvoicePreview {
  customer: { id: string; name: string };
  currency: string;
  orders: { id: number; number: string }[];
  lines: { orderId: number; description: string; cases: number; caseSize: number; unitPriceMinor: number; lineTotalMinor: number }[];
  subtotalMinor: number;
  taxRateBp: number;
  taxMinor: number;
  totalMinor: number;
  paymentTermsDays: number;
  /** The due date if it were issued today. */
  dueOn: string;
}

export interface InvoiceableOrder {
  id: number;
  number: string;
  currency: string;
  totalMinor: number;
  submittedAt: string | null;
}

export interface InvoiceableCustomer {
  id: string;
  name: string;
  orders: InvoiceableOrder[];
}

/** Credit notes written inside another module's transaction, and how to tell people after its commit. */
export interface CreditResult {
  creditNotes: { id: number; number: string; invoiceId: number; invoiceNumber: string; totalMinor: number }[];
  /** Lines with no issued invoice to credit (shipped before they were invoiced). */
  uncredited: { orderItemId: number; cases: number }[];
  announce: () => Promise<void>;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function createInvoiceService(deps: InvoiceDeps) {
  const { db, access } = deps;
  const now = deps.now ?? Date.now;
  const notices = createInvoiceNotices(deps.notifications, deps.mailer, deps.origin);
  const listInvoices = createInvoiceLists(db);

  async function allow(viewer: Viewer | null, need: AccessNeed): Promise<'any' | 'own'> {
    const d = await access.decide(viewer, need);
    if (d.allowed) return d.scope === 'own' ? 'own' : 'any';
    throw serviceRefusal(d, 'Invoice');
  }

  async function requireRow(id: number, tx: DbOrTx = db, lock = false): Promise<InvoiceRow> {
    const q = tx.select().from(invoices).where(eq(invoices.id, id));
    const [row] = lock ? await q.for('update') : await q;
    if (!row) throw notFound('Invoice');
    return row;
  }

  /**
   * The viewer's side of a document, or a 404: a partner is its issuer or its customer (never of a
   * draft); staff reading through their own routes hold Order Management over every organisation.
   */
  async function sideOf(viewer: Viewer, row: InvoiceRow, channel: InvoiceChannel, act = false): Promise<InvoiceSide> {
    if (channel === 'staff') {
      if ((await allow(viewer, { permission: 'orders:manage' })) !== 'any') throw new AppError('forbidden', 'forbidden', 'You may not do this.');
      return 'staff';
    }
    await allow(viewer, { permission: 'orders:manage', resource: { organisationIds: [row.issuerId, row.customerId] }, ...(act ? { act: true } : {}) });
    if (viewer.organisationId && viewer.organisationId === row.issuerId) return 'issuer';
    if (viewer.organisationId && viewer.organisationId === row.customerId && row.state === 'issued') return 'customer';
    throw notFound('Invoice');
  }

  /** The issuer's side for a write: a customer (or staff) may read but not change it. */
  /** The facts the shared decision reads: the invoice's state, what is owed on it, whether a case is still uncredited. */
  function invoiceFacts(
    row: InvoiceRow,
    side: InvoiceSide,
    items: { cases: number; orderItemId: number | null }[],
    credited: Awaited<ReturnType<typeof creditedOn>> | null,
  ): InvoiceFacts {
    return {
      side,
      kind: row.kind,
      state: row.state,
      number: row.number,
      outstandingMinor: outstandingMinor(row),
      creditable: items.some((i) => i.cases > (credited?.cases.get(i.orderItemId ?? -1) ?? 0)),
    };
  }

  /** Refuses `action` unless the shared decision allows it on `row` (read under its lock) for the issuer. */
  async function decide(tx: Tx, action: InvoiceAction, row: InvoiceRow): Promise<void> {
    const items = await tx
      .select({ cases: invoiceItems.cases, orderItemId: invoiceItems.orderItemId })
      .from(invoiceItems)
      .where(eq(invoiceItems.invoiceId, row.id));
    const credited = row.kind === 'invoice' ? await creditedOn(tx, row.id) : null;
    const refusal = invoiceActionRefusal(action, invoiceFacts(row, 'issuer', items, credited));
    if (refusal) throw refusalError(refusal);
  }

  async function issuerOf(viewer: Viewer, row: InvoiceRow): Promise<void> {
    const side = await sideOf(viewer, row, 'partner', true);
    if (side !== 'issuer') throw new AppError('wrong_side', 'forbidden', 'Only the issuer can do this.');
  }

  /** The viewer's organisation, able to trade today (read afresh in the write). */
  async function tradingIssuer(tx: Tx, viewer: Viewer) {
    const issuerId = viewer.organisationId;
    if (!issuerId) throw new AppError('no_organisation', 'forbidden', 'Only a member of a partner organisation can invoice.');
    const [org] = await tx.select().from(organisations).where(eq(organisations.id, issuerId)).for('share');
    if (!org) throw notFound('Organisation');
    const standing = standingOf(org, todayUtc(now()));
    if (standing !== 'active') {
      const why = STANDING_REFUSAL[standing];
      throw new AppError(why.code, 'forbidden', why.message);
    }
    return org;
  }

  // ---- Telling people -------------------------------------------------------------------------

  interface Told {
    stored: StoredNotification[];
    documents: Map<number, Pick<InvoiceRow, 'issuerId' | 'customerId' | 'state'>>;
    orders: Map<number, Pick<OrderRow, 'buyerId' | 'sellerId'>>;
  }
  const newTold = (): Told => ({ stored: [], documents: new Map(), orders: new Map() });

  /** After the commit: the bell entries are pushed, and both parties' open pages hear of the documents and orders. */
  function announcer(told: Told) {
    return async () => {
      for (const n of told.stored) await deps.notifications.announce(n);
      for (const [id, d] of told.documents)
        await deps.live?.changed({
          topic: INVOICE_TOPIC,
          id,
          audiences: [
            { permission: 'orders:manage', organisationId: d.issuerId },
            ...(d.state === 'issued' ? [{ permission: 'orders:manage' as const, organisationId: d.customerId }] : []),
            { permission: 'orders:manage' },
          ],
        });
      for (const [id, o] of told.orders)
        await deps.live?.changed({
          topic: ORDER_TOPIC,
          id,
          audiences: [
            { permission: 'orders:manage', organisationId: o.buyerId },
            o.sellerId ? { permission: 'orders:manage', organisationId: o.sellerId } : { permission: 'orders:manage' },
          ],
        });
    };
  }

  async function tell(tx: DbOrTx, told: Told, news: InvoiceNews) {
    told.stored.push(await notices.tell(tx, news));
  }

  /** Runs a write; after the commit, what it told is announced. */
  async function write<T>(fn: (tx: Tx, told: Told) => Promise<T>): Promise<T> {
    const told = newTold();
    const result = await db.transaction((tx) => fn(tx, told));
    await announcer(told)();
    return result;
  }

  // ---- Drafts and issuing ---------------------------------------------------------------------

  async function insertDraft(tx: Tx, issuerId: string, p: PreparedInvoice, actor: Actor, at: Date): Promise<InvoiceRow> {
    const [row] = await tx
      .insert(invoices)
      .values({
        kind: 'invoice',
        state: 'draft',
        issuerId,
        customerId: p.customer.id,
        currency: p.currency,
        subtotalMinor: p.subtotalMinor,
        taxRateBp: p.taxRateBp,
        taxMinor: p.taxMinor,
        totalMinor: p.totalMinor,
        paymentTermsDays: p.paymentTermsDays,
        creditLimitMinor: p.creditLimitMinor,
        createdBy: actor.userId,
        createdAt: at,
        updatedAt: at,
      })
      .returning();
    const draft = row!;
    try {
      await tx.insert(invoiceOrders).values(p.orders.map((o) => ({ invoiceId: draft.id, orderId: o.id })));
    } catch (err) {
      // Another invoice took one of the orders since they were checked.
      if (isUniqueViolation(err, 'invoice_orders_order_key')) throw new AppError('order_already_invoiced', 'conflict', 'An order can be on one invoice only.');
      throw err;
    }
    await writeLines(tx, draft.id, p);
    await recordAudit(tx, actor, {
      action: 'INSERT',
      tableName: 'invoices',
      recordId: draft.id,
      newValues: { state: 'draft', customerId: p.customer.id, orders: p.orders.map((o) => o.number), totalMinor: p.totalMinor },
    });
    return draft;
  }

  async function writeLines(tx: Tx, invoiceId: number, p: PreparedInvoice) {
    await tx.delete(invoiceItems).where(eq(invoiceItems.invoiceId, invoiceId));
    if (p.lines.length)
      await tx.insert(invoiceItems).values(
        p.lines.map((l) => ({
          invoiceId,
          orderId: l.orderId,
          orderItemId: l.orderItemId,
          productId: l.productId,
          description: l.description,
          cases: l.cases,
          caseSize: l.caseSize,
          unitPriceMinor: l.unitPriceMinor,
          lineTotalMinor: l.lineTotalMinor,
        })),
      );
  }

  /**
   * Issues the draft `row` (locked) with `p` read afresh in this transaction: the orders move approved
   * → invoiced (the orders' guarded transition), the lines and the terms as they stand now, the
   * parties copied, and — last, so its row lock is held for a few statements only — the number.
   */
  async function issueIn(
    tx: Tx,
    row: InvoiceRow,
    p: PreparedInvoice,
    issuer: typeof organisations.$inferSelect,
    actor: Actor,
    told: Told,
    opts: { freshLines: boolean },
  ): Promise<InvoiceRow> {
    const at = new Date(now());
    for (const o of p.orders) {
      // The orders' own transition (approved → invoiced, the seller's), read under this transaction's row lock;
      // an order shipped or delivered before it was invoiced keeps its state.
      if (o.status !== 'approved' && INVOICEABLE.includes(o.status)) continue;
      const moved = await advanceOrder(tx, o, 'invoice', 'seller', actor, at, {}, { invoiceId: row.id });
      if (!moved)
        throw new AppError(
          'order_not_approved',
          'conflict',
          `Order ${o.number} is ${statusInSentence(o.status)}: only approved, shipped or delivered orders can be invoiced.`,
        );
      told.orders.set(moved.id, moved);
    }
    // A draft made earlier gets its lines as they stand now; one made in this transaction has them.
    if (!opts.freshLines) await writeLines(tx, row.id, p);
    const issuedOn = todayUtc(at.getTime());
    const year = at.getUTCFullYear();
    const sequence = await nextDocumentSequence(tx, row.issuerId, 'invoice', year);
    const number = documentNumber('invoice', year, sequence);
    const [after] = await tx
      .update(invoices)
      .set({
        state: 'issued',
        number,
        year,
        sequence,
        currency: p.currency,
        subtotalMinor: p.subtotalMinor,
        taxRateBp: p.taxRateBp,
        taxMinor: p.taxMinor,
        totalMinor: p.totalMinor,
        paymentTermsDays: p.paymentTermsDays,
        creditLimitMinor: p.creditLimitMinor,
        issuedOn,
        dueOn: addDays(issuedOn, p.paymentTermsDays),
        issuer: partyOf(issuer),
        customer: partyOf(p.customer),
        issuedBy: actor.userId,
        issuedAt: at,
        emailedAt: at,
        version: row.version + 1,
        updatedAt: at,
      })
      .where(and(eq(invoices.id, row.id), eq(invoices.state, 'draft'), eq(invoices.version, row.version)))
      .returning();
    if (!after) throw versionConflict('invoice', row.version + 1, row.version);
    await recordAudit(tx, actor, {
      action: 'UPDATE',
      tableName: 'invoices',
      recordId: row.id,
      oldValues: { state: 'draft', version: row.version },
      newValues: {
        state: 'issued',
        version: after.version,
        number,
        orders: p.orders.map((o) => o.number),
        totalMinor: after.totalMinor,
        dueOn: after.dueOn,
      },
    });
    await tell(tx, told, { doc: after, to: 'customer', from: issuer.tradingName });
    told.documents.set(after.id, after);
    return after;
  }

  async function draftOrders(tx: DbOrTx, invoiceId: number): Promise<number[]> {
    const rows = await tx
      .select({ id: invoiceOrders.orderId })
      .from(invoiceOrders)
      .where(eq(invoiceOrders.invoiceId, invoiceId))
      .orderBy(asc(invoiceOrders.orderId));
    return rows.map((r) => r.id);
  }

  // ---- Credit notes ----------------------------------------------------------------------------

  /** A credit note written in `tx`, with its news for the customer (and for the issuer when `alsoIssuer`). */
  async function creditIn(
    tx: Tx,
    invoice: InvoiceRow,
    lines: CreditLine[],
    reason: string,
    actor: Actor,
    cause: 'correction' | 'order_cancelled' | 'shortfall',
    told: Told,
  ): Promise<InvoiceRow> {
    const { note, paidOrders } = await writeCreditNote(tx, invoice, lines, reason, actor, new Date(now()), cause);
    for (const o of paidOrders) told.orders.set(o.id, o);
    const [issuer, customer] = await Promise.all([organisationOf(tx, invoice.issuerId), organisationOf(tx, invoice.customerId)]);
    await tell(tx, told, { doc: note, credits: invoice.number, to: 'customer', from: issuer.tradingName });
    // The issuer hears of a credit note it did not write itself (its customer cancelled an order).
    if (cause === 'order_cancelled') await tell(tx, told, { doc: note, credits: invoice.number, to: 'issuer', from: customer.tradingName });
    told.documents.set(note.id, note);
    told.documents.set(invoice.id, invoice);
    return note;
  }

  // ---- Reading ---------------------------------------------------------------------------------

  async function detail(row: InvoiceRow, side: InvoiceSide): Promise<InvoiceDetail> {
    const today = todayUtc(now());
    const [items, onOrders, notes, issuerOrg, customerOrg, creditsRow] = await Promise.all([
      db.select().from(invoiceItems).where(eq(invoiceItems.invoiceId, row.id)).orderBy(asc(invoiceItems.id)),
      db
        .select({ id: orders.id, number: orders.number })
        .from(invoiceOrders)
        .innerJoin(orders, eq(orders.id, invoiceOrders.orderId))
        .where(eq(invoiceOrders.invoiceId, row.id))
        .orderBy(asc(orders.id)),
      db
        .select()
        .from(invoices)
        .where(and(eq(invoices.creditsInvoiceId, row.id), eq(invoices.kind, 'credit_note')))
        .orderBy(asc(invoices.id)),
      organisationOf(db, row.issuerId),
      organisationOf(db, row.customerId),
      row.creditsInvoiceId ? requireRow(row.creditsInvoiceId) : Promise.resolve(null),
    ]);
    const credited = row.kind === 'invoice' ? await creditedOn(db, row.id) : null;
    // The shared decision the server checks before each step (shared/invoice-actions.ts).
    const actions = invoiceActions(invoiceFacts(row, side, items, credited));
    const issuerParty = row.issuer ?? partyOf(issuerOrg);
    const customerParty = row.customer ?? partyOf(customerOrg);
    return {
      ...invoiceSummary(
        row,
        { issuerName: issuerParty.tradingName, customerName: customerParty.tradingName, creditsNumber: creditsRow?.number ?? null },
        today,
      ),
      side,
      actions,
      version: row.version,
      issuerParty,
      customerParty,
      subtotalMinor: row.subtotalMinor,
      taxRateBp: row.taxRateBp,
      taxMinor: row.taxMinor,
      paymentTermsDays: row.paymentTermsDays,
      creditLimitMinor: row.creditLimitMinor,
      reason: row.reason,
      issuedAt: iso(row.issuedAt),
      orders: onOrders,
      items: items.map((i) => ({
        id: i.id,
        orderId: i.orderId,
        orderItemId: i.orderItemId,
        description: i.description,
        cases: i.cases,
        caseSize: i.caseSize,
        unitPriceMinor: i.unitPriceMinor,
        lineTotalMinor: i.lineTotalMinor,
        creditedCases: credited?.cases.get(i.orderItemId ?? -1) ?? 0,
      })),
      creditNotes: notes.map((n) => ({ id: n.id, number: n.number, issuedOn: n.issuedOn, totalMinor: n.totalMinor, reason: n.reason })),
    };
  }

  /** The stored document as printed (issued documents only). */
  async function printable(row: InvoiceRow): Promise<PrintableDocument> {
    if (row.state !== 'issued' || !row.number || !row.issuedOn || !row.dueOn || !row.issuer || !row.customer)
      throw new AppError('invoice_not_issued', 'conflict', 'A draft has no PDF: issue it first.');
    const [items, onOrders, creditsRow] = await Promise.all([
      db.select().from(invoiceItems).where(eq(invoiceItems.invoiceId, row.id)).orderBy(asc(invoiceItems.id)),
      db
        .select({ number: orders.number })
        .from(invoiceOrders)
        .innerJoin(orders, eq(orders.id, invoiceOrders.orderId))
        .where(eq(invoiceOrders.invoiceId, row.id))
        .orderBy(asc(orders.id)),
      row.creditsInvoiceId ? requireRow(row.creditsInvoiceId) : Promise.resolve(null),
    ]);
    return {
      kind: row.kind,
      number: row.number,
      issuedOn: row.issuedOn,
      dueOn: row.dueOn,
      currency: row.currency,
      issuer: row.issuer,
      customer: row.customer,
      lines: items,
      subtotalMinor: row.subtotalMinor,
      taxRateBp: row.taxRateBp,
      taxMinor: row.taxMinor,
      totalMinor: row.totalMinor,
      paymentTermsDays: row.paymentTermsDays,
      orders: onOrders.map((o) => o.number),
      credits: creditsRow?.number ?? null,
      reason: row.reason,
    };
  }

  async function renderStored(id: number): Promise<{ filename: string; bytes: Buffer }> {
    const row = await requireRow(id);
    const doc = await printable(row);
    return { filename: `${doc.number}.pdf`, bytes: await renderInvoicePdf(doc) };
  }

  // The email's attachment is rendered when it is sent, from the same stored document.
  deps.mailer.registerAttachment('invoice_pdf', async (id) => (await renderStored(Number(id))).bytes);

  const partnerIssuer = async (viewer: Viewer) => {
    await allow(viewer, { permission: 'orders:manage', act: true });
    const issuerId = viewer.organisationId;
    if (!issuerId) throw new AppError('no_organisation', 'forbidden', 'Only a member of a partner organisation can invoice.');
    return issuerId;
  };

  return {
    /** The viewer's customers with approved orders on no invoice: what Generate Invoice offers. */
    async invoiceable(viewer: Viewer): Promise<InvoiceableCustomer[]> {
      await allow(viewer, { permission: 'orders:manage' });
      const mine = viewer.organisationId;
      if (!mine) return [];
      const rows = await db
        .select({ order: orders, name: organisations.tradingName })
        .from(orders)
        .innerJoin(organisations, eq(organisations.id, orders.buyerId))
        .where(
          and(
            eq(orders.sellerId, mine),
            inArray(orders.status, [...INVOICEABLE]),
            notExists(
              db
                .select({ one: sql`1` })
                .from(invoiceOrders)
                .where(eq(invoiceOrders.orderId, orders.id)),
            ),
          ),
        )
        .orderBy(asc(organisations.tradingName), asc(orders.id))
        .limit(1000);
      const byCustomer = new Map<string, InvoiceableCustomer>();
      for (const { order, name } of rows) {
        const c = byCustomer.get(order.buyerId) ?? { id: order.buyerId, name, orders: [] };
        c.orders.push({ id: order.id, number: order.number, currency: order.currency, totalMinor: order.totalMinor, submittedAt: iso(order.submittedAt) });
        byCustomer.set(order.buyerId, c);
      }
      return [...byCustomer.values()];
    },

    /** What an invoice of these orders would say if issued now (nothing is written, no number is taken). */
    async preview(viewer: Viewer, input: InvoiceOrdersInput): Promise<InvoicePreview> {
      const issuerId = await partnerIssuer(viewer);
      const p = await prepareInvoice(db, issuerId, input);
      return {
        customer: { id: p.customer.id, name: p.customer.tradingName },
        currency: p.currency,
        orders: p.orders.map((o) => ({ id: o.id, number: o.number })),
        lines: p.lines.map(({ orderId, description, cases, caseSize, unitPriceMinor, lineTotalMinor }) => ({
          orderId,
          description,
          cases,
          caseSize,
          unitPriceMinor,
          lineTotalMinor,
        })),
        subtotalMinor: p.subtotalMinor,
        taxRateBp: p.taxRateBp,
        taxMinor: p.taxMinor,
        totalMinor: p.totalMinor,
        paymentTermsDays: p.paymentTermsDays,
        dueOn: addDays(todayUtc(now()), p.paymentTermsDays),
      };
    },

    /** A draft: the orders are held for it (no other invoice takes them), no number yet. */
    async createDraft(viewer: Viewer, input: InvoiceOrdersInput, actor: Actor): Promise<InvoiceDetail> {
      await partnerIssuer(viewer);
      const row = await write(async (tx, told) => {
        const issuer = await tradingIssuer(tx, viewer);
        const p = await prepareInvoice(tx, issuer.id, input, { lock: true });
        const draft = await insertDraft(tx, issuer.id, p, actor, new Date(now()));
        told.documents.set(draft.id, draft);
        return draft;
      });
      return detail(row, 'issuer');
    },

    /** Issues a draft: numbered now, with the orders, lines and terms as they stand now. */
    async issue(viewer: Viewer, id: number, input: DraftStepInput, actor: Actor): Promise<InvoiceDetail> {
      await issuerOf(viewer, await requireRow(id));
      const row = await write(async (tx, told) => {
        const issuer = await tradingIssuer(tx, viewer);
        const draft = await requireRow(id, tx, true);
        await decide(tx, 'issue', draft);
        if (draft.version !== input.version) throw versionConflict('invoice', draft.version, input.version);
        const p = await prepareInvoice(tx, draft.issuerId, { orderIds: await draftOrders(tx, id), customerId: draft.customerId }, { lock: true, draftId: id });
        return issueIn(tx, draft, p, issuer, actor, told, { freshLines: false });
      });
      return detail(row, 'issuer');
    },

    /** Invoices the orders at once: the draft and its issue in one transaction (Generate Invoice's button). */
    async issueFromOrders(viewer: Viewer, input: InvoiceOrdersInput, actor: Actor): Promise<InvoiceDetail> {
      await partnerIssuer(viewer);
      const row = await write(async (tx, told) => {
        const issuer = await tradingIssuer(tx, viewer);
        const p = await prepareInvoice(tx, issuer.id, input, { lock: true });
        const draft = await insertDraft(tx, issuer.id, p, actor, new Date(now()));
        return issueIn(tx, draft, p, issuer, actor, told, { freshLines: true });
      });
      return detail(row, 'issuer');
    },

    /** Discards a draft (its orders are free again); an issued invoice is never discarded. */
    async discard(viewer: Viewer, id: number, input: DraftStepInput, actor: Actor): Promise<void> {
      await issuerOf(viewer, await requireRow(id));
      await write(async (tx, told) => {
        const draft = await requireRow(id, tx, true);
        await decide(tx, 'discard', draft);
        if (draft.version !== input.version) throw versionConflict('invoice', draft.version, input.version);
        await tx.delete(invoices).where(and(eq(invoices.id, id), eq(invoices.state, 'draft')));
        await recordAudit(tx, actor, {
          action: 'DELETE',
          tableName: 'invoices',
          recordId: id,
          oldValues: { state: 'draft', customerId: draft.customerId, totalMinor: draft.totalMinor },
        });
        told.documents.set(id, draft);
      });
    },

    /** A credit note on an issued invoice of the viewer's: lines of it (cases), and why. */
    async issueCreditNote(viewer: Viewer, invoiceId: number, input: CreditNoteInput, actor: Actor): Promise<InvoiceDetail> {
      await issuerOf(viewer, await requireRow(invoiceId));
      const note = await write(async (tx, told) => {
        await tradingIssuer(tx, viewer);
        const invoice = await requireRow(invoiceId, tx, true);
        await decide(tx, 'credit', invoice);
        const items = await tx.select().from(invoiceItems).where(eq(invoiceItems.invoiceId, invoiceId));
        const byId = new Map(items.map((i) => [i.id, i]));
        const lines = input.lines.map((l, n) => {
          const item = byId.get(l.invoiceItemId);
          if (!item) throw notFound('Invoice line');
          return { item, cases: l.cases, path: `lines.${n}.cases` };
        });
        return creditIn(tx, invoice, lines, input.reason, actor, 'correction', told);
      });
      return detail(note, 'issuer');
    },

    /** Locks the issued invoice billing `orderId` (none: nothing), before a cancel locks the order. */
    async lockInvoiceOfOrder(tx: Tx, orderId: number): Promise<void> {
      await tx
        .select({ id: invoices.id })
        .from(invoices)
        .innerJoin(invoiceOrders, eq(invoiceOrders.invoiceId, invoices.id))
        .where(and(eq(invoiceOrders.orderId, orderId), eq(invoices.state, 'issued'), eq(invoices.kind, 'invoice')))
        .for('update', { of: invoices });
    },

    /**
     * Cancelling an invoiced order (the orders service calls this in its cancel transaction): a credit
     * note for what is still uncredited of the order's lines on its invoice. More than is still owed
     * on the invoice is refused (409 `credit_exceeds_outstanding`), and with it the cancel.
     */
    async creditCancelledOrder(tx: Tx, order: OrderRow, reason: string, actor: Actor): Promise<() => Promise<void>> {
      const told = newTold();
      const [on] = await tx
        .select({ id: invoices.id })
        .from(invoiceOrders)
        .innerJoin(invoices, eq(invoices.id, invoiceOrders.invoiceId))
        .where(and(eq(invoiceOrders.orderId, order.id), eq(invoices.state, 'issued'), eq(invoices.kind, 'invoice')));
      if (!on) return announcer(told);
      const invoice = await requireRow(on.id, tx, true);
      const credited = await creditedOn(tx, invoice.id);
      const items = await tx
        .select()
        .from(invoiceItems)
        .where(and(eq(invoiceItems.invoiceId, invoice.id), eq(invoiceItems.orderId, order.id)))
        .orderBy(asc(invoiceItems.id));
      const lines = items.flatMap((item, n) => {
        const left = item.cases - (credited.cases.get(item.orderItemId ?? -1) ?? 0);
        return left > 0 ? [{ item, cases: left, path: `lines.${n}.cases` }] : [];
      });
      if (lines.length) await creditIn(tx, invoice, lines, `Order ${order.number} cancelled: ${reason}`, actor, 'order_cancelled', told);
      return announcer(told);
    },

    /**
     * A credit note for a shortfall or damage a receipt found (shipments call this in their own
     * transaction): per order line, the cases to take back, grouped into one credit note per issued
     * invoice of `issuerId`. Lines on no issued invoice are answered in `uncredited`.
     */
    async creditForShortfall(
      tx: Tx,
      input: { issuerId: string; lines: { orderItemId: number; cases: number }[]; reason: string },
      actor: Actor,
    ): Promise<CreditResult> {
      const told = newTold();
      const ids = input.lines.map((l) => l.orderItemId);
      const items = ids.length
        ? await tx
            .select({ item: invoiceItems })
            .from(invoiceItems)
            .innerJoin(invoices, eq(invoices.id, invoiceItems.invoiceId))
            .where(
              and(
                inArray(invoiceItems.orderItemId, ids),
                eq(invoices.kind, 'invoice'),
                eq(invoices.state, 'issued'),
                eq(invoices.issuerId, input.issuerId),
                isNull(invoices.creditsInvoiceId),
              ),
            )
            .orderBy(asc(invoiceItems.invoiceId), asc(invoiceItems.id))
        : [];
      const byOrderItem = new Map(items.map(({ item }) => [item.orderItemId, item]));
      const groups = new Map<number, CreditLine[]>();
      const uncredited: { orderItemId: number; cases: number }[] = [];
      input.lines.forEach((l, n) => {
        const item = byOrderItem.get(l.orderItemId);
        if (!item || l.cases <= 0) {
          if (l.cases > 0) uncredited.push(l);
          return;
        }
        const g = groups.get(item.invoiceId) ?? [];
        g.push({ item, cases: l.cases, path: `lines.${n}.cases` });
        groups.set(item.invoiceId, g);
      });
      const creditNotes: CreditResult['creditNotes'] = [];
      // Invoices in id order, so two receipts crediting the same invoices lock them alike.
      for (const invoiceId of [...groups.keys()].sort((a, b) => a - b)) {
        const invoice = await requireRow(invoiceId, tx, true);
        const note = await creditIn(tx, invoice, groups.get(invoiceId)!, input.reason, actor, 'shortfall', told);
        creditNotes.push({ id: note.id, number: note.number!, invoiceId, invoiceNumber: invoice.number!, totalMinor: note.totalMinor });
      }
      return { creditNotes, uncredited, announce: announcer(told) };
    },

    async get(viewer: Viewer, id: number, channel: InvoiceChannel): Promise<InvoiceDetail> {
      const row = await requireRow(id);
      return detail(row, await sideOf(viewer, row, channel));
    },

    async list(viewer: Viewer, query: InvoiceListQuery, channel: InvoiceChannel): Promise<{ items: InvoiceSummary[]; next: string | null }> {
      const scope = await allow(viewer, { permission: 'orders:manage' });
      const today = todayUtc(now());
      if (channel === 'staff') {
        if (scope !== 'any') throw new AppError('forbidden', 'forbidden', 'You may not do this.');
        return listInvoices({ staff: true }, query, today);
      }
      if (!viewer.organisationId) return { items: [], next: null };
      return listInvoices({ organisationId: viewer.organisationId }, query, today);
    },

    /** The PDF of an issued document, for either party or staff (another's is a 404). */
    async pdf(viewer: Viewer, id: number, channel: InvoiceChannel): Promise<{ filename: string; bytes: Buffer }> {
      const row = await requireRow(id);
      await sideOf(viewer, row, channel);
      return renderStored(id);
    },

    renderStored,
  };
}

export type InvoiceService = ReturnType<typeof createInvoiceService>;
