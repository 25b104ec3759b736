// Invoice lists for both sides and staff: the standing computed in SQL with the rule of shared
// `invoiceStanding` (so a filter and the badge beside it agree), search over the number, the other
// party's name and the order numbers on it, keyset pages newest first on (created_at, id).
import { and, type AnyColumn, desc, eq, exists, ne, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { INVOICE_STANDING_LABELS, type InvoiceStanding, invoiceStanding, outstandingMinor } from '../../../shared/invoicing';
import type { InvoiceListQuery } from '../../../shared/schemas/invoices';
import type { Db } from '../../db/client';
import { containsPattern } from '../../db/like';
import { invoiceOrders, invoices, orders, organisations } from '../../db/schema';

export interface InvoiceSummary {
  id: number;
  kind: 'invoice' | 'credit_note';
  state: 'draft' | 'issued';
  number: string | null;
  standing: InvoiceStanding;
  standingLabel: string;
  issuer: { id: string; name: string };
  customer: { id: string; name: string };
  currency: string;
  totalMinor: number;
  paidMinor: number;
  creditedMinor: number;
  outstandingMinor: number;
  issuedOn: string | null;
  dueOn: string | null;
  createdAt: string;
  /** A credit note: the invoice it credits. */
  creditsInvoice: { id: number; number: string | null } | null;
}

/** The standing as SQL: the same order of rules as `invoiceStanding` (shared/invoicing.ts). */
export function standingSql(today: string): SQL<InvoiceStanding> {
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

export async function listInvoices(
  db: Db,
  scope: ListScope,
  query: InvoiceListQuery,
  today: string,
): Promise<{ items: InvoiceSummary[]; next: string | null }> {
  const issuerOrg = alias(organisations, 'issuer_org');
  const customerOrg = alias(organisations, 'customer_org');
  const credited = alias(invoices, 'credited_invoice');
  const where: (SQL | undefined)[] = [eq(invoices.kind, query.kind)];
  let counterparty: 'issuer' | 'customer' | 'both' = 'both';
  if ('organisationId' in scope) {
    const mine = scope.organisationId;
    // A customer never sees a draft: it does not exist until it is issued.
    const asIssuer = eq(invoices.issuerId, mine);
    const asCustomer = and(eq(invoices.customerId, mine), eq(invoices.state, 'issued'));
    if (query.side === 'issuer') {
      where.push(asIssuer);
      counterparty = 'customer';
    } else if (query.side === 'customer') {
      where.push(asCustomer);
      counterparty = 'issuer';
    } else where.push(or(asIssuer, asCustomer));
  }
  if (query.standing) where.push(eq(standingSql(today), query.standing));
  if (query.q) {
    const p = containsPattern(query.q);
    const names = (org: { tradingName: AnyColumn; legalName: AnyColumn }) => [sql`${org.tradingName} ilike ${p}`, sql`${org.legalName} ilike ${p}`];
    const onOrder = exists(
      db
        .select({ one: sql`1` })
        .from(invoiceOrders)
        .innerJoin(orders, eq(orders.id, invoiceOrders.orderId))
        .where(and(eq(invoiceOrders.invoiceId, invoices.id), sql`${orders.number} ilike ${p}`)),
    );
    where.push(
      or(
        sql`${invoices.number} ilike ${p}`,
        onOrder,
        ...(counterparty !== 'customer' ? names(issuerOrg) : []),
        ...(counterparty !== 'issuer' ? names(customerOrg) : []),
      ),
    );
  }
  if (query.after) {
    const [ms, id] = query.after.split('_').map(Number) as [number, number];
    // A row comparison: PostgreSQL seeks the (party, created_at, id) index to it.
    where.push(sql`(${invoices.createdAt}, ${invoices.id}) < (${new Date(ms)}, ${id})`);
  }
  const rows = await db
    .select({
      row: invoices,
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
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page[page.length - 1];
  return {
    items: page.map(({ row, issuerName, customerName, creditsNumber }) => {
      const standing = invoiceStanding(row, today);
      return {
        id: row.id,
        kind: row.kind,
        state: row.state,
        number: row.number,
        standing,
        standingLabel: INVOICE_STANDING_LABELS[standing],
        issuer: { id: row.issuerId, name: issuerName },
        customer: { id: row.customerId, name: customerName },
        currency: row.currency,
        totalMinor: row.totalMinor,
        paidMinor: row.paidMinor,
        creditedMinor: row.creditedMinor,
        outstandingMinor: outstandingMinor(row),
        issuedOn: row.issuedOn,
        dueOn: row.dueOn,
        createdAt: row.createdAt.toISOString(),
        creditsInvoice: row.creditsInvoiceId ? { id: row.creditsInvoiceId, number: creditsNumber } : null,
      };
    }),
    next: rows.length > query.limit && last ? `${last.row.createdAt.getTime()}_${last.row.id}` : null,
  };
}
