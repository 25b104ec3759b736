// Generate Invoice's steps, for every supplier (issue 43): pick one customer, tick its approved
// orders, see the invoice the server would issue (lines, tax, total, due date — nothing written, no
// number taken), then issue it. The preview shows what the invoice will: each line's duty and VAT
// category and rate, the duty, the VAT per category, and what it says about duty. The page around it says whose: a partner's (its customers) or staff's
// for the brand (its importers); the data comes from `generateInvoiceData` (invoices.server.ts).
import { Form, useNavigation } from 'react-router';
import { formatPrice } from '@shared/markets';
import type { InvoicePreviewView } from '@shared/invoice-views';
import { plural } from '@shared/plural';
import { DUTY_NOTES, vatRateLabel } from '@shared/tax';
import { buttonClass } from '~/components/admin-ui/list';
import { FormError, inputClass } from '~/components/forms/fields';

const article = (word: string) => `${/^[aeiou]/i.test(word) ? 'an' : 'a'} ${word}`;

/** What an invoice of the ticked orders would say if issued now (the service's preview). */
export type { InvoicePreviewView };

export interface GenerateInvoiceData {
  customers: { id: string; name: string; count: number }[];
  customer: { id: string; name: string; orders: { id: number; number: string; currency: string; totalMinor: number; submittedAt: string | null }[] } | null;
  selected: number[];
  preview: InvoicePreviewView | null;
  previewError: string | null;
}

export function GenerateInvoiceView({
  data,
  formError,
  customerLabel,
}: {
  data: GenerateInvoiceData;
  formError?: string;
  /** What the customer is called here: "Retailer", "Distributor", "Importer". */
  customerLabel: string;
}) {
  const { customers, customer, selected, preview, previewError } = data;
  const busy = useNavigation().state !== 'idle';
  const chosen = new Set(selected);
  const customerWord = customerLabel.toLowerCase();
  return (
    <>
      <section aria-labelledby="customer-heading" className="rounded-xl bg-white p-6 shadow-sm">
        <h2 id="customer-heading" className="font-serif text-xl">
          1. Choose the {customerWord}
        </h2>
        {customers.length === 0 ? (
          <p className="mt-2 text-stone-600" data-testid="nothing-to-invoice">
            No approved orders are waiting for an invoice.
          </p>
        ) : (
          <Form method="get" className="mt-3 flex flex-wrap items-end gap-3" key={customer?.id ?? 'none'}>
            <div className="flex flex-col text-sm font-medium">
              <label htmlFor="invoice-customer">{customerLabel}</label>
              <select id="invoice-customer" name="customer" defaultValue={customer?.id ?? ''} className={`${inputClass} font-normal`} required>
                <option value="" disabled>
                  Choose {article(customerWord)}
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
                <th scope="col" className="py-2 pr-3 text-right">
                  Duty
                </th>
                <th scope="col" className="py-2 pr-3 text-right">
                  VAT
                </th>
                <th scope="col" className="py-2 text-right">
                  Net
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
                  <td className="py-2 pr-3 text-right">{formatPrice(l.dutyMinor, preview.currency)}</td>
                  <td className="py-2 pr-3 text-right whitespace-nowrap">{vatRateLabel(l.vatCategory, l.vatRateBp)}</td>
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
              <dt>Duty</dt>
              <dd data-testid="preview-duty">{formatPrice(preview.dutyMinor, preview.currency)}</dd>
            </div>
            {preview.vatBreakdown.map((b) => (
              <div key={`${b.category}:${b.rateBp}`} className="flex justify-between gap-3">
                <dt>
                  VAT {vatRateLabel(b.category, b.rateBp)} on {formatPrice(b.basisMinor, preview.currency)}
                </dt>
                <dd data-testid={`preview-vat-${b.category}`}>{formatPrice(b.vatMinor, preview.currency)}</dd>
              </div>
            ))}
            <div className="flex justify-between border-t border-stone-200 pt-1 font-semibold">
              <dt>Total</dt>
              <dd data-testid="preview-total">{formatPrice(preview.totalMinor, preview.currency)}</dd>
            </div>
          </dl>
          <ul className="mt-3 space-y-1 text-sm text-stone-600">
            {preview.vatBreakdown
              .filter((b) => b.category !== 'S' && b.note)
              .map((b) => (
                <li key={b.category}>
                  VAT {b.category}: {b.note}
                </li>
              ))}
            <li>{DUTY_NOTES[preview.dutyTreatment]}</li>
            {preview.exampleRates ? (
              <li data-testid="preview-example-rates">
                A tax rate used here is an example nobody has verified yet: check it under Tax rules before relying on this invoice.
              </li>
            ) : null}
          </ul>
          <Form method="post" className="mt-4 space-y-3">
            <FormError message={formError} />
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
    </>
  );
}
