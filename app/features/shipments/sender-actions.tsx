// The sender's side of a shipment page: the moves the transition table allows now (ship — with the
// tracking number if it is still missing —, in transit, an exception with its reason, back in
// transit), calling off a shipment still being prepared, and the answer to a discrepancy: a
// replacement shipment (a cases box per missing line, up to what is missing) or a credit note.
import { Form, useNavigation } from 'react-router';
import { formatPrice } from '@shared/markets';
import { CARRIER_KEYS, CARRIERS, SENDER_ACTIONS, type ShipmentDetailView, SHIPMENT_ACTION_LABELS, type SenderAction } from '@shared/shipments';
import { buttonClass } from '~/components/admin-ui/list';
import { Field, FormError } from '~/components/forms/fields';
import type { ShipmentFormResult } from './types';
import { plural } from '@shared/plural';

function useBusy(intent: string) {
  const navigation = useNavigation();
  return navigation.state !== 'idle' && navigation.formData?.get('intent') === intent;
}

export function SenderActions({ shipment, result }: { shipment: ShipmentDetailView; result?: ShipmentFormResult }) {
  const moves = shipment.actions.filter((a): a is SenderAction => (SENDER_ACTIONS as readonly string[]).includes(a));
  const discardable = shipment.actions.includes('discard');
  const open = shipment.actions.includes('resolve') && shipment.receipt !== null;
  if (moves.length === 0 && !discardable && !open) return null;
  return (
    <section
      aria-labelledby="sender-heading"
      className="space-y-5 rounded-xl bg-white p-6 shadow-sm"
      key={`${shipment.version}-${shipment.receipt?.version ?? 0}`}
    >
      <h2 id="sender-heading" className="font-serif text-xl">
        What you can do
      </h2>
      {moves.map((action) => (
        <MoveForm key={action} action={action} shipment={shipment} result={result?.intent === action ? result : undefined} />
      ))}
      {discardable ? <DiscardForm shipment={shipment} result={result?.intent === 'discard' ? result : undefined} /> : null}
      {open ? <Resolve shipment={shipment} result={result} /> : null}
    </section>
  );
}

function MoveForm({ action, shipment, result }: { action: SenderAction; shipment: ShipmentDetailView; result?: ShipmentFormResult }) {
  const busy = useBusy(action);
  const errors = result?.errors ?? {};
  return (
    <Form method="post" noValidate className="space-y-3" aria-label={SHIPMENT_ACTION_LABELS[action]}>
      <input type="hidden" name="intent" value={action} />
      <input type="hidden" name="version" value={shipment.version} />
      <FormError message={result?.formError} />
      {action === 'ship' && !shipment.trackingNumber ? (
        <Field label="Tracking number" name="trackingNumber" optional error={errors.trackingNumber}>
          {(p) => <input {...p} type="text" defaultValue={result?.values?.trackingNumber ?? ''} />}
        </Field>
      ) : null}
      {action === 'exception' ? (
        <Field label="What went wrong" name="reason" error={errors.reason}>
          {(p) => <textarea {...p} rows={2} defaultValue={result?.values?.reason ?? ''} />}
        </Field>
      ) : null}
      <button type="submit" className={action === 'exception' ? buttonClass.danger : buttonClass.primary} disabled={busy}>
        {busy ? 'Saving…' : SHIPMENT_ACTION_LABELS[action]}
      </button>
    </Form>
  );
}

function DiscardForm({ shipment, result }: { shipment: ShipmentDetailView; result?: ShipmentFormResult }) {
  const busy = useBusy('discard');
  return (
    <Form method="post" className="space-y-2 border-t border-stone-200 pt-4" aria-label="Call off the shipment">
      <input type="hidden" name="intent" value="discard" />
      <input type="hidden" name="version" value={shipment.version} />
      <FormError message={result?.formError} />
      <p className="text-sm text-stone-700">Not shipped yet: calling it off frees its lines to ship again.</p>
      <button type="submit" className={buttonClass.danger} disabled={busy}>
        {busy ? 'Calling off…' : 'Call off shipment'}
      </button>
    </Form>
  );
}

function Resolve({ shipment, result }: { shipment: ShipmentDetailView; result?: ShipmentFormResult }) {
  const receipt = shipment.receipt!;
  const missing = shipment.items.filter((l) => (l.missing ?? 0) > 0);
  const replacing = useBusy('replacement');
  const crediting = useBusy('credit_note');
  const mine = result?.intent === 'replacement' ? result : undefined;
  const credit = result?.intent === 'credit_note' ? result : undefined;
  const errors = mine?.errors ?? {};
  const values = mine?.values ?? {};
  return (
    <div className="space-y-5 border-t border-stone-200 pt-4" data-testid="resolve">
      <div>
        <h3 className="font-medium">Answer the discrepancy</h3>
        <p className="text-sm text-stone-700">
          {shipment.recipient.name} reported{' '}
          {plural(
            missing.reduce((n, l) => n + (l.missing ?? 0), 0),
            'case',
          )}{' '}
          short or damaged. Send them again, or credit them.
        </p>
      </div>
      <Form method="post" noValidate className="space-y-3" aria-label="Send a replacement">
        <input type="hidden" name="intent" value="replacement" />
        <input type="hidden" name="receiptId" value={receipt.id} />
        <input type="hidden" name="version" value={receipt.version} />
        <h4 className="text-sm font-semibold">Replacement shipment</h4>
        <FormError message={mine?.formError} />
        {missing.map((l) => (
          <Field key={l.id} label={`${l.productName}: cases to send again (${l.missing} missing)`} name={`replace.${l.id}`} error={errors[`replace.${l.id}`]}>
            {(p) => (
              <input
                {...p}
                type="number"
                inputMode="numeric"
                min={0}
                max={l.missing ?? 0}
                step={1}
                defaultValue={values[`replace.${l.id}`] ?? l.missing ?? 0}
              />
            )}
          </Field>
        ))}
        <div className="grid gap-3 sm:grid-cols-2">
          <Field label="Carrier" name="carrier" error={errors.carrier}>
            {(p) => (
              <select {...p} defaultValue={values.carrier ?? shipment.carrier}>
                {CARRIER_KEYS.map((c) => (
                  <option key={c} value={c}>
                    {CARRIERS[c].label}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field label="Tracking number" name="trackingNumber" optional error={errors.trackingNumber}>
            {(p) => <input {...p} type="text" defaultValue={values.trackingNumber ?? ''} />}
          </Field>
        </div>
        <Field label="Note to the retailer" name="note" optional error={errors.note}>
          {(p) => <textarea {...p} rows={2} defaultValue={values.note ?? ''} />}
        </Field>
        <button type="submit" className={buttonClass.primary} disabled={replacing}>
          {replacing ? 'Creating…' : 'Create replacement shipment'}
        </button>
      </Form>
      <div className="space-y-3 border-t border-stone-100 pt-4">
        <h4 className="text-sm font-semibold">Credit note</h4>
        <FormError message={credit?.formError} />
        <Form method="post" noValidate aria-label="Credit what is missing">
          <input type="hidden" name="intent" value="credit_note" />
          <input type="hidden" name="receiptId" value={receipt.id} />
          <input type="hidden" name="version" value={receipt.version} />
          <p className="mb-2 text-sm text-stone-700">
            Credits the missing and damaged cases on the invoice that billed them, numbered and emailed to {shipment.recipient.name} like any credit note.
          </p>
          <button type="submit" className={buttonClass.secondary} disabled={crediting}>
            {crediting ? 'Issuing…' : 'Issue credit note for what is missing'}
          </button>
        </Form>
        {shipment.creditNotes.length > 0 ? (
          <Form method="post" noValidate className="space-y-3" aria-label="Answer with a credit note already issued">
            <input type="hidden" name="intent" value="credit_note" />
            <input type="hidden" name="receiptId" value={receipt.id} />
            <input type="hidden" name="version" value={receipt.version} />
            <Field label="Or a credit note you issued already" name="creditNoteId" error={credit?.errors?.creditNoteId}>
              {(p) => (
                <select {...p} defaultValue={credit?.values?.creditNoteId ?? ''}>
                  <option value="">Choose…</option>
                  {shipment.creditNotes.map((c) => (
                    <option key={c.id} value={c.id}>
                      {c.number} · {formatPrice(c.totalMinor, c.currency)}
                      {c.issuedOn ? ` · ${c.issuedOn}` : ''}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            <button type="submit" className={buttonClass.secondary} disabled={crediting}>
              {crediting ? 'Saving…' : 'Resolve with this credit note'}
            </button>
          </Form>
        ) : null}
      </div>
    </div>
  );
}
