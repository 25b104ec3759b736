// What the Payments page and its statement read, scoped to the organisation the viewer acts for: the
// paying side (what it owes its supplier, its payments) or the receiving side (aging, payments
// waiting, customers), one payment, the history, a statement between a supplier and one of its
// customers (as JSON, CSV or PDF), and the order page's credit-hold question. Every leg is the same
// (issue 43): a retailer only pays, an importer or a distributor both pays and receives, and the brand
// (staff, through their own routes: `channel` 'staff') only receives. Overviews and statements are
// kept per organisation, side, day and page until a live signal of the organisation moves them on.
import { eq } from 'drizzle-orm';
import type { PaymentView, PaymentsOverview, Statement } from '../../../shared/payment-views';
import type { StatementQuery } from '../../../shared/schemas/payments';
import type { Viewer } from '../../auth/authorize';
import { AppError, notFound } from '../../core/errors';
import { organisations, tradeTerms } from '../../db/schema';
import { createFiguresCache } from '../../cache/figures-cache';
import { type PaymentChannel, type PaymentContext, PERMISSION } from './context';
import { creditHoldOf } from './credit-hold';
import { buildStatement, statementCsv, statementPdf } from './statement';
import { aging, customersOf, isCustomerOf, owedInvoices, payingTotals, paymentPage, paymentViews, pendingPayments } from './views';

const PAGE = 20;
/** The oldest pending payments the page lists (the count says how many wait in all). */
const PENDING_SHOWN = 25;

type Organisation = typeof organisations.$inferSelect;
export type PaymentsSide = 'paying' | 'receiving';

/** The sides an organisation's Payments page has, the first its default: a retailer only pays, the brand only receives. */
export function paymentSides(type: Organisation['type']): readonly PaymentsSide[] {
  if (type === 'retailer') return ['paying'];
  if (type === 'brand') return ['receiving'];
  return ['receiving', 'paying'];
}

export function createPaymentPages(ctx: PaymentContext) {
  const { db, today } = ctx;
  const figures = createFiguresCache(ctx.deps.feed, { now: ctx.now });

  /** The organisation the viewer acts for in a read (null for a partner without one: they see nothing), after the decision. */
  async function readerOrganisation(viewer: Viewer | null, channel: PaymentChannel = 'partner'): Promise<Organisation | null> {
    const organisationId = await ctx.organisationFor(viewer, channel);
    if (!organisationId) return null;
    const [org] = await db.select().from(organisations).where(eq(organisations.id, organisationId));
    return org ?? null;
  }

  /** The side asked for, or the organisation's default; a side it does not have is refused (invalid: `side_not_available`). */
  function sideFor(org: Organisation, asked: PaymentsSide | undefined): PaymentsSide {
    const sides = paymentSides(org.type);
    if (!asked) return sides[0]!;
    if (sides.includes(asked)) return asked;
    throw new AppError(
      'side_not_available',
      'invalid',
      asked === 'receiving' ? 'Your organisation has no customers paying it.' : 'Your organisation has no supplier to pay.',
      { details: [{ path: 'side', message: `Choose ${sides.map((x) => `"${x}"`).join(' or ')}.` }] },
    );
  }

  /**
   * The Payments page on one side: `side` defaults by the organisation's type (paymentSides). Kept
   * per organisation, side, day and page until a live signal of the organisation (every payment,
   * invoice and credit-note write sends one) moves it on.
   */
  async function overview(
    viewer: Viewer,
    opts: { side?: PaymentsSide; after?: string } = {},
    channel: PaymentChannel = 'partner',
  ): Promise<PaymentsOverview | null> {
    const org = await readerOrganisation(viewer, channel);
    if (!org) return null;
    const side = sideFor(org, opts.side);
    const day = today();
    return figures.get(`overview:${side}:${day}:${opts.after ?? ''}`, [org.id], () =>
      side === 'paying' ? paying(org, day, opts.after) : receiving(org, day, opts.after),
    );
  }

  async function paying(org: Organisation, day: string, after: string | undefined): Promise<PaymentsOverview> {
    const [owed, page, terms, supplier] = await Promise.all([
      owedInvoices(db, org.id, day),
      paymentPage(db, org.id, 'payer', after, PAGE),
      db.select().from(tradeTerms).where(eq(tradeTerms.customerId, org.id)),
      org.supplierId
        ? db.select({ id: organisations.id, name: organisations.tradingName }).from(organisations).where(eq(organisations.id, org.supplierId))
        : [],
    ]);
    return {
      side: 'paying',
      supplier: supplier[0] ?? null,
      currency: terms[0]?.currency ?? org.currency,
      invoices: owed,
      totals: await payingTotals(db, org.id, owed),
      payments: await paymentViews(db, page.rows, org.id),
      next: page.next,
    };
  }

  async function receiving(org: Organisation, day: string, after: string | undefined): Promise<PaymentsOverview> {
    const [aged, pending, page] = await Promise.all([
      aging(db, org.id, day),
      pendingPayments(db, org.id, PENDING_SHOWN),
      paymentPage(db, org.id, 'payee', after, PAGE),
    ]);
    const [pendingViews, pageViews, customers] = await Promise.all([
      paymentViews(db, pending.rows, org.id),
      paymentViews(db, page.rows, org.id),
      customersOf(
        db,
        org.id,
        aged.rows.map((r) => r.customer),
      ),
    ]);
    return {
      side: 'receiving',
      aging: aged.rows,
      totals: aged.totals,
      pending: pendingViews,
      pendingCount: pending.count,
      payments: pageViews,
      next: page.next,
      customers,
    };
  }

  async function get(viewer: Viewer, id: number, channel: PaymentChannel = 'partner'): Promise<PaymentView> {
    const row = await ctx.requirePayment(id);
    const side = await ctx.sideOf(viewer, row, false, channel);
    return ctx.view(row, side === 'payer' ? row.payerId : row.payeeId);
  }

  /** A page of the viewer's payments on one side, newest first. */
  async function history(
    viewer: Viewer,
    opts: { side?: PaymentsSide; after?: string },
    channel: PaymentChannel = 'partner',
  ): Promise<{ items: PaymentView[]; next: string | null }> {
    const org = await readerOrganisation(viewer, channel);
    if (!org) return { items: [], next: null };
    const side = sideFor(org, opts.side);
    const page = await paymentPage(db, org.id, side === 'paying' ? 'payer' : 'payee', opts.after, PAGE);
    return { items: await paymentViews(db, page.rows, org.id), next: page.next };
  }

  /**
   * A statement between a supplier and one of its customers. The supplier names the customer (one it
   * supplies or has invoiced; any other is not found); without one (or naming itself), a buyer's is
   * with its own supplier. The brand (staff) must name the importer.
   */
  async function statement(viewer: Viewer, query: StatementQuery, channel: PaymentChannel = 'partner'): Promise<Statement> {
    const org = await readerOrganisation(viewer, channel);
    if (!org) throw notFound('Statement');
    let issuerId: string;
    let customerId: string;
    if (!query.customerId || query.customerId === org.id) {
      if (!org.supplierId) {
        if (query.customerId) throw notFound('Statement');
        throw new AppError('validation_failed', 'invalid', 'Choose a customer.', { details: [{ path: 'customerId', message: 'Choose a customer.' }] });
      }
      issuerId = org.supplierId;
      customerId = org.id;
    } else {
      if (!(await isCustomerOf(db, org.id, query.customerId))) throw notFound('Statement');
      issuerId = org.id;
      customerId = query.customerId;
    }
    const day = today();
    return figures.get(`statement:${issuerId}:${customerId}:${query.from}:${query.to}:${day}`, [issuerId, customerId], async () => {
      const [[terms], [issuer], [customer]] = await Promise.all([
        db.select().from(tradeTerms).where(eq(tradeTerms.customerId, customerId)),
        db.select().from(organisations).where(eq(organisations.id, issuerId)),
        db.select().from(organisations).where(eq(organisations.id, customerId)),
      ]);
      if (!issuer || !customer) throw notFound('Statement');
      return buildStatement(
        db,
        { issuer: { id: issuer.id, name: issuer.tradingName }, customer: { id: customer.id, name: customer.tradingName } },
        terms?.currency ?? customer.currency,
        { from: query.from, to: query.to },
        day,
      );
    });
  }

  /** The order page's question before approving: would the credit hold stop it, and why. Null when it does not apply. */
  async function creditHold(viewer: Viewer, order: { sellerId: string | null; buyerId: string; totalMinor: number }, channel: PaymentChannel = 'partner') {
    if (channel === 'staff') {
      if (order.sellerId !== (await ctx.organisationFor(viewer, 'staff'))) return null;
    } else {
      if (!viewer.organisationId || viewer.organisationId !== order.sellerId) return null;
      await ctx.allow(viewer, { permission: PERMISSION, resource: { organisationIds: [order.sellerId] } });
    }
    return creditHoldOf(db, order, today());
  }

  return {
    /** The sides the viewer's Payments page has (its first the default): a retailer pays, the brand receives, the others both. */
    async sides(viewer: Viewer, channel: PaymentChannel = 'partner'): Promise<readonly PaymentsSide[]> {
      const org = await readerOrganisation(viewer, channel);
      return org ? paymentSides(org.type) : [];
    },
    overview,
    get,
    history,
    statement,
    async statementCsv(viewer: Viewer, query: StatementQuery, channel: PaymentChannel = 'partner') {
      const s = await statement(viewer, query, channel);
      const csv = await figures.get(`statement.csv:${s.issuer.id}:${s.customer.id}:${s.from}:${s.to}:${s.asOf}`, [s.issuer.id, s.customer.id], async () =>
        statementCsv(s),
      );
      return { statement: s, csv };
    },
    async statementPdf(viewer: Viewer, query: StatementQuery, channel: PaymentChannel = 'partner') {
      const s = await statement(viewer, query, channel);
      // The same statement renders the same bytes: kept while neither party's figures move.
      const pdf = await figures.get(`statement.pdf:${s.issuer.id}:${s.customer.id}:${s.from}:${s.to}:${s.asOf}`, [s.issuer.id, s.customer.id], () =>
        statementPdf(s),
      );
      return { statement: s, pdf };
    },
    creditHold,
  };
}
