// Generate Invoice (a supplier: the distributor at its spec §2 path, the importer under supplier/):
// pick one of its buyers, tick that buyer's approved orders,
// see the invoice the server would issue (lines, tax, total, due date — nothing written, no number
// taken), then issue it: the number is assigned at that moment, the retailer is emailed the PDF, and
// the page goes to the invoice. Drafts exist in the API (`POST /api/partner/invoices`) for tools that
// prepare invoices ahead; this page needs none — its preview is the draft.
import { Form, Link, useNavigation } from 'react-router';
import { buyersOf, pagesAsSupplier, tradeTypeOf } from '@shared/trade-pages';
import { formatPrice } from '@shared/markets';
import { taxRateLabel } from '@shared/invoice-totals';
import type { Route } from './+types/generate';
import { buttonClass, PageHeader } from '~/components/admin-ui/list';
import { FormError, inputClass } from '~/components/forms/fields';
import { refusalOf } from '~/lib/domain-error';
import { issueInvoiceAction, requireInvoicesPage, selectionOf } from '~/features/invoices/invoices.server';
import { plural } from '@shared/plural';

export const meta: Route.MetaFunction = () => [{ title: 'Generate Invoice · Frolic' }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireInvoicesPage(request, context);
  const invoices = context.services.invoices;
  const customers = await invoices.invoiceable(user);
  const { customerId, orderIds } = selectionOf(request);
  const type = tradeTypeOf(user.roles);
  const customer = customers.find((c) => c.id === customerId) ?? null;
  let preview: Awaited<ReturnType<typeof invoices.preview>> | null = null;
  let previewError: string | null = null;
  if (customer && orderIds.length) {
    try {
      preview = await invoices.preview(user, { customerId: customer.id, orderIds });
    } catch (err) {
      const e = refusalOf(err);
      if (!e) throw err;
      previewError = e.message ?? 'These orders cannot be invoiced.';
    }
  }
  return {
    type,
    buyer: buyersOf(type).one,
    customers: customers.map((c) => ({ id: c.id, name: c.name, count: c.orders.length })),
    customer,
    selected: orderIds,
    preview,
    previewError,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireInvoicesPage(request, context);
  return issueInvoiceAction(request, context, user);
}

export default function GenerateInvoice({ loaderData, actionData }: Route.ComponentProps) {
  const { type, buyer, customers, customer, selected, preview, previewError } = loaderData;
  const Buyer = buyer.charAt(0).toUpperCase() + buyer.slice(1);
  const busy = useNavigation().state !== 'idle';
  const chosen = new Set(selected);
  return (
    <main id="main" className="space-y-6">
      <PageHeader title="Generate Invoice" description={`Invoice one ${buyer}'s approved orders. The invoice number is assigned when you issue it.`}>
        <Link to={pagesAsSupplier(type).issuedInvoices} className={buttonClass.secondary}>
          Your invoices
        </Link>
      </PageHeader>

      <section aria-labelledby="customer-heading" className="rounded-xl bg-white p-6 shadow-sm">
        <h2 id="customer-heading" className="font-serif text-xl">
          1. Choose the {buyer}
        </h2>
        {customers.length === 0 ? (
          <p className="mt-2 text-stone-600" data-testid="nothing-to-invoice">
            No approved orders are waiting for an invoice.
          </p>
        ) : (
          <Form method="get" className="mt-3 flex flex-wrap items-end gap-3" key={customer?.id ?? 'none'}>
            <div className="flex flex-col text-sm font-medium">
              <label htmlFor="invoice-customer">{Buyer}</label>
              <select id="invoice-customer" name="customer" defaultValue={customer?.id ?? ''} className={`${inputClass} font-normal`} required>
                <option value="" disabled>
                  Choose a {buyer}
                </option>
                {customers.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.name} ({c.count} approved {c.count === 1 ? 'order' : 'orders'})
                  </option>
                ))}
              </select>
            </div>
            <button type="submit" className={buttonClass.secondary}>
              Show orders
            </button>
          </Form>
        )}
      </section>

      {customer ? (
        <section aria-labelledby="orders-heading" className="rounded-xl bg-white p-6 shadow-sm">
          <h2 id="orders-heading" className="font-serif text-xl">
            2. Tick its approved orders
          </h2>
          <Form method="get" className="mt-3 space-y-3" key={`${customer.id}-${selected.join(',')}`}>
            <input type="hidden" name="customer" value={customer.id} />
            <fieldset className="space-y-2">
              <legend className="sr-only">Orders to invoice</legend>
              {customer.orders.map((o) => (
                <label key={o.id} className="flex items-center gap-3 text-sm" data-testid="invoiceable-order">
                  <input type="checkbox" name="order" value={o.id} defaultChecked={chosen.has(o.id)} className="h-4 w-4" />
                  <span className="font-medium">{o.number}</span>
                  <span>{formatPrice(o.totalMinor, o.currency)}</span>
                  <span className="text-stone-600">placed {o.submittedAt?.slice(0, 10) ?? '—'}</span>
                </label>
              ))}
            </fieldset>
            <button type="submit" className={buttonClass.secondary}>
              Preview invoice
            </button>
          </Form>
        </section>
      ) : null}

      {previewError ? <FormError message={previewError} /> : null}

      {preview ? (
        <section aria-labelledby="preview-heading" className="rounded-xl bg-white p-6 shadow-sm">
          <h2 id="preview-heading" className="font-serif text-xl">
            3. Preview
          </h2>
          <p className="mt-1 text-sm text-stone-600">
            To {preview.customer.name}, for {preview.orders.map((o) => o.number).join(', ')}. Due {preview.dueOn} ({plural(preview.paymentTermsDays, 'day')}) if
            issued today.
          </p>
          <table className="mt-3 w-full text-left text-sm" aria-label="Invoice lines">
            <thead className="border-b border-stone-200 text-stone-700">
              <tr>
                <th scope="col" className="py-2 pr-3">
                  Product
                </th>
                <th scope="col" className="py-2 pr-3 text-right">
                  Cases
                </th>
                <th scope="col" className="py-2 pr-3 text-right">
                  Per bottle
                </th>
                <th scope="col" className="py-2 text-right">
                  Amount
                </th>
              </tr>
            </thead>
            <tbody>
              {preview.lines.map((l, i) => (
                <tr key={i} className="border-b border-stone-100 last:border-0">
                  <td className="py-2 pr-3">
                    {l.description} <span className="text-stone-600">(case of {l.caseSize})</span>
                  </td>
                  <td className="py-2 pr-3 text-right">{l.cases}</td>
                  <td className="py-2 pr-3 text-right">{formatPrice(l.unitPriceMinor, preview.currency)}</td>
                  <td className="py-2 text-right">{formatPrice(l.lineTotalMinor, preview.currency)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <dl className="mt-4 ml-auto max-w-xs space-y-1 text-sm">
            <div className="flex justify-between">
              <dt>Subtotal</dt>
              <dd>{formatPrice(preview.subtotalMinor, preview.currency)}</dd>
            </div>
            <div className="flex justify-between">
              <dt>Tax ({taxRateLabel(preview.taxRateBp)})</dt>
              <dd>{formatPrice(preview.taxMinor, preview.currency)}</dd>
            </div>
            <div className="flex justify-between border-t border-stone-200 pt-1 font-semibold">
              <dt>Total</dt>
              <dd data-testid="preview-total">{formatPrice(preview.totalMinor, preview.currency)}</dd>
            </div>
          </dl>
          <Form method="post" className="mt-4 space-y-3">
            <FormError message={actionData?.formError} />
            <input type="hidden" name="customerId" value={preview.customer.id} />
            {preview.orders.map((o) => (
              <input key={o.id} type="hidden" name="order" value={o.id} />
            ))}
            <button type="submit" className={buttonClass.primary} disabled={busy}>
              Issue invoice
            </button>
          </Form>
        </section>
      ) : null}
    </main>
  );
}
