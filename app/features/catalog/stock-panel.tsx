// The brand warehouse's stock of a product in the staff editor: the ledger's balance (on hand,
// reserved, available), a form that records an adjustment with its reason (never an overwrite), and
// the latest movements. A plain form post (intent `adjust-stock`) beside the editor's JSON save.
import { Form, useNavigation } from 'react-router';
import type { FieldErrors } from '@shared/form-constants';
import { STOCK_CAUSE_LABELS, type StockBalanceView, type StockMovementView } from '@shared/schemas/stock';
import { buttonClass } from '~/components/admin-ui/list';
import { Field } from '~/components/forms/fields';

const n = (v: number) => v.toLocaleString('en-GB');
const signed = (v: number) => (v > 0 ? `+${n(v)}` : n(v));

export function StockPanel({
  balance,
  movements,
  errors,
  formError,
}: {
  balance: StockBalanceView;
  movements: StockMovementView[];
  errors: FieldErrors;
  formError?: string;
}) {
  const navigation = useNavigation();
  return (
    <section aria-labelledby="stock-heading" className="mt-10 rounded-xl bg-white p-5 shadow-sm">
      <h2 id="stock-heading" className="font-serif text-xl">
        Brand warehouse stock
      </h2>
      <dl className="mt-3 grid grid-cols-3 gap-4 text-center" aria-label="Brand warehouse balance">
        {(
          [
            ['On hand', balance.onHand],
            ['Reserved', balance.reserved],
            ['Available', balance.available],
          ] as const
        ).map(([label, value]) => (
          <div key={label} className="rounded-lg bg-stone-50 p-3">
            <dt className="text-sm text-stone-600">{label}</dt>
            <dd className="text-2xl font-semibold" data-testid={`stock-${label.toLowerCase().replace(' ', '-')}`}>
              {n(value)}
            </dd>
          </div>
        ))}
      </dl>
      <Form method="post" className="mt-4 grid gap-4 sm:grid-cols-[10rem_1fr_auto] sm:items-end" aria-labelledby="adjust-heading">
        <h3 id="adjust-heading" className="font-medium sm:col-span-3">
          Adjust stock
        </h3>
        <input type="hidden" name="intent" value="adjust-stock" />
        <Field label="Change (bottles)" name="delta" error={errors.delta} hint="Negative to take stock out.">
          {(p) => <input {...p} type="number" inputMode="numeric" step={1} required />}
        </Field>
        <Field label="Reason" name="reason" error={errors.reason} hint="e.g. Bottling run 14, breakage, stock count.">
          {(p) => <input {...p} type="text" maxLength={500} required />}
        </Field>
        <button type="submit" className={buttonClass.secondary} disabled={navigation.state !== 'idle'}>
          Record adjustment
        </button>
        {formError ? (
          <p role="alert" className="text-sm font-medium text-red-800 sm:col-span-3">
            {formError}
          </p>
        ) : null}
      </Form>
      <h3 className="mt-6 font-medium">Latest movements</h3>
      {movements.length === 0 ? (
        <p className="mt-1 text-sm text-stone-600">No movements yet.</p>
      ) : (
        <table className="mt-2 w-full text-left text-sm">
          <thead>
            <tr className="border-b border-stone-200 text-stone-600">
              <th scope="col" className="py-1 pr-2 font-medium">
                When
              </th>
              <th scope="col" className="py-1 pr-2 font-medium">
                Cause
              </th>
              <th scope="col" className="py-1 pr-2 text-right font-medium">
                Change
              </th>
              <th scope="col" className="py-1 pr-2 text-right font-medium">
                On hand after
              </th>
              <th scope="col" className="py-1 pr-2 font-medium">
                Reason
              </th>
              <th scope="col" className="py-1 font-medium">
                By
              </th>
            </tr>
          </thead>
          <tbody>
            {movements.map((m) => (
              <tr key={m.id} className="border-b border-stone-100">
                <td className="py-1 pr-2">{new Date(m.createdAt).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' })}</td>
                <td className="py-1 pr-2">{STOCK_CAUSE_LABELS[m.cause] ?? m.cause}</td>
                <td className="py-1 pr-2 text-right tabular-nums">{signed(m.onHandDelta)}</td>
                <td className="py-1 pr-2 text-right tabular-nums">{n(m.onHandAfter)}</td>
                <td className="py-1 pr-2">{m.reason}</td>
                <td className="py-1">{m.actorName ?? '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
