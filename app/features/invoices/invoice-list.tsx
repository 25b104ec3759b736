// A list of invoices (or credit notes) with its filters: standing, search (number, the other party,
// an order number) and the kind; newest first, a link to the next (older) page.
import { Form, Link, useSearchParams } from 'react-router';
import { formatPrice } from '@shared/markets';
import { INVOICE_STANDING_LABELS, INVOICE_STANDINGS } from '@shared/invoicing';
import { buttonClass, type Column, DataTable } from '~/components/admin-ui/list';
import { inputClass } from '~/components/forms/fields';
import { StandingBadge } from './standing-badge';
import type { InvoiceSummaryView } from '@shared/invoice-views';

/** The standings a list filters on (a draft is the issuer's alone). */
const FILTERS = (drafts: boolean) => INVOICE_STANDINGS.filter((s) => drafts || s !== 'draft');

export function InvoiceFilters({ drafts }: { drafts: boolean }) {
  const [params] = useSearchParams();
  return (
    <Form method="get" role="search" className="flex flex-wrap items-end gap-3" key={params.toString()}>
      <label className="flex flex-col text-sm font-medium">
        Search
        <input type="search" name="q" defaultValue={params.get('q') ?? ''} placeholder="Number, name or order" className={`${inputClass} w-64 font-normal`} />
      </label>
      <label className="flex flex-col text-sm font-medium">
        Status
        <select name="standing" defaultValue={params.get('standing') ?? ''} className={`${inputClass} font-normal`}>
          <option value="">All</option>
          {FILTERS(drafts).map((s) => (
            <option key={s} value={s}>
              {INVOICE_STANDING_LABELS[s]}
            </option>
          ))}
        </select>
      </label>
      <label className="flex flex-col text-sm font-medium">
        Show
        <select name="kind" defaultValue={params.get('kind') ?? 'invoice'} className={`${inputClass} font-normal`}>
          <option value="invoice">Invoices</option>
          <option value="credit_note">Credit notes</option>
        </select>
      </label>
      <button type="submit" className={buttonClass.secondary}>
        Filter
      </button>
    </Form>
  );
}

export function InvoiceList({
  invoices,
  party,
  linkTo,
  empty,
  label,
  next,
}: {
  invoices: InvoiceSummaryView[];
  /** Which party to name: the customer (the issuer's lists) or the issuer (the customer's). */
  party: 'customer' | 'issuer';
  linkTo: (id: number) => string;
  empty: string;
  label: string;
  /** The cursor of the next page, if there is one. */
  next: string | null;
}) {
  const [params] = useSearchParams();
  const older = new URLSearchParams(params);
  if (next) older.set('after', next);
  const columns: Column<InvoiceSummaryView>[] = [
    {
      key: 'number',
      label: 'Number',
      cellClassName: 'font-medium',
      render: (i) => (
        <>
          <Link to={linkTo(i.id)} className="underline" data-testid="invoice-row-number">
            {i.number ?? `Draft #${i.id}`}
          </Link>
          {i.creditsInvoice ? <span className="block text-xs text-stone-600">on {i.creditsInvoice.number}</span> : null}
        </>
      ),
    },
    { key: 'party', label: party === 'customer' ? 'Customer' : 'From', render: (i) => i[party].name },
    { key: 'standing', label: 'Status', render: (i) => <StandingBadge standing={i.standing} kind={i.kind} testId="invoice-row-standing" /> },
    { key: 'total', label: 'Total', className: 'text-right', cellTestId: 'invoice-row-total', render: (i) => formatPrice(i.totalMinor, i.currency) },
    {
      key: 'outstanding',
      label: 'Outstanding',
      className: 'text-right',
      render: (i) => (i.kind === 'invoice' && i.state === 'issued' ? formatPrice(i.outstandingMinor, i.currency) : '—'),
    },
    { key: 'issued', label: 'Issued', render: (i) => i.issuedOn ?? '—' },
    { key: 'due', label: 'Due', render: (i) => (i.kind === 'invoice' ? (i.dueOn ?? '—') : '—') },
  ];
  if (invoices.length === 0) return <p className="rounded-xl bg-white p-6 text-stone-600 shadow-sm">{empty}</p>;
  return (
    <div className="space-y-3">
      <DataTable
        look="trade"
        columns={columns}
        rows={invoices}
        rowKey={(i) => i.id}
        rowAttributes={() => ({ 'data-testid': 'invoice-row' })}
        caption={label}
        empty={empty}
      />
      {next ? (
        <Link to={`?${older}`} className={buttonClass.secondary}>
          Older invoices
        </Link>
      ) : null}
    </div>
  );
}
