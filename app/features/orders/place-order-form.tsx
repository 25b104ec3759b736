// The place-order form (importer's Place Order, retailer's Place Orders): the catalogue at the buyer's
// tier price, the cases the supplier can sell now, a cases box per product (more than is available is
// refused here and by the server), a note, and a running total for display only (the server prices the
// order). The hidden Idempotency-Key is the loader's, one per form: a resent form gets the order its
// first sending placed. A live refresh (the supplier's stock moved) brings new figures and a new key,
// which the form takes only once its last sending has been answered. Above it, "Fill from file" reads
// an uploaded CSV (order-csv.server.ts): its problems by row number, or the boxes filled for review.
import { useState } from 'react';
import { Form, href, useNavigation } from 'react-router';
import { formatPrice } from '@shared/markets';
import { MAX_CASES_PER_LINE } from '@shared/orders';
import { buttonClass } from '~/components/admin-ui/list';
import { Field, FormError, inputClass } from '~/components/forms/fields';
import type { OrderFormResult } from './types';
import { TableScroll } from '~/components/ui/table-scroll';
import { plural } from '@shared/plural';

/** The file "Fill from file" reads back (routes/partner/orders/template.ts). */
const ORDER_TEMPLATE = href('/partner/dashboard/order-template.csv');

export interface OrderableProduct {
  id: number;
  /** What an uploaded order names it by. */
  sku: string;
  name: string;
  category: string;
  caseSize: number;
  price: { bottleMinor: number; caseMinor: number; currency: string } | null;
  /** Whole cases the supplier can sell now; null when it is not shown. */
  availableCases: number | null;
}

/** A form filled from a past order (catalogue.server.ts reorderOf): what it starts with and what changed. */
export interface ReorderPrefill {
  /** The past order's number. */
  number: string;
  /** The cases boxes' starting values (`cases.<productId>`). */
  values: Record<string, string>;
  /** Per product id: how its line differs from the past order's (price, case size). */
  changes: Record<number, string>;
  /** Products of the past order that can no longer be ordered. */
  dropped: string[];
}

/** The line's problem the form can see before sending: more than the supplier has. */
export function overAvailable(p: Pick<OrderableProduct, 'name' | 'availableCases'>, cases: number): string | null {
  if (p.availableCases === null || cases <= p.availableCases) return null;
  return p.availableCases === 0 ? `${p.name} is out of stock.` : `Only ${plural(p.availableCases, 'case')} of ${p.name} available.`;
}

export function PlaceOrderForm({
  products,
  idempotencyKey,
  supplier,
  result,
  disabledReason,
  reorder = null,
}: {
  products: OrderableProduct[];
  idempotencyKey: string;
  supplier: string;
  result?: OrderFormResult;
  disabledReason?: string | null;
  reorder?: ReorderPrefill | null;
}) {
  const priced = products.filter((p) => p.price);
  const values = result?.values ?? reorder?.values ?? {};
  const errors = result?.errors ?? {};
  const [cases, setCases] = useState<Record<number, string>>(() => Object.fromEntries(priced.map((p) => [p.id, values[`cases.${p.id}`] ?? ''])));
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting';
  const placing = busy && navigation.formData?.get('intent') !== 'upload';
  // The key this form sends: kept across live refreshes, renewed once a sending has its answer.
  // (React's "adjusting state when a prop changes": set during render, no effect.)
  const [sending, setSending] = useState({ key: idempotencyKey, answer: result });
  if (sending.answer !== result) {
    setSending({ key: idempotencyKey, answer: result });
    // A file that read cleanly fills the boxes (and empties the others) for the buyer to review.
    if (result?.intent === 'upload' && result.upload?.lines) setCases(Object.fromEntries(priced.map((p) => [p.id, result.values?.[`cases.${p.id}`] ?? ''])));
  }
  const key = sending.key;
  const currency = priced[0]?.price?.currency ?? null;
  const count = (p: OrderableProduct) => {
    const n = Number(cases[p.id] ?? '');
    return Number.isInteger(n) && n > 0 ? n : 0;
  };
  const total = priced.reduce((s, p) => s + count(p) * (p.price?.caseMinor ?? 0), 0);
  const totalCases = priced.reduce((s, p) => s + count(p), 0);
  const over = priced.some((p) => overAvailable(p, count(p)));
  if (priced.length === 0) return <p className="rounded-xl bg-white p-6 text-stone-600 shadow-sm">No products have a trade price for your organisation yet.</p>;
  const upload = result?.intent === 'upload' ? result.upload : undefined;
  return (
    <>
      <Form method="post" encType="multipart/form-data" className="mb-4 rounded-xl bg-white p-4 text-sm shadow-sm" aria-label="Fill from a file">
        <fieldset disabled={!!disabledReason || busy} className="space-y-2">
          <input type="hidden" name="intent" value="upload" />
          <p className="text-stone-700">
            An order from your own system: upload a CSV of SKU (or product name) and cases. Nothing is placed until you check the form and press Place order.{' '}
            <a href={ORDER_TEMPLATE} download className="font-medium underline underline-offset-4 hover:text-brass">
              Download the template
            </a>
          </p>
          <div className="flex flex-wrap items-end gap-3">
            <label className="flex flex-col gap-1">
              <span className="font-medium">Order file (CSV)</span>
              <input type="file" name="file" accept=".csv,text/csv" className="text-sm" />
            </label>
            <button type="submit" className={buttonClass.secondary}>
              Fill from file
            </button>
          </div>
          {upload?.problems?.length ? (
            <div role="alert" className="rounded-md bg-red-50 p-3 text-red-900" data-testid="upload-problems">
              <p className="font-medium">
                {upload.file ? `Nothing was filled from ${upload.file}: ` : ''}fix {upload.problems.length === 1 ? 'this' : 'these'} and upload it again.
              </p>
              <ul className="mt-1 list-disc pl-5">
                {upload.problems.map((problem) => (
                  <li key={problem}>{problem}</li>
                ))}
              </ul>
            </div>
          ) : upload?.lines ? (
            <p role="status" className="rounded-md bg-sky-50 p-3 text-sky-950" data-testid="upload-filled">
              Filled from {upload.file}: {plural(upload.lines, 'product')}. Check the order below, then place it.
            </p>
          ) : null}
        </fieldset>
      </Form>
      <Form
        method="post"
        noValidate
        className="space-y-4"
        aria-label="Place an order"
        onSubmit={(e) => {
          if (over) e.preventDefault();
        }}
      >
        <input type="hidden" name="idempotencyKey" value={key} />
        <FormError message={result?.formError} />
        <fieldset disabled={!!disabledReason} className="space-y-4">
          {disabledReason ? <p className="rounded-md bg-amber-50 p-3 text-sm text-amber-950">{disabledReason}</p> : null}
          <p className="text-sm text-stone-700">Ordering from {supplier}. Enter the number of cases for each product you want.</p>
          {reorder ? (
            <div className="rounded-md bg-sky-50 p-3 text-sm text-sky-950" data-testid="reorder-notice">
              <p>Filled from order {reorder.number}: the same products and cases at today&apos;s prices. Check the marked lines before you place it.</p>
              {reorder.dropped.length ? <p className="mt-1">No longer available to order, left out: {reorder.dropped.join(', ')}.</p> : null}
            </div>
          ) : null}
          <TableScroll label="Products to order" className="rounded-xl shadow-sm">
            <table className="w-full text-left text-sm">
              <thead className="border-b border-stone-200 text-stone-700">
                <tr>
                  <th scope="col" className="px-4 py-3">
                    Product
                  </th>
                  <th scope="col" className="px-4 py-3 text-right">
                    Per bottle
                  </th>
                  <th scope="col" className="px-4 py-3 text-right">
                    Per case
                  </th>
                  <th scope="col" className="px-4 py-3 text-right">
                    Available
                  </th>
                  <th scope="col" className="px-4 py-3">
                    Cases
                  </th>
                  <th scope="col" className="px-4 py-3 text-right">
                    Line total
                  </th>
                </tr>
              </thead>
              <tbody>
                {priced.map((p) => {
                  const name = `cases.${p.id}`;
                  const error = overAvailable(p, count(p)) ?? errors[name];
                  return (
                    <tr key={p.id} className="border-b border-stone-100 align-top last:border-0" data-testid="order-product">
                      <td className="px-4 py-3">
                        <span className="font-medium">{p.name}</span>
                        <span className="block text-stone-600">
                          {p.category} · case of {p.caseSize}
                        </span>
                        {reorder?.changes[p.id] ? (
                          <span className="mt-1 block font-medium text-amber-900" data-testid="reorder-change">
                            {reorder.changes[p.id]}
                          </span>
                        ) : null}
                      </td>
                      <td className="px-4 py-3 text-right">{formatPrice(p.price!.bottleMinor, p.price!.currency)}</td>
                      <td className="px-4 py-3 text-right">{formatPrice(p.price!.caseMinor, p.price!.currency)}</td>
                      <td className="px-4 py-3 text-right" data-testid="order-available">
                        {p.availableCases === null ? '—' : p.availableCases === 0 ? 'Out of stock' : plural(p.availableCases, 'case')}
                      </td>
                      <td className="px-4 py-3">
                        <label className="sr-only" htmlFor={`order-${name}`}>
                          Cases of {p.name}
                        </label>
                        <input
                          id={`order-${name}`}
                          name={name}
                          type="number"
                          inputMode="numeric"
                          min={0}
                          max={p.availableCases === null ? MAX_CASES_PER_LINE : Math.min(p.availableCases, MAX_CASES_PER_LINE)}
                          step={1}
                          value={cases[p.id] ?? ''}
                          onChange={(e) => setCases((c) => ({ ...c, [p.id]: e.target.value }))}
                          aria-invalid={error ? true : undefined}
                          aria-describedby={error ? `order-${name}-error` : undefined}
                          className={`${inputClass} w-24`}
                        />
                        {error ? (
                          <p id={`order-${name}-error`} className="mt-1 text-sm font-medium text-red-800">
                            {error}
                          </p>
                        ) : null}
                      </td>
                      <td className="px-4 py-3 text-right">{count(p) ? formatPrice(count(p) * p.price!.caseMinor, p.price!.currency) : '—'}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </TableScroll>
          <p className="text-right" aria-live="polite" data-testid="order-preview-total">
            {totalCases} {totalCases === 1 ? 'case' : 'cases'} · <span className="font-semibold">{currency ? formatPrice(total, currency) : '—'}</span>
            <span className="block text-sm text-stone-600">Before duty and VAT; the order confirms the final amount.</span>
          </p>
          <Field
            label="Your reference"
            name="buyerReference"
            optional
            error={errors.buyerReference}
            hint="Your purchase order number: printed on the invoice and the e-invoice."
          >
            {(props) => <input {...props} type="text" maxLength={100} autoComplete="off" defaultValue={values.buyerReference ?? ''} />}
          </Field>
          <Field label="Note to your supplier" name="note" optional error={errors.note}>
            {(props) => <textarea {...props} rows={3} defaultValue={values.note ?? ''} />}
          </Field>
          <button type="submit" className={buttonClass.primary} disabled={busy || over}>
            {placing ? 'Placing…' : 'Place order'}
          </button>
        </fieldset>
      </Form>
    </>
  );
}
