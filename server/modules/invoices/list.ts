// Invoice lists for both sides and staff: the standing computed in SQL with the rule of shared
// `invoiceStanding` (so a filter and the badge beside it agree), search over the number, the other
// party's name and the order numbers on it, keyset pages newest first on (created_at, id).
import { and, type AnyColumn, desc, eq, exists, ne, or, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { INVOICE_STANDING_LABELS, type InvoiceStanding, invoiceStanding, outstandingMinor } from '../../../shared/invoicing';
import type { InvoiceListQuery } from '../../../shared/schemas/invoices';
import type { Db } from '../../db/client';
import { containsPattern } from '../../db/like';
import { preparedByLimit } from '../../db/paged';
import { preparedByShape } from '../../db/prepared';
import { jsonRows } from '../../db/json-rows';
import { invoiceOrders, invoices, orders, organisations } from '../../db/schema';
import { isoString } from '../../core/iso-time';

// Declared once, for the service and the pages: shared/invoice-views.ts.
export type { InvoiceSummaryView as InvoiceSummary } from '../../../shared/invoice-views';
import type { InvoiceSummaryView as InvoiceSummary } from '../../../shared/invoice-views';

/** The standing as SQL: the same order of rules as `invoiceStanding` (shared/invoicing.ts). */
export function standingSql(today: string | Placeholder): SQL<InvoiceStanding> {
  return sql<InvoiceStanding>`case
    when ${invoices.state} = 'draft' then 'draft'
    when ${invoices.totalMinor} > 0 and ${invoices.creditedMinor} >= ${invoices.totalMinor} then 'credited'
    when ${invoices.totalMinor} - ${invoices.paidMinor} - ${invoices.creditedMinor} <= 0 then 'paid'
    when ${invoices.dueOn} < ${today}::date then 'overdue'
    when ${invoices.paidMinor} > 0 or ${invoices.creditedMinor} > 0 then 'partially_paid'
    else 'issued' end`;
}

/** Who is asking: an organisation (a partner; `side` narrows to what it issued or received) or staff (everything). */
export type ListScope = { organisationId: string } | { staff: true };

/** The columns a summary needs (not the parties' snapshots: their names are read in SQL). */
const summaryColumns = {
  id: invoices.id,
  kind: invoices.kind,
  state: invoices.state,
  number: invoices.number,
  issuerId: invoices.issuerId,
  customerId: invoices.customerId,
  currency: invoices.currency,
  totalMinor: invoices.totalMinor,
  paidMinor: invoices.paidMinor,
  creditedMinor: invoices.creditedMinor,
  issuedOn: invoices.issuedOn,
  dueOn: invoices.dueOn,
  createdAt: invoices.createdAt,
  creditsInvoiceId: invoices.creditsInvoiceId,
};

type SummaryRow = { [K in keyof typeof summaryColumns]: (typeof invoices.$inferSelect)[K] };

/**
 * An invoice as a list shows it, with its standing as of `today`; the detail (`InvoiceDetail`)
 * starts from the same. `names`: the parties' trading names and the credited invoice's number.
 */
export function invoiceSummary(
  row: SummaryRow,
  names: { issuerName: string; customerName: string; creditsNumber: string | null },
  today: string,
): InvoiceSummary {
  const standing = invoiceStanding(row, today);
  return {
    id: row.id,
    kind: row.kind,
    state: row.state,
    number: row.number,
    standing,
    standingLabel: INVOICE_STANDING_LABELS[standing],
    issuer: { id: row.issuerId, name: names.issuerName },
    customer: { id: row.customerId, name: names.customerName },
    currency: row.currency,
    totalMinor: row.totalMinor,
    paidMinor: row.paidMinor,
    creditedMinor: row.creditedMinor,
    outstandingMinor: outstandingMinor(row),
    issuedOn: row.issuedOn,
    dueOn: row.dueOn,
    createdAt: isoString(row.createdAt),
    creditsInvoice: row.creditsInvoiceId ? { id: row.creditsInvoiceId, number: names.creditsNumber } : null,
  };
}

/**
 * A list's shape (`prepared.ts`): whose invoices (staff: all; an organisation: what it issued,
 * received, or both) and which filters are present. The kind, the organisation, the standing and
 * today, the search pattern and the cursor are bound.
 */
interface ListShape extends Record<string, string | boolean | undefined> {
  scope: 'staff' | 'issuer' | 'customer' | 'both';
  standing: boolean;
  search: boolean;
  after: boolean;
}

/** The invoice lists of `db`: `list(scope, query, today)`, each shape's query built once. */
export function createInvoiceLists(db: Db) {
  const page = preparedByShape((shape: ListShape) =>
    preparedByLimit((limit) => {
      const issuerOrg = alias(organisations, 'issuer_org');
      const customerOrg = alias(organisations, 'customer_org');
      const credited = alias(invoices, 'credited_invoice');
      const mine = sql.placeholder('organisationId');
      const where: (SQL | undefined)[] = [sql`${invoices.kind} = ${sql.placeholder('kind')}`];
      // A customer never sees a draft: it does not exist until it is issued.
      const asIssuer = sql`${invoices.issuerId} = ${mine}`;
      const asCustomer = and(sql`${invoices.customerId} = ${mine}`, eq(invoices.state, 'issued'));
      if (shape.scope === 'issuer') where.push(asIssuer);
      else if (shape.scope === 'customer') where.push(asCustomer);
      else if (shape.scope === 'both') where.push(or(asIssuer, asCustomer));
      if (shape.standing) where.push(sql`${standingSql(sql.placeholder('today'))} = ${sql.placeholder('standing')}`);
      if (shape.search) {
        const p = sql.placeholder('q');
        const names = (org: { tradingName: AnyColumn; legalName: AnyColumn }) => [sql`${org.tradingName} ilike ${p}`, sql`${org.legalName} ilike ${p}`];
        const onOrder = exists(
          db
            .select({ one: sql`1` })
            .from(invoiceOrders)
            .innerJoin(orders, eq(orders.id, invoiceOrders.orderId))
            .where(and(eq(invoiceOrders.invoiceId, invoices.id), sql`${orders.number} ilike ${p}`)),
        );
        // The other party's name: an organisation searches its counterparty's, staff both.
        where.push(
          or(
            sql`${invoices.number} ilike ${p}`,
            onOrder,
            ...(shape.scope !== 'issuer' ? names(issuerOrg) : []),
            ...(shape.scope !== 'customer' ? names(customerOrg) : []),
          ),
        );
      }
      // A row comparison: PostgreSQL seeks the (party, created_at, id) index to it.
      if (shape.after)
        where.push(sql`(${invoices.createdAt}, ${invoices.id}) < (${sql.placeholder('afterAt')}::timestamptz, ${sql.placeholder('afterId')}::int)`);
      return jsonRows(
        db
          .select({
            ...summaryColumns,
            issuerName: sql<string>`coalesce(${invoices.issuer}->>'tradingName', ${issuerOrg.tradingName})`,
            customerName: sql<string>`coalesce(${invoices.customer}->>'tradingName', ${customerOrg.tradingName})`,
            creditsNumber: credited.number,
          })
          .from(invoices)
          .innerJoin(issuerOrg, eq(issuerOrg.id, invoices.issuerId))
          .innerJoin(customerOrg, eq(customerOrg.id, invoices.customerId))
          .leftJoin(credited, and(eq(credited.id, invoices.creditsInvoiceId), ne(invoices.kind, 'invoice')))
          .where(and(...where))
          .orderBy(desc(invoices.createdAt), desc(invoices.id))
          .limit(limit),
      );
    }),
  );

  return async function listInvoices(scope: ListScope, query: InvoiceListQuery, today: string): Promise<{ items: InvoiceSummary[]; next: string | null }> {
    const [afterMs, afterId] = query.after ? (query.after.split('_').map(Number) as [number, number]) : [];
    const rows = await page({
      scope: 'organisationId' in scope ? (query.side ?? 'both') : 'staff',
      standing: Boolean(query.standing),
      search: Boolean(query.q),
      after: Boolean(query.after),
    })(query.limit + 1).execute({
      kind: query.kind,
      organisationId: 'organisationId' in scope ? scope.organisationId : null,
      standing: query.standing ?? null,
      today,
      q: query.q ? containsPattern(query.q) : null,
      afterAt: afterMs === undefined ? null : new Date(afterMs).toISOString(),
      afterId: afterId ?? null,
    });
    const list = rows.slice(0, query.limit);
    const last = list[list.length - 1];
    return {
      items: list.map(({ issuerName, customerName, creditsNumber, ...row }) => invoiceSummary(row, { issuerName, customerName, creditsNumber }, today)),
      next: rows.length > query.limit && last ? `${last.createdAt.getTime()}_${last.id}` : null,
    };
  };
}
