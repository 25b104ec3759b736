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
import { brandId } from '../../db/brand';
import { actingOrganisation, type AfterCommit, createAllow, createTradeWriter, requireAnyScope, rowReader, tradingOrganisation } from '../trade';
import { creditedOn, type InvoiceRow } from './documents';
import { createInvoiceNotices, type InvoiceNews } from './notices';
import { INVOICE_TOPIC, type InvoiceChannel, type InvoiceDeps, type InvoiceSide } from './types';

const NO_ORGANISATION = 'Only a member of a partner organisation, or staff for the brand, can invoice.';

export function createInvoiceContext(deps: InvoiceDeps) {
  const { db } = deps;
  const now = deps.now ?? Date.now;
  const notices = createInvoiceNotices(deps.notifications, deps.mailer, deps.origin);
  const writer = createTradeWriter(deps, INVOICE_TOPIC);
  const allow = createAllow(deps.access, 'Invoice');
  const requireRow = rowReader(db, invoices, 'Invoice');

  /**
   * The viewer's side of a document, or not found: a partner is its issuer or its customer (never of a
   * draft); staff come through their own routes (Order Management over every organisation) and act
   * for the brand, so only the brand's own documents exist there — anyone else's is not found.
   */
  async function sideOf(viewer: Viewer, row: InvoiceRow, channel: InvoiceChannel, act = false): Promise<InvoiceSide> {
    let mine: string | null;
    if (channel === 'staff') {
      requireAnyScope(await allow(viewer, { permission: 'orders:manage', ...(act ? { act: true } : {}) }));
      mine = await brandId(db);
    } else {
      await allow(viewer, { permission: 'orders:manage', resource: { organisationIds: [row.issuerId, row.customerId] }, ...(act ? { act: true } : {}) });
      mine = viewer.organisationId;
    }
    if (mine && mine === row.issuerId) return 'issuer';
    if (mine && mine === row.customerId && row.state === 'issued') return 'customer';
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

  /** The issuer's side for a write: a customer may read but not change it. */
  async function issuerOf(viewer: Viewer, row: InvoiceRow, channel: InvoiceChannel): Promise<void> {
    const side = await sideOf(viewer, row, channel, true);
    if (side !== 'issuer') throw new AppError('wrong_side', 'forbidden', 'Only the issuer can do this.');
  }

  /**
   * The organisation the viewer issues for, before the transaction: a partner's own (acting); staff
   * through their routes act for the brand (a grant over every organisation).
   */
  async function actingIssuer(viewer: Viewer, channel: InvoiceChannel): Promise<string> {
    const scope = await allow(viewer, { permission: 'orders:manage', act: true });
    if (channel === 'staff') {
      requireAnyScope(scope);
      return brandId(db);
    }
    if (!viewer.organisationId) throw new AppError('no_organisation', 'forbidden', NO_ORGANISATION);
    return actingOrganisation(db, viewer, scope, NO_ORGANISATION);
  }

  /** The issuing organisation, able to trade today (read afresh in the write). */
  async function tradingIssuer(tx: Tx, issuerId: string) {
    return tradingOrganisation(tx, issuerId, now);
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
    actingIssuer,
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
