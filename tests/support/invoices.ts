// Issued invoices for payment tests, written straight into `invoices` / `invoice_items` /
// `invoice_orders` (numbered with the real gapless counter), so the payment tests need not wait for
// the invoicing service. Optionally the invoice bills a fresh order of the two parties in a given
// state (`invoiced`, `delivered` …), to follow it to `paid`. Given the server's `live`, it then tells
// both organisations' pages (and caches) as the invoicing service does after issuing.
import { documentNumber } from '../../shared/invoicing';
import type { OrderStatus } from '../../shared/orders';
import type { Db } from '../../server/db/client';
import type { Live } from '../../server/realtime/live';
import { invoiceItems, invoiceOrders, invoices, orders } from '../../server/db/schema';
import { nextDocumentSequence } from '../../server/modules/invoices/numbers';

let seq = 0;
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

export interface IssuedInvoice {
  id: number;
  number: string;
  totalMinor: number;
  orderId: number | null;
}

export async function issuedInvoice(
  db: Db,
  opts: {
    issuerId: string;
    customerId: string;
    totalMinor: number;
    currency?: string;
    /** Days from today (negative: in the past). Due defaults to 30 days after issue. */
    issuedInDays?: number;
    dueInDays?: number;
    kind?: 'invoice' | 'credit_note';
    creditsInvoiceId?: number;
    /** Bill a new order in this state. */
    order?: OrderStatus;
  },
  live?: Live,
): Promise<IssuedInvoice> {
  const kind = opts.kind ?? 'invoice';
  const issuedOn = day(opts.issuedInDays ?? 0);
  const dueOn = day(opts.dueInDays ?? (opts.issuedInDays ?? 0) + 30);
  const year = Number(issuedOn.slice(0, 4));
  const currency = opts.currency ?? 'GBP';
  const issued = await db.transaction(async (tx) => {
    const sequence = await nextDocumentSequence(tx, opts.issuerId, kind, year);
    const number = documentNumber(kind, year, sequence);
    const [inv] = await tx
      .insert(invoices)
      .values({
        kind,
        state: 'issued',
        issuerId: opts.issuerId,
        customerId: opts.customerId,
        number,
        year,
        sequence,
        creditsInvoiceId: opts.creditsInvoiceId ?? null,
        currency,
        subtotalMinor: opts.totalMinor,
        totalMinor: opts.totalMinor,
        issuedOn,
        dueOn,
        issuedAt: new Date(),
      })
      .returning();
    await tx
      .insert(invoiceItems)
      .values({ invoiceId: inv!.id, description: `Goods ${++seq}`, cases: 1, caseSize: 6, unitPriceMinor: 0, lineTotalMinor: opts.totalMinor });
    let orderId: number | null = null;
    if (opts.order) {
      const [o] = await tx
        .insert(orders)
        .values({
          number: `FR-TEST-${process.pid}-${++seq}-${Math.random().toString(36).slice(2, 8)}`,
          buyerId: opts.customerId,
          sellerId: opts.issuerId,
          status: opts.order,
          currency,
          subtotalMinor: opts.totalMinor,
          totalMinor: opts.totalMinor,
        })
        .returning({ id: orders.id });
      orderId = o!.id;
      await tx.insert(invoiceOrders).values({ invoiceId: inv!.id, orderId });
    }
    return { id: inv!.id, number, totalMinor: opts.totalMinor, orderId };
  });
  await live?.changed({
    topic: 'invoice',
    id: issued.id,
    audiences: [
      { permission: 'orders:manage', organisationId: opts.issuerId },
      { permission: 'orders:manage', organisationId: opts.customerId },
    ],
  });
  return issued;
}
