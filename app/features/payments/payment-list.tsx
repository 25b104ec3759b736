// Payments as a table, for either side: when and how much, what it paid, where it stands — and what
// the viewer may do now: the distributor confirms a pending payment or marks it failed (with a
// reason); the retailer applies a settled payment's account credit to an open invoice.
import { Form, useNavigation } from 'react-router';
import { formatPrice } from '@shared/markets';
import { PAYMENT_METHOD_LABELS } from '@shared/invoicing';
import { textFromMinor } from '@shared/payments';
import type { OwedInvoiceView, PaymentView } from '@shared/payment-views';
import { buttonClass, type Column, DataTable } from '~/components/admin-ui/list';
import { FormError, inputClass } from '~/components/forms/fields';
import { PaymentStatusBadge } from './badges';
import type { PaymentFormResult } from './types';

function useBusy(intent: string, id: number) {
  const navigation = useNavigation();
  return navigation.state !== 'idle' && navigation.formData?.get('intent') === intent && navigation.formData?.get('paymentId') === String(id);
}

export function PaymentList({
  payments,
  label,
  empty,
  result,
  openInvoices = [],
  counterparty,
}: {
  payments: PaymentView[];
  label: string;
  empty: string;
  result?: PaymentFormResult;
  /** For applying credit: the payer's invoices that can take money. */
  openInvoices?: OwedInvoiceView[];
  /** Which party's name the table shows. */
  counterparty: 'payer' | 'payee';
}) {
  const columns: Column<PaymentView>[] = [
    {
      key: 'payment',
      label: 'Payment',
      render: (p) => (
        <>
          <span className="font-medium">{p.label}</span>
          <span className="block text-stone-600">
            {PAYMENT_METHOD_LABELS[p.method]}
            {p.reference ? ` · ${p.reference}` : ''}
          </span>
        </>
      ),
    },
    { key: 'party', label: counterparty === 'payer' ? 'From' : 'To', render: (p) => (counterparty === 'payer' ? p.payer.name : p.payee.name) },
    { key: 'paidOn', label: 'Paid on', render: (p) => p.paidOn },
    {
      key: 'amount',
      label: 'Amount',
      className: 'text-right',
      cellClassName: 'tabular-nums',
      cellTestId: 'payment-amount',
      render: (p) => formatPrice(p.amountMinor, p.currency),
    },
    {
      key: 'allocations',
      label: 'Allocated to',
      render: (p) => (
        <>
          {p.allocations.map((a) => (
            <span key={a.invoiceId} className="block">
              {a.number}: {formatPrice(a.amountMinor, p.currency)}
            </span>
          ))}
          {p.unallocatedMinor > 0 ? (
            <span className="block text-stone-600" data-testid="payment-credit">
              {p.status === 'failed' ? 'Unallocated' : 'Account credit'}: {formatPrice(p.unallocatedMinor, p.currency)}
            </span>
          ) : null}
        </>
      ),
    },
    {
      key: 'status',
      label: 'Status',
      render: (p) => (
        <>
          <PaymentStatusBadge status={p.status} />
          {p.failureReason ? <span className="mt-1 block text-red-900">{p.failureReason}</span> : null}
        </>
      ),
    },
    {
      key: 'actions',
      label: 'Actions',
      hiddenLabel: true,
      cellClassName: 'space-y-2',
      render: (p) => <PaymentActions payment={p} result={result} openInvoices={openInvoices} />,
    },
  ];
  return (
    <DataTable
      look="compact"
      columns={columns}
      rows={payments}
      rowKey={(p) => p.id}
      rowAttributes={(p) => ({ 'data-testid': 'payment-row', 'data-payment': p.label })}
      caption={label}
      empty={empty}
      emptyClassName="text-stone-600"
    />
  );
}

/** What the viewer may do with a payment now (a component of its own: it watches the navigation). */
function PaymentActions({ payment: p, result, openInvoices }: { payment: PaymentView; result?: PaymentFormResult; openInvoices: OwedInvoiceView[] }) {
  const money = (minor: number) => formatPrice(minor, p.currency);
  const mine = result && result.values?.paymentId === String(p.id) ? result : undefined;
  const confirming = useBusy('confirm', p.id);
  const failing = useBusy('fail', p.id);
  const applying = useBusy('apply_credit', p.id);
  const can = (a: string) => p.actions.includes(a as never);
  const creditable = openInvoices.filter((i) => i.currency === p.currency && i.issuer.id === p.payee.id && i.availableMinor > 0);
  return (
    <>
      {mine ? <FormError message={mine.formError} /> : null}
      {can('confirm') ? (
        <Form method="post">
          <input type="hidden" name="intent" value="confirm" />
          <input type="hidden" name="paymentId" value={p.id} />
          <input type="hidden" name="version" value={p.version} />
          <button type="submit" className={buttonClass.primary} disabled={confirming} aria-label={`Confirm ${p.label}`}>
            {confirming ? 'Confirming…' : 'Confirm'}
          </button>
        </Form>
      ) : null}
      {can('fail') ? (
        <Form method="post" className="flex flex-wrap items-start gap-2">
          <input type="hidden" name="intent" value="fail" />
          <input type="hidden" name="paymentId" value={p.id} />
          <input type="hidden" name="version" value={p.version} />
          <input
            name="reason"
            className={`${inputClass} mt-0 max-w-48`}
            placeholder="Why it failed"
            aria-label={`Why ${p.label} failed`}
            aria-invalid={mine?.intent === 'fail' && mine.errors.reason ? true : undefined}
            defaultValue={mine?.intent === 'fail' ? (mine.values?.reason ?? '') : ''}
          />
          <button type="submit" className={buttonClass.danger} disabled={failing}>
            {failing ? 'Sending…' : 'Mark failed'}
          </button>
          {mine?.intent === 'fail' && mine.errors.reason ? <p className="w-full text-sm font-medium text-red-800">{mine.errors.reason}</p> : null}
        </Form>
      ) : null}
      {can('apply_credit') && creditable.length ? (
        <Form method="post" className="flex flex-wrap items-start gap-2" aria-label={`Apply credit of ${p.label}`}>
          <input type="hidden" name="intent" value="apply_credit" />
          <input type="hidden" name="paymentId" value={p.id} />
          <select name="invoiceId" className={`${inputClass} mt-0 max-w-44`} aria-label="Invoice to pay with the credit" defaultValue={mine?.values?.invoiceId}>
            {creditable.map((i) => (
              <option key={i.id} value={i.id}>
                {i.number} ({money(i.availableMinor)})
              </option>
            ))}
          </select>
          <input
            name="creditAmount"
            inputMode="decimal"
            className={`${inputClass} mt-0 max-w-28`}
            aria-label="Amount of credit to apply"
            defaultValue={mine?.values?.creditAmount ?? textFromMinor(p.unallocatedMinor)}
          />
          <button type="submit" className={buttonClass.secondary} disabled={applying}>
            {applying ? 'Applying…' : 'Apply credit'}
          </button>
          {mine?.errors.creditAmount ? <p className="w-full text-sm font-medium text-red-800">{mine.errors.creditAmount}</p> : null}
        </Form>
      ) : null}
    </>
  );
}
