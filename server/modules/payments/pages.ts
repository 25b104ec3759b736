// What the Payments page and its statement read, scoped to the viewer's organisation: a retailer's
// side (what it owes, its payments) or a distributor's (aging, payments waiting, customers), one
// payment, the history, a statement between a distributor and one of its retailers (as JSON, CSV or
// PDF), and the order page's credit-hold question. Overviews and statements are kept per
// organisation, side, day and page until a live signal of the organisation moves them on.
import { eq } from 'drizzle-orm';
import type { PaymentView, PaymentsOverview, Statement } from '../../../shared/payment-views';
import type { StatementQuery } from '../../../shared/schemas/payments';
import type { Viewer } from '../../auth/authorize';
import { AppError, notFound } from '../../core/errors';
import { organisations, tradeTerms } from '../../db/schema';
import { createFiguresCache } from '../../cache/figures-cache';
import { type PaymentContext, PERMISSION } from './context';
import { creditHoldOf } from './credit-hold';
import { buildStatement, statementCsv, statementPdf } from './statement';
import { aging, customersOf, isCustomerOf, owedInvoices, payingTotals, paymentPage, paymentViews, pendingPayments } from './views';

const PAGE = 20;
/** The oldest pending payments the page lists (the count says how many wait in all). */
const PENDING_SHOWN = 25;

export function createPaymentPages(ctx: PaymentContext) {
  const { db, today } = ctx;
  const figures = createFiguresCache(ctx.deps.feed, { now: ctx.now });

  /** The viewer's organisation for a read (null for someone without one: they see nothing), after the decision. */
  async function readerOrganisation(viewer: Viewer | null) {
    const organisationId = viewer?.organisationId ?? null;
    await ctx.allow(viewer, organisationId ? { permission: PERMISSION, resource: { organisationIds: [organisationId] } } : { permission: PERMISSION });
    if (!organisationId) return null;
    const [org] = await db.select().from(organisations).where(eq(organisations.id, organisationId));
    return org ?? null;
  }

  /**
   * The Payments page: a retailer's side (paying) or a distributor's (receiving); `side` defaults by
   * the organisation's type. Kept per organisation, side, day and page until a live signal of the
   * organisation (every payment, invoice and credit-note write sends one) moves it on.
   */
  async function overview(viewer: Viewer, opts: { side?: 'paying' | 'receiving'; after?: string } = {}): Promise<PaymentsOverview | null> {
    const org = await readerOrganisation(viewer);
    if (!org) return null;
    const side = opts.side ?? (org.type === 'retailer' ? 'paying' : 'receiving');
    const day = today();
    return figures.get(`overview:${side}:${day}:${opts.after ?? ''}`, [org.id], () =>
      side === 'paying' ? paying(org, day, opts.after) : receiving(org, day, opts.after),
    );
  }

  async function paying(org: typeof organisations.$inferSelect, day: string, after: string | undefined): Promise<PaymentsOverview> {
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
      supplier: org.type === 'retailer' ? (supplier[0] ?? null) : null,
      currency: terms[0]?.currency ?? org.currency,
      invoices: owed,
      totals: await payingTotals(db, org.id, owed),
      payments: await paymentViews(db, page.rows, org.id),
      next: page.next,
    };
  }

  async function receiving(org: typeof organisations.$inferSelect, day: string, after: string | undefined): Promise<PaymentsOverview> {
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

  async function get(viewer: Viewer, id: number): Promise<PaymentView> {
    const row = await ctx.requirePayment(id);
    await ctx.sideOf(viewer, row);
    return ctx.view(row, viewer.organisationId!);
  }

  /** A page of the viewer's payments on one side, newest first. */
  async function history(viewer: Viewer, opts: { side?: 'paying' | 'receiving'; after?: string }): Promise<{ items: PaymentView[]; next: string | null }> {
    const org = await readerOrganisation(viewer);
    if (!org) return { items: [], next: null };
    const side = opts.side ?? (org.type === 'retailer' ? 'paying' : 'receiving');
    const page = await paymentPage(db, org.id, side === 'paying' ? 'payer' : 'payee', opts.after, PAGE);
    return { items: await paymentViews(db, page.rows, org.id), next: page.next };
  }

  /**
   * A statement between a distributor and one of its retailers. The distributor names the retailer
   * (one it supplies or has invoiced; any other is not found); a retailer's is with its own supplier.
   */
  async function statement(viewer: Viewer, query: StatementQuery): Promise<Statement> {
    const org = await readerOrganisation(viewer);
    if (!org) throw notFound('Statement');
    let issuerId: string;
    let customerId: string;
    if (org.type === 'retailer') {
      if ((query.customerId && query.customerId !== org.id) || !org.supplierId) throw notFound('Statement');
      issuerId = org.supplierId;
      customerId = org.id;
    } else {
      if (!query.customerId)
        throw new AppError('validation_failed', 'invalid', 'Choose a retailer.', { details: [{ path: 'customerId', message: 'Choose a retailer.' }] });
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
  async function creditHold(viewer: Viewer, order: { sellerId: string | null; buyerId: string; totalMinor: number }) {
    if (!viewer.organisationId || viewer.organisationId !== order.sellerId) return null;
    await ctx.allow(viewer, { permission: PERMISSION, resource: { organisationIds: [order.sellerId] } });
    return creditHoldOf(db, order, today());
  }

  return {
    overview,
    get,
    history,
    statement,
    async statementCsv(viewer: Viewer, query: StatementQuery) {
      const s = await statement(viewer, query);
      const csv = await figures.get(`statement.csv:${s.issuer.id}:${s.customer.id}:${s.from}:${s.to}:${s.asOf}`, [s.issuer.id, s.customer.id], async () =>
        statementCsv(s),
      );
      return { statement: s, csv };
    },
    async statementPdf(viewer: Viewer, query: StatementQuery) {
      const s = await statement(viewer, query);
      // The same statement renders the same bytes: kept while neither party's figures move.
      const pdf = await figures.get(`statement.pdf:${s.issuer.id}:${s.customer.id}:${s.from}:${s.to}:${s.asOf}`, [s.issuer.id, s.customer.id], () =>
        statementPdf(s),
      );
      return { statement: s, pdf };
    },
    creditHold,
  };
}
