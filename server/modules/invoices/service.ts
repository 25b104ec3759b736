// Invoices and credit notes (product.md §3, issues 16 and 43). A seller — whoever supplies the buyer —
// invoices one customer's approved orders: a draft (no number) it may discard, or straight away; at
// issue the number comes from the gapless counter per issuer, kind and year (a row locked in the same
// short transaction), the parties, terms and credit limit are copied, the orders move approved →
// invoiced by the orders' own guarded transition, and the customer is told (bell, email with the
// PDF). An issued invoice never changes: corrections are credit notes, numbered the same way, which
// raise the invoice's credited amount in their transaction. Both parties read it (a customer never
// sees a draft); for anyone else it is not found. Every leg is the same (issue 43): an importer
// invoices its distributors, a distributor its retailers, and staff (Order Management over every
// organisation, through their own routes: `channel` 'staff') invoice the importers for the brand —
// the brand's row is the issuer, with its own gapless series — and read only the brand's documents.
//
// This file puts the service together: the actions are in actions/ (draft, issue, credit), what they
// share in context.ts, the read model in views.ts (and list.ts for the list).
import { todayUtc } from '../../../shared/partners';
import type { CreditNoteInput, DraftStepInput, InvoiceListQuery, InvoiceOrdersInput } from '../../../shared/schemas/invoices';
import type { Viewer } from '../../auth/authorize';
import type { Actor } from '../../core/actor';
import type { Tx } from '../../db/client';
import type { OrderRow } from '../orders';
import { brandId } from '../../db/brand';
import { requireAnyScope } from '../trade';
import { creditCancelledOrder, creditForShortfall, issueCreditNote, lockInvoiceOfOrder } from './actions/credit';
import { createDraft, discard } from './actions/draft';
import { issue, issueFromOrders } from './actions/issue';
import { createInvoiceContext } from './context';
import { createInvoiceLists, type InvoiceSummary } from './list';
import type { CreditResult, InvoiceableCustomer, InvoiceChannel, InvoiceDeps, InvoiceDetail, InvoicePreview } from './types';
import { createInvoiceViews } from './views';

export function createInvoiceService(deps: InvoiceDeps) {
  const ctx = createInvoiceContext(deps);
  const { db, now } = ctx;
  const listInvoices = createInvoiceLists(db);
  const { detail, renderStored, renderStoredUbl, invoiceable, preview } = createInvoiceViews(ctx);

  // The email's attachments are rendered when it is sent, from the same stored document.
  deps.mailer.registerAttachment('invoice_pdf', async (id) => (await renderStored(Number(id))).bytes);
  deps.mailer.registerAttachment('invoice_ubl', async (id) => (await renderStoredUbl(Number(id))).bytes);

  return {
    /** The viewer's customers with approved orders on no invoice: what Generate Invoice offers (staff: the brand's importers). */
    async invoiceable(viewer: Viewer, channel: InvoiceChannel = 'partner'): Promise<InvoiceableCustomer[]> {
      const scope = await ctx.allow(viewer, { permission: 'orders:manage' });
      if (channel === 'staff') {
        requireAnyScope(scope);
        return invoiceable(await brandId(db));
      }
      const mine = viewer.organisationId;
      if (!mine) return [];
      return invoiceable(mine);
    },

    /** What an invoice of these orders would say if issued now (nothing is written, no number is taken). */
    async preview(viewer: Viewer, input: InvoiceOrdersInput, channel: InvoiceChannel = 'partner'): Promise<InvoicePreview> {
      return preview(await ctx.actingIssuer(viewer, channel), input);
    },

    /** A draft: the orders are held for it (no other invoice takes them), no number yet. */
    async createDraft(viewer: Viewer, input: InvoiceOrdersInput, actor: Actor, channel: InvoiceChannel = 'partner'): Promise<InvoiceDetail> {
      return detail(await createDraft(ctx, viewer, input, actor, channel), 'issuer');
    },

    /** Issues a draft: numbered now, with the orders, lines and terms as they stand now. */
    async issue(viewer: Viewer, id: number, input: DraftStepInput, actor: Actor, channel: InvoiceChannel = 'partner'): Promise<InvoiceDetail> {
      return detail(await issue(ctx, viewer, id, input, actor, channel), 'issuer');
    },

    /** Invoices the orders at once: the draft and its issue in one transaction (Generate Invoice's button). */
    async issueFromOrders(viewer: Viewer, input: InvoiceOrdersInput, actor: Actor, channel: InvoiceChannel = 'partner'): Promise<InvoiceDetail> {
      return detail(await issueFromOrders(ctx, viewer, input, actor, channel), 'issuer');
    },

    /** Discards a draft (its orders are free again); an issued invoice is never discarded. */
    discard: (viewer: Viewer, id: number, input: DraftStepInput, actor: Actor, channel: InvoiceChannel = 'partner'): Promise<void> =>
      discard(ctx, viewer, id, input, actor, channel),

    /** A credit note on an issued invoice of the viewer's: lines of it (cases), and why. */
    async issueCreditNote(
      viewer: Viewer,
      invoiceId: number,
      input: CreditNoteInput,
      actor: Actor,
      channel: InvoiceChannel = 'partner',
    ): Promise<InvoiceDetail> {
      return detail(await issueCreditNote(ctx, viewer, invoiceId, input, actor, channel), 'issuer');
    },

    /** Locks the issued invoice billing `orderId` (none: nothing), before a cancel locks the order. */
    lockInvoiceOfOrder,

    /** A credit note for a cancelled invoiced order, in the cancel's transaction (actions/credit.ts). */
    creditCancelledOrder: (tx: Tx, order: OrderRow, reason: string, actor: Actor): Promise<() => Promise<void>> =>
      creditCancelledOrder(ctx, tx, order, reason, actor),

    /** Credit notes for a receipt's shortfall, in the receipt's transaction (actions/credit.ts). */
    creditForShortfall: (
      tx: Tx,
      input: { issuerId: string; lines: { orderItemId: number; cases: number }[]; reason: string },
      actor: Actor,
    ): Promise<CreditResult> => creditForShortfall(ctx, tx, input, actor),

    async get(viewer: Viewer, id: number, channel: InvoiceChannel): Promise<InvoiceDetail> {
      const row = await ctx.requireRow(id);
      return detail(row, await ctx.sideOf(viewer, row, channel));
    },

    async list(viewer: Viewer, query: InvoiceListQuery, channel: InvoiceChannel): Promise<{ items: InvoiceSummary[]; next: string | null }> {
      const scope = await ctx.allow(viewer, { permission: 'orders:manage' });
      const today = todayUtc(now());
      // Staff act for the brand: its own documents, no other organisation's.
      if (channel === 'staff') {
        requireAnyScope(scope);
        return listInvoices({ organisationId: await brandId(db) }, query, today);
      }
      if (!viewer.organisationId) return { items: [], next: null };
      return listInvoices({ organisationId: viewer.organisationId }, query, today);
    },

    /** The PDF of an issued document, for either party or staff (another's is not found). */
    async pdf(viewer: Viewer, id: number, channel: InvoiceChannel): Promise<{ filename: string; bytes: Buffer }> {
      const row = await ctx.requireRow(id);
      await ctx.sideOf(viewer, row, channel);
      return renderStored(id);
    },

    /** The UBL e-invoice of an issued document, for the same people as its PDF. */
    async ubl(viewer: Viewer, id: number, channel: InvoiceChannel): Promise<{ filename: string; bytes: Buffer }> {
      const row = await ctx.requireRow(id);
      await ctx.sideOf(viewer, row, channel);
      return renderStoredUbl(id);
    },

    renderStored,
    renderStoredUbl,
  };
}

export type InvoiceService = ReturnType<typeof createInvoiceService>;
