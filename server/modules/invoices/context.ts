// What every invoice action works with: the access check and the viewer's side of a document, the
// rows (read, or locked for the transaction), the issuer's trading standing, the shared decision
// (shared/invoice-actions.ts) before a step, and the write that tells both parties after its commit.
import { eq } from 'drizzle-orm';
import { type InvoiceAction, invoiceActionRefusal, type InvoiceFacts } from '../../../shared/invoice-actions';
import { outstandingMinor } from '../../../shared/invoicing';
import type { Viewer } from '../../auth/authorize';
import { refusalError } from '../../core/action-refusal';
import { AppError, notFound } from '../../core/errors';
import type { DbOrTx, Tx } from '../../db/client';
import { invoiceItems, invoices } from '../../db/schema';
import { type AfterCommit, createAllow, createTradeWriter, partnerOrganisation, requireAnyScope, rowReader, tradingOrganisation } from '../trade';
import { creditedOn, type InvoiceRow } from './documents';
import { createInvoiceNotices, type InvoiceNews } from './notices';
import { INVOICE_TOPIC, type InvoiceChannel, type InvoiceDeps, type InvoiceSide } from './types';

const NO_ORGANISATION = 'Only a member of a partner organisation can invoice.';

export function createInvoiceContext(deps: InvoiceDeps) {
  const { db } = deps;
  const now = deps.now ?? Date.now;
  const notices = createInvoiceNotices(deps.notifications, deps.mailer, deps.origin);
  const writer = createTradeWriter(deps, INVOICE_TOPIC);
  const allow = createAllow(deps.access, 'Invoice');
  const requireRow = rowReader(db, invoices, 'Invoice');

  /**
   * The viewer's side of a document, or not found: a partner is its issuer or its customer (never of a
   * draft); staff reading through their own routes hold Order Management over every organisation.
   */
  async function sideOf(viewer: Viewer, row: InvoiceRow, channel: InvoiceChannel, act = false): Promise<InvoiceSide> {
    if (channel === 'staff') {
      requireAnyScope(await allow(viewer, { permission: 'orders:manage' }));
      return 'staff';
    }
    await allow(viewer, { permission: 'orders:manage', resource: { organisationIds: [row.issuerId, row.customerId] }, ...(act ? { act: true } : {}) });
    if (viewer.organisationId && viewer.organisationId === row.issuerId) return 'issuer';
    if (viewer.organisationId && viewer.organisationId === row.customerId && row.state === 'issued') return 'customer';
    throw notFound('Invoice');
  }

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

  /** The issuer's side for a write: a customer (or staff) may read but not change it. */
  async function issuerOf(viewer: Viewer, row: InvoiceRow): Promise<void> {
    const side = await sideOf(viewer, row, 'partner', true);
    if (side !== 'issuer') throw new AppError('wrong_side', 'forbidden', 'Only the issuer can do this.');
  }

  /** The viewer's organisation for a write, before the transaction: a partner's, acting. */
  async function partnerIssuer(viewer: Viewer): Promise<string> {
    await allow(viewer, { permission: 'orders:manage', act: true });
    return partnerOrganisation(viewer, NO_ORGANISATION);
  }

  /** The viewer's organisation, able to trade today (read afresh in the write). */
  async function tradingIssuer(tx: Tx, viewer: Viewer) {
    return tradingOrganisation(tx, partnerOrganisation(viewer, NO_ORGANISATION), now);
  }

  /** A document whose parties' open pages hear of the write: the issuer's, the customer's once it is issued, and staff's. */
  function documentChanged(fx: AfterCommit, doc: Pick<InvoiceRow, 'id' | 'issuerId' | 'customerId' | 'state'>) {
    fx.changed(INVOICE_TOPIC, doc.id, [
      { permission: 'orders:manage', organisationId: doc.issuerId },
      ...(doc.state === 'issued' ? [{ permission: 'orders:manage' as const, organisationId: doc.customerId }] : []),
      { permission: 'orders:manage' },
    ]);
  }

  async function tell(tx: DbOrTx, fx: AfterCommit, news: InvoiceNews) {
    fx.told(await notices.tell(tx, news));
  }

  return {
    db,
    deps,
    now,
    allow,
    requireRow,
    sideOf,
    invoiceFacts,
    decide,
    issuerOf,
    partnerIssuer,
    tradingIssuer,
    documentChanged,
    tell,
    /** Collects what a write inside another module's transaction tells, for that module to announce after its commit. */
    collect: writer.collect,
    /** Runs a write; after the commit, what it told is announced. */
    write: writer.write,
  };
}

export type InvoiceContext = ReturnType<typeof createInvoiceContext>;
