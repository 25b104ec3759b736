// Record a payment (a buyer, to its supplier): the amount, how and when it was paid, and how it
// splits over the open invoices — suggested oldest first as the amount is typed (shared/payments.ts,
// the same rule the server checks), every box editable; what is left unallocated becomes account
// credit once the supplier confirms. Amounts are read as text into minor units: no floating point.
import { useMemo, useState } from 'react';
import { Form, useNavigation } from 'react-router';
import { formatPrice } from '@shared/markets';
import { PAYMENT_METHOD_LABELS, PAYMENT_METHODS } from '@shared/invoicing';
import { minorFromText, suggestAllocations, textFromMinor } from '@shared/payments';
import type { PayingOverview } from '@shared/payment-views';
import { buttonClass } from '~/components/admin-ui/list';
import { Field, FormError, inputClass } from '~/components/forms/fields';
import type { PaymentFormResult } from './types';

export const allocName = (invoiceId: number) => `alloc.${invoiceId}`;

export function RecordPaymentForm({
  overview,
  result,
  idempotencyKey,
  today,
  blocked,
}: {
  overview: PayingOverview;
  result?: PaymentFormResult;
  idempotencyKey: string;
  today: string;
  blocked: boolean;
}) {
  const mine = result?.intent === 'record' ? result : undefined;
  const errors = mine?.errors ?? {};
  const values = mine?.values ?? {};
  const currency = overview.currency;
  const money = (minor: number) => formatPrice(minor, currency);
  // What this supplier's invoices in the terms' currency can still take.
  const open = useMemo(
    () => overview.invoices.filter((i) => i.currency === currency && i.issuer.id === overview.supplier?.id && i.availableMinor > 0),
    [overview, currency],
  );
  const [amount, setAmount] = useState(values.amount ?? '');
  const [edited, setEdited] = useState(Object.keys(values).some((k) => k.startsWith('alloc.')));
  const [boxes, setBoxes] = useState<Record<string, string>>(() => Object.fromEntries(open.map((i) => [allocName(i.id), values[allocName(i.id)] ?? ''])));
  const suggest = (typed: string) => {
    const { allocations } = suggestAllocations(minorFromText(typed) ?? 0, open);
    setBoxes(
      Object.fromEntries(
        open.map((i) => [allocName(i.id), textFromMinor(allocations.find((a) => a.invoiceId === i.id)?.amountMinor ?? 0).replace(/^0\.00$/, '')]),
      ),
    );
  };
  const amountMinor = minorFromText(amount);
  const allocated = Object.values(boxes).reduce((s, v) => s + (minorFromText(v) ?? 0), 0);
  const left = amountMinor === null ? null : amountMinor - allocated;
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle' && navigation.formData?.get('intent') === 'record';

  if (!overview.supplier) return <p className="text-stone-700">Your organisation has no supplier to pay yet.</p>;
  return (
    <Form method="post" noValidate className="space-y-4" aria-labelledby="record-heading" data-testid="record-payment">
      <h2 id="record-heading" className="font-serif text-2xl">
        Record a payment
      </h2>
      <p className="text-sm text-stone-700">
        To {overview.supplier.name}, in {currency}. {overview.supplier.name} confirms it once the money arrives; until then the payment holds what it allocates.
      </p>
      <FormError message={mine?.formError} />
      <input type="hidden" name="intent" value="record" />
      <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
      <input type="hidden" name="currency" value={currency} />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={`Amount (${currency})`} name="amount" error={errors.amount}>
          {(p) => (
            <input
              {...p}
              inputMode="decimal"
              autoComplete="off"
              value={amount}
              placeholder="0.00"
              onChange={(e) => {
                setAmount(e.target.value);
                if (!edited) suggest(e.target.value);
              }}
            />
          )}
        </Field>
        <Field label="Method" name="method" error={errors.method}>
          {(p) => (
            <select {...p} defaultValue={values.method ?? 'bank_transfer'}>
              {PAYMENT_METHODS.map((m) => (
                <option key={m} value={m}>
                  {PAYMENT_METHOD_LABELS[m]}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label="Reference" name="reference" optional error={errors.reference}>
          {(p) => <input {...p} defaultValue={values.reference ?? ''} maxLength={200} />}
        </Field>
        <Field label="Paid on" name="paidOn" error={errors.paidOn}>
          {(p) => <input {...p} type="date" max={today} defaultValue={values.paidOn ?? today} />}
        </Field>
      </div>
      {open.length ? (
        <fieldset className="space-y-2">
          <legend className="font-medium">Allocate to invoices</legend>
          <p className="text-sm text-stone-600">Suggested oldest due first; change any amount.</p>
          <table className="w-full text-left text-sm">
            <thead className="border-b border-stone-200 text-stone-700">
              <tr>
                <th scope="col" className="py-1 pr-2">
                  Invoice
                </th>
                <th scope="col" className="py-1 pr-2">
                  Due
                </th>
                <th scope="col" className="py-1 pr-2 text-right">
                  Can take
                </th>
                <th scope="col" className="py-1">
                  Allocate
                </th>
              </tr>
            </thead>
            <tbody>
              {open.map((i) => {
                const name = allocName(i.id);
                return (
                  <tr key={i.id} className="border-b border-stone-100 align-top" data-testid="allocation-row">
                    <th scope="row" className="py-2 pr-2 font-medium">
                      {i.number}
                    </th>
                    <td className={`py-2 pr-2 ${i.daysOverdue > 0 ? 'text-red-800' : ''}`}>{i.dueOn}</td>
                    <td className="py-2 pr-2 text-right tabular-nums">{money(i.availableMinor)}</td>
                    <td className="py-2">
                      <input
                        name={name}
                        inputMode="decimal"
                        autoComplete="off"
                        className={`${inputClass} mt-0 max-w-40`}
                        aria-label={`Amount for ${i.number}`}
                        aria-invalid={errors[name] ? true : undefined}
                        value={boxes[name] ?? ''}
                        onChange={(e) => {
                          setEdited(true);
                          setBoxes({ ...boxes, [name]: e.target.value });
                        }}
                      />
                      {errors[name] ? <p className="mt-1 text-sm font-medium text-red-800">{errors[name]}</p> : null}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
          <p className="text-sm" aria-live="polite" data-testid="allocation-summary">
            Allocated {money(allocated)}
            {left !== null && left >= 0 ? ` · ${money(left)} left as account credit` : ''}
            {left !== null && left < 0 ? ` · ${money(-left)} more than the payment` : ''}
          </p>
          {edited ? (
            <button
              type="button"
              className="text-sm text-brass underline"
              onClick={() => {
                setEdited(false);
                suggest(amount);
              }}
            >
              Suggest oldest first again
            </button>
          ) : null}
        </fieldset>
      ) : (
        <p className="text-sm text-stone-700">No invoice can take a payment now: what you pay becomes account credit.</p>
      )}
      <button type="submit" className={buttonClass.primary} disabled={busy || blocked}>
        {busy ? 'Recording…' : 'Record payment'}
      </button>
    </Form>
  );
}
