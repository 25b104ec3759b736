// A new shipment: the chosen buyer's approved, invoiced or paid orders with what is left to ship per
// line (a cases box each, filled with what is left: clear a box to leave the line for later), the
// carrier and the tracking number, a note. The server checks every line again under the orders' locks.
import { Form, useNavigation } from 'react-router';
import { CARRIER_KEYS, CARRIERS, type RemainingOrderView, SHIPPING_PROGRESS_LABELS } from '@shared/shipments';
import { buttonClass } from '~/components/admin-ui/list';
import { Field, FormError } from '~/components/forms/fields';
import type { ShipmentFormResult } from './types';

export function NewShipmentForm({
  recipient,
  orders,
  result,
  disabledReason,
}: {
  recipient: { id: string; name: string };
  orders: RemainingOrderView[];
  result?: ShipmentFormResult;
  disabledReason?: string | null;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting';
  const errors = result?.errors ?? {};
  const values = result?.values ?? {};
  if (orders.length === 0)
    return <p className="rounded-xl bg-white p-6 text-stone-600 shadow-sm">Nothing of {recipient.name}’s approved orders is left to ship.</p>;
  return (
    <Form method="post" noValidate className="space-y-5" aria-label="Create the shipment">
      <input type="hidden" name="recipientId" value={recipient.id} />
      <FormError message={result?.formError} />
      <fieldset disabled={!!disabledReason} className="space-y-5">
        {disabledReason ? <p className="rounded-md bg-amber-50 p-3 text-sm text-amber-950">{disabledReason}</p> : null}
        {orders.map((o) => (
          <section key={o.id} aria-label={`Order ${o.number}`} className="rounded-xl bg-white p-5 shadow-sm" data-testid="remaining-order">
            <h2 className="font-serif text-lg">
              Order {o.number}{' '}
              {o.progress === 'partially_shipped' ? (
                <span className="ml-1 rounded-full bg-amber-100 px-2 py-0.5 align-middle text-xs font-medium text-amber-900">
                  {SHIPPING_PROGRESS_LABELS[o.progress]}
                </span>
              ) : null}
            </h2>
            <div className="mt-3 grid gap-3 sm:grid-cols-2">
              {o.lines.map((l) => (
                <Field
                  key={l.orderItemId}
                  label={`${l.productName} (case of ${l.caseSize}): ${l.remaining} of ${l.cases} left`}
                  name={`cases.${l.orderItemId}`}
                  error={errors[`cases.${l.orderItemId}`]}
                >
                  {(p) => (
                    <input
                      {...p}
                      type="number"
                      inputMode="numeric"
                      min={0}
                      max={l.remaining}
                      step={1}
                      defaultValue={values[`cases.${l.orderItemId}`] ?? l.remaining}
                      aria-label={`Cases of ${l.productName} to ship on order ${o.number}`}
                    />
                  )}
                </Field>
              ))}
            </div>
          </section>
        ))}
        <section aria-label="Delivery details" className="grid gap-3 rounded-xl bg-white p-5 shadow-sm sm:grid-cols-2">
          <Field label="Carrier" name="carrier" error={errors.carrier}>
            {(p) => (
              <select {...p} defaultValue={values.carrier ?? 'dhl'}>
                {CARRIER_KEYS.map((c) => (
                  <option key={c} value={c}>
                    {CARRIERS[c].label}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field label="Tracking number" name="trackingNumber" optional hint="You can add it when you ship." error={errors.trackingNumber}>
            {(p) => <input {...p} type="text" defaultValue={values.trackingNumber ?? ''} />}
          </Field>
          <div className="sm:col-span-2">
            <Field label={`Note to ${recipient.name}`} name="note" optional error={errors.note}>
              {(p) => <textarea {...p} rows={2} defaultValue={values.note ?? ''} />}
            </Field>
          </div>
        </section>
        <button type="submit" className={buttonClass.primary} disabled={busy}>
          {busy ? 'Creating…' : 'Create shipment'}
        </button>
      </fieldset>
    </Form>
  );
}
