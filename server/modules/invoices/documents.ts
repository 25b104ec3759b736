// The invoice's building blocks inside a transaction: the parties as printed, an invoice's lines and
// totals from one customer's approved orders (every refusal with its stable code), and a credit note
// written against an invoice — checked against what is still invoiced and still owed, numbered from
// the gapless counter, and the invoice's `credited_minor` moved in the same transaction.
import { INVOICEABLE } from '../../../shared/orders';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { defaultTerms } from '../../../shared/partners';
import { creditNoteTotals, lineTotalMinor, MAX_AMOUNT_MINOR } from '../../../shared/invoice-totals';
import {
  creditedDuty,
  creditedTotals,
  defaultDutyTreatment,
  type DutyTreatment,
  type TaxLine,
  type VatBreakdownRow,
  type VatCategory,
} from '../../../shared/tax';
import { documentNumber, outstandingMinor } from '../../../shared/invoicing';
import type { InvoiceOrdersInput } from '../../../shared/schemas/invoices';
import type { Actor } from '../../core/actor';
import { AppError, notFound, type ErrorKind } from '../../core/errors';
import type { DbOrTx, Tx } from '../../db/client';
import { type InvoiceParty, invoiceItems, invoiceOrders, invoices, orderItems, orders, organisations, products, tradeTerms } from '../../db/schema';
import { recordAudit } from '../audit';
import { documentTax } from '../tax';
import { nextDocumentSequence } from './numbers';
import { payOrdersOfInvoices, type PaidOrder } from '../orders';
import { plural } from '../../../shared/plural';
import { statusInSentence } from '../../../shared/status-labels';

export type InvoiceRow = typeof invoices.$inferSelect;
export type InvoiceItemRow = typeof invoiceItems.$inferSelect;
type OrgRow = typeof organisations.$inferSelect;
type OrderRow = typeof orders.$inferSelect;

/**
 * An organisation as a document prints it: its registered address, licence and VAT number; as the
 * `seller`, also the bank details its customers pay to (a full VAT invoice names both, issue 44).
 */
export function partyOf(org: OrgRow, role: 'seller' | 'buyer' = 'buyer'): InvoiceParty {
  return {
    legalName: org.legalName,
    tradingName: org.tradingName,
    licenceNumber: org.licenceNumber,
    licenceJurisdiction: org.licenceJurisdiction,
    addressLines: [org.addressLine1, org.addressLine2, [org.city, org.region, org.postalCode].filter(Boolean).join(', ')].filter((l) => l.trim() !== ''),
    country: org.country,
    vatNumber: org.vatNumber,
    ...(org.peppolId ? { endpoint: { scheme: org.peppolScheme, id: org.peppolId } } : {}),
    address: { line1: org.addressLine1, line2: org.addressLine2, city: org.city, region: org.region, postalCode: org.postalCode },
    ...(role === 'seller' ? { bankAccountName: org.bankAccountName, bankAccount: org.bankAccount, bankBic: org.bankBic } : {}),
  };
}

export async function organisationOf(tx: DbOrTx, id: string): Promise<OrgRow> {
  const [org] = await tx.select().from(organisations).where(eq(organisations.id, id));
  if (!org) throw notFound('Organisation');
  return org;
}

export interface DraftLine {
  orderId: number;
  orderItemId: number;
  productId: number;
  description: string;
  cases: number;
  caseSize: number;
  unitPriceMinor: number;
  /** The net: cases × case size × per-bottle price. */
  lineTotalMinor: number;
  /** What the duty is computed from: the bottle and its strength, and the rate used (null: none charged). */
  volumeMl: number;
  abvTenths: number;
  dutyPerHlpaMinor: number | null;
  dutyMinor: number;
  vatCategory: VatCategory;
  vatRateBp: number;
}

export interface PreparedInvoice {
  customer: OrgRow;
  orders: OrderRow[];
  lines: DraftLine[];
  currency: string;
  /** Legacy (layout 1's flat rate): the VAT rate when the invoice has one category, else 0. */
  taxRateBp: number;
  paymentTermsDays: number;
  creditLimitMinor: number;
  /** The sum of the line nets. */
  subtotalMinor: number;
  dutyMinor: number;
  /** The VAT: the sum of the breakdown's. */
  taxMinor: number;
  /** subtotal + duty + VAT. */
  totalMinor: number;
  vatBreakdown: VatBreakdownRow[];
  dutyTreatment: DutyTreatment;
  taxPoint: string;
  /** Whether a tax rule used is a labelled example (the preview says so). */
  exampleRates: boolean;
}

const problem = (code: string, kind: ErrorKind, message: string, details: { path: string; message: string; code?: string }[], hint?: string) =>
  new AppError(code, kind, message, { details, ...(hint ? { hint } : {}) });

/**
 * An invoice of `issuerId` for the orders named: each must exist and be sold by the issuer (else not
 * found, as a foreign id), belong to one customer (invalid: `mixed_customers`), be approved (a
 * conflict: `order_not_approved`) and on no other invoice, draft or issued (a conflict:
 * `order_already_invoiced`). Lines are the orders' lines with cases, the case size and per-bottle
 * price copied; payment days and credit limit are the customer's terms now (its market's defaults
 * when it has none). Tax is the tax module's (server/modules/tax): the issuer sells to the customer,
 * duty as the relationship treats it (the terms' `duty_treatment`, the customer type's default
 * without terms), the rules in force on `taxPoint` (the issue date; today for a draft or a preview) —
 * refused with its code (`no_vat_rule`, `no_excise_rule` …) when a rule is missing.
 * `lock` takes the orders' rows for the rest of the transaction (in id order, so issuers lock alike);
 * `draftId` is the draft being issued, whose own orders are not "on another invoice".
 */
export async function prepareInvoice(
  tx: DbOrTx,
  issuerId: string,
  input: InvoiceOrdersInput,
  opts: { taxPoint: string; lock?: boolean; draftId?: number },
): Promise<PreparedInvoice> {
  const query = tx.select().from(orders).where(inArray(orders.id, input.orderIds)).orderBy(asc(orders.id));
  const found = opts.lock ? await query.for('update') : await query;
  const byId = new Map(found.map((o) => [o.id, o]));
  const named = input.orderIds.map((id) => {
    const o = byId.get(id);
    if (!o || o.sellerId !== issuerId) throw notFound('Order');
    return o;
  });
  const customerId = input.customerId ?? named[0]!.buyerId;
  const mixed = named.flatMap((o, i) => (o.buyerId === customerId ? [] : [{ path: `orderIds.${i}`, message: `Order ${o.number} is another customer's.` }]));
  if (mixed.length) throw problem('mixed_customers', 'invalid', 'One invoice bills the orders of one customer.', mixed, 'Invoice each customer separately.');

  const taken = await tx
    .select({ orderId: invoiceOrders.orderId, invoiceId: invoiceOrders.invoiceId, state: invoices.state, number: invoices.number })
    .from(invoiceOrders)
    .innerJoin(invoices, eq(invoices.id, invoiceOrders.invoiceId))
    .where(inArray(invoiceOrders.orderId, input.orderIds));
  const takenBy = new Map(taken.filter((t) => t.invoiceId !== opts.draftId).map((t) => [t.orderId, t]));
  const refused = named.flatMap((o, i) => {
    const on = takenBy.get(o.id);
    if (on)
      return [
        {
          path: `orderIds.${i}`,
          code: 'order_already_invoiced',
          message: on.number ? `Order ${o.number} is on invoice ${on.number}.` : `Order ${o.number} is on a draft invoice.`,
        },
      ];
    if (!INVOICEABLE.includes(o.status))
      return [
        {
          path: `orderIds.${i}`,
          code: 'order_not_approved',
          message: `Order ${o.number} is ${statusInSentence(o.status)}: only approved, shipped or delivered orders can be invoiced.`,
        },
      ];
    return [];
  });
  if (refused.length) {
    const code = refused[0]!.code;
    throw problem(
      code,
      'conflict',
      code === 'order_already_invoiced' ? 'An order can be on one invoice only.' : 'Only approved orders can be invoiced.',
      refused,
      'Reload the page to see which orders can be invoiced.',
    );
  }

  const customer = await organisationOf(tx, customerId);
  const [terms] = await tx.select().from(tradeTerms).where(eq(tradeTerms.customerId, customerId));
  const fallback = defaultTerms(customer.market);
  const currency = terms?.currency ?? fallback.currency;
  const wrongCurrency = named.flatMap((o, i) =>
    o.currency === currency ? [] : [{ path: `orderIds.${i}`, message: `Order ${o.number} is in ${o.currency}, the customer's terms in ${currency}.` }],
  );
  if (wrongCurrency.length) throw problem('currency_mismatch', 'conflict', "Every order must be in the currency of the customer's terms.", wrongCurrency);

  const items = await tx
    .select({ item: orderItems, name: products.name, volumeMl: products.volumeMl, abvTenths: products.abvTenths })
    .from(orderItems)
    .innerJoin(products, eq(products.id, orderItems.productId))
    .where(and(inArray(orderItems.orderId, input.orderIds), sql`${orderItems.cases} > 0`))
    .orderBy(asc(orderItems.orderId), asc(orderItems.id));
  // Lines in the order the orders were named, each order's lines as it lists them.
  const position = new Map(input.orderIds.map((id, i) => [id, i]));
  items.sort((a, b) => position.get(a.item.orderId)! - position.get(b.item.orderId)! || a.item.id - b.item.id);
  const tooLarge = () =>
    problem('invoice_too_large', 'invalid', 'This invoice adds up to more than one invoice can hold: invoice fewer orders at once.', [
      { path: 'orderIds', message: 'Invoice fewer orders at once.' },
    ]);
  // Before any arithmetic on them: a line beyond what an amount column holds.
  if (items.some(({ item }) => lineTotalMinor(item.cases, item.caseSize, item.unitPriceMinor) > MAX_AMOUNT_MINOR)) throw tooLarge();

  const issuer = await organisationOf(tx, issuerId);
  const dutyTreatment = terms?.dutyTreatment ?? defaultDutyTreatment(customer.type);
  const tax = await documentTax(tx, {
    seller: issuer,
    buyer: customer,
    dutyTreatment,
    taxPoint: opts.taxPoint,
    currency,
    lines: items.map(({ item, name, volumeMl, abvTenths }) => ({
      cases: item.cases,
      caseSize: item.caseSize,
      unitPriceMinor: item.unitPriceMinor,
      volumeMl,
      abvTenths,
      description: name,
    })),
  });
  const lines: DraftLine[] = items.map(({ item, name, volumeMl, abvTenths }, i) => {
    const taxed = tax.lines[i]!;
    return {
      orderId: item.orderId,
      orderItemId: item.id,
      productId: item.productId,
      description: name,
      cases: item.cases,
      caseSize: item.caseSize,
      unitPriceMinor: item.unitPriceMinor,
      lineTotalMinor: taxed.netMinor,
      volumeMl,
      abvTenths,
      dutyPerHlpaMinor: taxed.dutyPerHlpaMinor,
      dutyMinor: taxed.dutyMinor,
      vatCategory: taxed.category,
      vatRateBp: taxed.rateBp,
    };
  });
  if (tax.totalMinor > MAX_AMOUNT_MINOR) throw tooLarge();
  return {
    customer,
    orders: named,
    lines,
    currency,
    taxRateBp: tax.breakdown.length === 1 ? tax.breakdown[0]!.rateBp : 0,
    paymentTermsDays: terms?.paymentTermsDays ?? fallback.paymentTermsDays,
    creditLimitMinor: terms?.creditLimitMinor ?? fallback.creditLimitMinor,
    subtotalMinor: tax.subtotalMinor,
    dutyMinor: tax.dutyMinor,
    taxMinor: tax.vatMinor,
    totalMinor: tax.totalMinor,
    vatBreakdown: tax.breakdown,
    dutyTreatment,
    taxPoint: opts.taxPoint,
    exampleRates: tax.exampleRates,
  };
}

/**
 * What the credit notes of an invoice took back so far: per order line (cases), in total (subtotal
 * and tax, layout 1's arithmetic), and per VAT category and rate (the bases and VAT of their
 * breakdowns, layout 2's).
 */
export async function creditedOn(tx: DbOrTx, invoiceId: number) {
  const notes = await tx
    .select({ subtotal: invoices.subtotalMinor, tax: invoices.taxMinor, id: invoices.id, breakdown: invoices.vatBreakdown })
    .from(invoices)
    .where(and(eq(invoices.creditsInvoiceId, invoiceId), eq(invoices.kind, 'credit_note')));
  const cases = new Map<number, number>();
  if (notes.length) {
    const rows = await tx
      .select({ orderItemId: invoiceItems.orderItemId, cases: sql<number>`sum(${invoiceItems.cases})::int` })
      .from(invoiceItems)
      .where(
        inArray(
          invoiceItems.invoiceId,
          notes.map((n) => n.id),
        ),
      )
      .groupBy(invoiceItems.orderItemId);
    for (const r of rows) if (r.orderItemId !== null) cases.set(r.orderItemId, Number(r.cases));
  }
  const byCategory = new Map<string, Pick<VatBreakdownRow, 'category' | 'rateBp' | 'basisMinor' | 'vatMinor'>>();
  for (const row of notes.flatMap((n) => n.breakdown)) {
    const key = `${row.category}:${row.rateBp}`;
    const sum = byCategory.get(key) ?? { category: row.category, rateBp: row.rateBp, basisMinor: 0, vatMinor: 0 };
    sum.basisMinor += row.basisMinor;
    sum.vatMinor += row.vatMinor;
    byCategory.set(key, sum);
  }
  return {
    cases,
    subtotalMinor: notes.reduce((s, n) => s + n.subtotal, 0),
    taxMinor: notes.reduce((s, n) => s + n.tax, 0),
    vat: [...byCategory.values()],
  };
}

type Credited = Awaited<ReturnType<typeof creditedOn>>;

/** A credit note's line: the invoice line it takes back `cases` of, and what it takes back. */
interface NoteLine extends CreditLine {
  lineTotalMinor: number;
  dutyMinor: number;
}

/**
 * A credit note's lines and totals. It reverses what it credits, never re-reading the rules: each
 * line the invoice line's categories, rate and duty rate. Layout 2: per line the duty that keeps the
 * credits of the line adding up to its duty (shared/tax.ts creditedDuty), per category the VAT that
 * keeps them adding up to the invoice's (creditedTotals). Layout 1 (an invoice issued before issue
 * 44): today's arithmetic exactly, one flat rate on the subtotal (creditNoteTotals).
 */
function creditNoteOf(invoice: InvoiceRow, lines: CreditLine[], credited: Credited) {
  // Cases credited before each line (earlier notes, and earlier lines of this one on the same order line).
  const before = new Map(credited.cases);
  const noteLines: NoteLine[] = lines.map((l) => {
    const key = l.item.orderItemId ?? -1;
    const casesBefore = before.get(key) ?? 0;
    before.set(key, casesBefore + l.cases);
    const { item } = l;
    const dutyMinor =
      invoice.layoutVersion >= 2 && item.dutyPerHlpaMinor !== null && item.volumeMl !== null && item.abvTenths !== null
        ? creditedDuty(
            {
              volumeMl: item.volumeMl,
              caseSize: item.caseSize,
              abvTenths: item.abvTenths,
              dutyPerHlpaMinor: item.dutyPerHlpaMinor,
              cases: item.cases,
              dutyMinor: item.dutyMinor,
            },
            casesBefore,
            l.cases,
          )
        : 0;
    return { ...l, lineTotalMinor: lineTotalMinor(l.cases, item.caseSize, item.unitPriceMinor), dutyMinor };
  });
  if (invoice.layoutVersion < 2) {
    const totals = creditNoteTotals(
      noteLines.map((l) => l.lineTotalMinor),
      invoice.taxRateBp,
      credited,
    );
    return { lines: noteLines, totals: { ...totals, dutyMinor: 0, vatBreakdown: [] as VatBreakdownRow[] } };
  }
  const taxLines: TaxLine[] = noteLines.map((l) => ({
    netMinor: l.lineTotalMinor,
    dutyMinor: l.dutyMinor,
    category: l.item.vatCategory as VatCategory,
    rateBp: l.item.vatRateBp,
  }));
  const notes = Object.fromEntries(invoice.vatBreakdown.map((b) => [b.category, b.note]));
  const t = creditedTotals(taxLines, credited.vat, notes);
  return {
    lines: noteLines,
    totals: { subtotalMinor: t.subtotalMinor, dutyMinor: t.dutyMinor, taxMinor: t.vatMinor, totalMinor: t.totalMinor, vatBreakdown: t.breakdown },
  };
}

export interface CreditLine {
  item: InvoiceItemRow;
  cases: number;
  /** Where a refusal about this line points (`lines.0.cases`). */
  path: string;
}

/**
 * Writes a credit note against `invoice` (locked by the caller: `for update`) inside `tx`: at most
 * the cases each line still has uncredited (a conflict: `credit_exceeds_invoiced`), at most what is
 * still owed (a conflict: `credit_exceeds_outstanding`; the table's check is the backstop), numbered
 * CN-… from the gapless counter, the invoice's credited amount moved by a guarded update, both
 * audited. A note that settles what was left of a part-paid invoice moves its orders to paid, as its
 * last payment would have (the orders' locks after the invoice's, the order payments take them in);
 * an invoice credited in full with nothing paid leaves them where they are: nothing was paid.
 */
export async function writeCreditNote(
  tx: Tx,
  invoice: InvoiceRow,
  lines: CreditLine[],
  reason: string,
  actor: Actor,
  at: Date,
  cause: 'correction' | 'order_cancelled' | 'shortfall',
): Promise<{ note: InvoiceRow; paidOrders: PaidOrder[] }> {
  if (invoice.kind !== 'invoice') throw new AppError('not_an_invoice', 'conflict', 'A credit note credits an invoice, not another credit note.');
  if (invoice.state !== 'issued') throw new AppError('invoice_not_issued', 'conflict', 'Only an issued invoice can be credited: discard the draft instead.');
  const credited = await creditedOn(tx, invoice.id);
  const over = lines.flatMap((l) => {
    const left = l.item.cases - (credited.cases.get(l.item.orderItemId ?? -1) ?? 0);
    return l.cases > left
      ? [
          {
            path: l.path,
            message: left > 0 ? `At most ${plural(left, 'case')} of this line ${left === 1 ? 'is' : 'are'} left to credit.` : 'This line is fully credited.',
          },
        ]
      : [];
  });
  if (over.length)
    throw new AppError('credit_exceeds_invoiced', 'conflict', 'A credit note cannot take back more cases than were invoiced.', { details: over });
  const { lines: creditLines, totals } = creditNoteOf(invoice, lines, credited);
  const owed = outstandingMinor(invoice);
  if (totals.totalMinor > owed)
    throw new AppError('credit_exceeds_outstanding', 'conflict', 'A credit note cannot credit more than is still owed on the invoice.', {
      details: { outstandingMinor: owed, creditMinor: totals.totalMinor },
      hint: 'What was paid is settled between you: credit at most what is still owed.',
    });
  const [issuer, customer] = await Promise.all([organisationOf(tx, invoice.issuerId), organisationOf(tx, invoice.customerId)]);
  const issuedOn = at.toISOString().slice(0, 10);
  const year = at.getUTCFullYear();
  // The number last: the counter's row lock is held from here to the commit, a few statements.
  const sequence = await nextDocumentSequence(tx, invoice.issuerId, 'credit_note', year);
  const number = documentNumber('credit_note', year, sequence);
  const [note] = await tx
    .insert(invoices)
    .values({
      kind: 'credit_note',
      state: 'issued',
      issuerId: invoice.issuerId,
      customerId: invoice.customerId,
      number,
      year,
      sequence,
      creditsInvoiceId: invoice.id,
      reason,
      currency: invoice.currency,
      taxRateBp: invoice.taxRateBp,
      ...totals,
      // What it reverses: the invoice's layout, its duty treatment and the tax point its rules were read on.
      layoutVersion: invoice.layoutVersion,
      taxPoint: invoice.taxPoint,
      dutyTreatment: invoice.dutyTreatment,
      paymentTermsDays: 0,
      creditLimitMinor: invoice.creditLimitMinor,
      issuedOn,
      dueOn: issuedOn,
      issuer: partyOf(issuer, 'seller'),
      customer: partyOf(customer),
      createdBy: actor.userId,
      issuedBy: actor.userId,
      issuedAt: at,
      emailedAt: at,
      createdAt: at,
      updatedAt: at,
    })
    .returning();
  const doc = note!;
  await tx.insert(invoiceItems).values(
    creditLines.map((l) => ({
      invoiceId: doc.id,
      orderId: l.item.orderId,
      orderItemId: l.item.orderItemId,
      productId: l.item.productId,
      description: l.item.description,
      cases: l.cases,
      caseSize: l.item.caseSize,
      unitPriceMinor: l.item.unitPriceMinor,
      lineTotalMinor: l.lineTotalMinor,
      volumeMl: l.item.volumeMl,
      abvTenths: l.item.abvTenths,
      dutyPerHlpaMinor: l.item.dutyPerHlpaMinor,
      dutyMinor: l.dutyMinor,
      vatCategory: l.item.vatCategory,
      vatRateBp: l.item.vatRateBp,
    })),
  );
  // Guarded: a payment settled since the invoice was read cannot be credited over.
  const [after] = await tx
    .update(invoices)
    .set({ creditedMinor: sql`${invoices.creditedMinor} + ${totals.totalMinor}`, updatedAt: at })
    .where(and(eq(invoices.id, invoice.id), sql`${invoices.paidMinor} + ${invoices.creditedMinor} + ${totals.totalMinor} <= ${invoices.totalMinor}`))
    .returning({ creditedMinor: invoices.creditedMinor, paidMinor: invoices.paidMinor, totalMinor: invoices.totalMinor });
  if (!after) throw new AppError('credit_exceeds_outstanding', 'conflict', 'A credit note cannot credit more than is still owed on the invoice.');
  await recordAudit(tx, actor, {
    action: 'INSERT',
    tableName: 'invoices',
    recordId: doc.id,
    newValues: {
      kind: 'credit_note',
      number,
      credits: invoice.number,
      cause,
      reason,
      totalMinor: doc.totalMinor,
      lines: creditLines.map((l) => ({ invoiceItemId: l.item.id, cases: l.cases })),
    },
  });
  await recordAudit(tx, actor, {
    action: 'UPDATE',
    tableName: 'invoices',
    recordId: invoice.id,
    oldValues: { creditedMinor: invoice.creditedMinor },
    newValues: { creditedMinor: after.creditedMinor, creditNote: number },
  });
  const settled = after.paidMinor > 0 && after.paidMinor + after.creditedMinor === after.totalMinor;
  return { note: doc, paidOrders: settled ? await payOrdersOfInvoices(tx, [invoice.id], actor, at) : [] };
}
