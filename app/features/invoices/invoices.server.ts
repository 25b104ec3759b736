// The invoice pages' server side: the guard (the partner page's role rule, then Order Management),
// the list query read with the API's schema, Generate Invoice's selection (a customer and its
// ticked orders, read from the query string) and the invoice page's actions (issue or discard a
// draft, a credit note with a cases box per line), each parsed with the shared zod schema and
// carried out by `services.invoices` in-process. A refusal comes back on its field or over the form.
import { href, type AppLoadContext } from 'react-router';
import { pagesAsSupplier, tradeTypeOf } from '@shared/trade-pages';
import { fieldErrors } from '@shared/field-errors';
import { MAX_RECORD_ID } from '@shared/limits';
import { creditNoteInput, draftStepInput, invoiceListQuery, type InvoiceListQuery, invoiceOrdersInput } from '@shared/schemas/invoices';
import { actionError } from '~/lib/action-result';
import { refusalOf } from '~/lib/domain-error';
import { requireAccess, requirePartnerPage } from '~/lib/guards.server';
import { partnerForm } from '~/lib/partner-action.server';

type User = Awaited<ReturnType<typeof requirePartnerPage>>;

/** An invoice page: the partner area (its role rule for role pages), and Order Management. */
export async function requireInvoicesPage(request: Request, context: AppLoadContext): Promise<User> {
  await requirePartnerPage(request, context);
  return requireAccess(request, context, { permission: 'orders:manage' });
}

/** A list page's query (?standing=&kind=&q=&after=) for one side; what does not parse is dropped. */
export function invoiceQuery(request: Request, side: 'issuer' | 'customer'): InvoiceListQuery {
  const params = new URL(request.url).searchParams;
  const keep = (key: 'standing' | 'kind' | 'q' | 'after') => {
    const v = params.get(key) || undefined;
    return invoiceListQuery.shape[key].safeParse(v).success ? v : undefined;
  };
  return invoiceListQuery.parse({ side, standing: keep('standing'), kind: keep('kind'), q: keep('q'), after: keep('after'), limit: 25 });
}

/** Generate Invoice's selection from the query string: the customer picked and the orders ticked. */
export function selectionOf(request: Request): { customerId: string | null; orderIds: number[] } {
  const params = new URL(request.url).searchParams;
  const customer = params.get('customer');
  const ids = params
    .getAll('order')
    .filter((v) => /^\d{1,10}$/.test(v))
    .map(Number)
    .filter((n) => n > 0 && n <= MAX_RECORD_ID);
  return { customerId: customer && /^[0-9a-f-]{36}$/i.test(customer) ? customer : null, orderIds: [...new Set(ids)] };
}

/** The invoice forms: their fields, the ticked orders (`order`, repeated) apart from the rest. */
async function invoiceForm(request: Request) {
  const posted = await partnerForm(request);
  const orders = posted.form.getAll('order').filter((v): v is string => typeof v === 'string');
  delete posted.values.order;
  return { ...posted, orders };
}

const invoicePage = (id: number) => href('/partner/dashboard/invoices/:id', { id: String(id) });

/**
 * Which door a page's posts go through: a partner's own (the default), or staff's acting for the
 * brand (Trade invoices) — the service's channel, and where the answers lead.
 */
export interface InvoiceDoor {
  channel: 'partner' | 'staff';
  invoicePage: (id: number) => string;
  /** Where a discarded draft leads: Generate Invoice. */
  generatePage: (user: User) => string;
}

const PARTNER_DOOR: InvoiceDoor = {
  channel: 'partner',
  invoicePage,
  generatePage: (user) => pagesAsSupplier(tradeTypeOf(user.roles)).generateInvoice,
};

/** Generate Invoice's data: the customers with orders to invoice, the one picked, and the preview of its ticked orders (or why not). */
export async function generateInvoiceData(request: Request, context: AppLoadContext, user: User, channel: 'partner' | 'staff') {
  const invoices = context.services.invoices;
  const customers = await invoices.invoiceable(user, channel);
  const { customerId, orderIds } = selectionOf(request);
  const customer = customers.find((c) => c.id === customerId) ?? null;
  let preview: Awaited<ReturnType<typeof invoices.preview>> | null = null;
  let previewError: string | null = null;
  if (customer && orderIds.length) {
    try {
      preview = await invoices.preview(user, { customerId: customer.id, orderIds }, channel);
    } catch (err) {
      const e = refusalOf(err);
      if (!e) throw err;
      previewError = e.message ?? 'These orders cannot be invoiced.';
    }
  }
  return {
    customers: customers.map((c) => ({ id: c.id, name: c.name, count: c.orders.length })),
    customer,
    selected: orderIds,
    preview,
    previewError,
  };
}

/** Generate Invoice's post: issues an invoice for the ticked orders and goes to it, or says why not. */
export async function issueInvoiceAction(request: Request, context: AppLoadContext, user: User, door: InvoiceDoor = PARTNER_DOOR) {
  const form = await invoiceForm(request);
  const { values, orders } = form;
  const parsed = invoiceOrdersInput.safeParse({ customerId: values.customerId || undefined, orderIds: orders });
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error);
    return actionError(400, { errors, formError: Object.values(errors)[0] ?? 'Choose the orders to invoice.', code: 'validation_failed', values });
  }
  let invoice: { id: number; number: string | null; customer: { name: string } };
  try {
    invoice = await context.services.invoices.issueFromOrders(user, parsed.data, context.auth.actor(user.id), door.channel);
  } catch (err) {
    return form.refused(err);
  }
  throw context.flash.redirectWithToast(door.invoicePage(invoice.id), {
    title: 'Invoice issued',
    description: `Invoice ${invoice.number} was sent to ${invoice.customer.name}.`,
  });
}

const TOASTS = { issue: 'Invoice issued', discard: 'Draft discarded', credit: 'Credit note issued' } as const;
type Intent = keyof typeof TOASTS;

/** The invoice page's post: `intent` says which; a redirect with a toast, or the errors. */
export async function invoicePageAction(request: Request, context: AppLoadContext, user: User, id: number, door: InvoiceDoor = PARTNER_DOOR) {
  const form = await invoiceForm(request);
  const { values } = form;
  const intent = values.intent as Intent;
  if (!(intent in TOASTS)) return actionError(400, { formError: 'Choose what to do.', code: 'validation_failed', values });
  const invoices = context.services.invoices;
  const actor = context.auth.actor(user.id);
  let to = door.invoicePage(id);
  try {
    switch (intent) {
      case 'issue':
      case 'discard': {
        const parsed = draftStepInput.safeParse({ version: values.version });
        if (!parsed.success) return actionError(400, { formError: 'Reload the page and try again.', code: 'validation_failed', values, intent });
        if (intent === 'issue') await invoices.issue(user, id, parsed.data, actor, door.channel);
        else {
          await invoices.discard(user, id, parsed.data, actor, door.channel);
          to = door.generatePage(user);
        }
        break;
      }
      case 'credit': {
        const lines = Object.keys(values)
          .filter((k) => /^credit\.\d+$/.test(k) && (values[k] ?? '').trim() !== '' && (values[k] ?? '').trim() !== '0')
          .map((k) => ({ invoiceItemId: Number(k.slice('credit.'.length)), cases: (values[k] ?? '').trim() }));
        const map = (path: string) => {
          const m = /^lines\.(\d+)\.(cases|invoiceItemId)$/.exec(path);
          const line = m ? lines[Number(m[1])] : undefined;
          return line ? `credit.${line.invoiceItemId}` : path === 'lines' ? 'form' : path;
        };
        const parsed = creditNoteInput.safeParse({ lines, reason: values.reason ?? '' });
        if (!parsed.success) return form.invalid(parsed.error, map, { intent });
        try {
          const note = await invoices.issueCreditNote(user, id, parsed.data, actor, door.channel);
          to = door.invoicePage(note.id);
        } catch (err) {
          return form.refused(err, map, { intent });
        }
        break;
      }
    }
  } catch (err) {
    return form.refused(err, undefined, { intent });
  }
  throw context.flash.redirectWithToast(to, { title: TOASTS[intent] });
}
