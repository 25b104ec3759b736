// Upload Receipts: the retailer confirms what arrived — per line the cases received in good order
// and the cases damaged (together at most what was shipped; less is reported to the distributor as
// a discrepancy), a note, and one photo or PDF of the delivery. The server checks all of it again,
// the file by its content.
import { Form, useNavigation } from 'react-router';
import { ATTACHMENT_ACCEPT, ATTACHMENT_HINT, type ShipmentDetailView } from '@shared/shipments';
import { buttonClass } from '~/components/admin-ui/list';
import { DocumentSection } from '~/components/documents/parts';
import { Field, FormError } from '~/components/forms/fields';
import type { ShipmentFormResult } from './types';

export function ReceiptForm({ shipment, result }: { shipment: ShipmentDetailView; result?: ShipmentFormResult }) {
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting';
  const errors = result?.errors ?? {};
  const values = result?.values ?? {};
  return (
    <DocumentSection id="receive" heading="Confirm the delivery">
      <p className="mt-1 text-sm text-stone-700">Count what arrived. Anything short or damaged is reported to {shipment.sender.name}, who will make it good.</p>
      <Form method="post" encType="multipart/form-data" noValidate className="mt-4 space-y-4" aria-label="Confirm the delivery">
        <FormError message={result?.formError} />
        {shipment.items.map((l) => (
          <fieldset key={l.id} className="grid gap-3 rounded-md border border-stone-200 p-3 sm:grid-cols-2" data-testid="receipt-line">
            <legend className="px-1 text-sm font-medium">
              {l.productName} · {l.cases} {l.cases === 1 ? 'case' : 'cases'} shipped
            </legend>
            <Field label="Cases received in good order" name={`received.${l.id}`} error={errors[`received.${l.id}`]}>
              {(p) => (
                <input
                  {...p}
                  type="number"
                  inputMode="numeric"
                  min={0}
                  max={l.cases}
                  step={1}
                  defaultValue={values[`received.${l.id}`] ?? l.cases}
                  aria-label={`Cases of ${l.productName} received`}
                />
              )}
            </Field>
            <Field label="Cases damaged" name={`damaged.${l.id}`} error={errors[`damaged.${l.id}`]}>
              {(p) => (
                <input
                  {...p}
                  type="number"
                  inputMode="numeric"
                  min={0}
                  max={l.cases}
                  step={1}
                  defaultValue={values[`damaged.${l.id}`] ?? 0}
                  aria-label={`Cases of ${l.productName} damaged`}
                />
              )}
            </Field>
          </fieldset>
        ))}
        <Field label="Photo or PDF of the delivery" name="file" hint={ATTACHMENT_HINT} error={errors.file}>
          {(p) => <input {...p} type="file" accept={ATTACHMENT_ACCEPT} className="block text-sm" />}
        </Field>
        <Field label="Note" name="note" optional error={errors.note}>
          {(p) => <textarea {...p} rows={2} defaultValue={values.note ?? ''} />}
        </Field>
        <button type="submit" className={buttonClass.primary} disabled={busy}>
          {busy ? 'Sending…' : 'Confirm receipt'}
        </button>
      </Form>
    </DocumentSection>
  );
}
