// A statement of account on the Payments page: the period (and, for a supplier, the buyer),
// the statement itself with its running balance, and the same statement as CSV and PDF downloads.
// The downloads come from `apiBase`: the partner's payments API, or staff's for the brand.
import { Form } from 'react-router';
import { formatPrice } from '@shared/markets';
import { STATEMENT_KIND_LABELS, type StatementLine } from '@shared/payments';
import type { PartyRef, Statement } from '@shared/payment-views';
import { buttonClass, type Column, DataTable, type ExtraCell } from '~/components/admin-ui/list';
import { FormError, inputClass } from '~/components/forms/fields';

export function StatementPanel({
  customers,
  buyer = 'retailer',
  side,
  query,
  statement,
  error,
  apiBase = '/api/partner/payments',
}: {
  /** The supplier's buyers; null on the paying side (the statement is with the viewer's supplier). */
  customers: PartyRef[] | null;
  /** What the supplier calls one of its buyers. */
  buyer?: string;
  /** The Payments page's side, kept when the period is sent. */
  side?: string;
  query: { customerId: string; from: string; to: string };
  statement: Statement | null;
  error: string | null;
  apiBase?: string;
}) {
  const params = new URLSearchParams({ ...(customers ? { customerId: statement?.customer.id ?? query.customerId } : {}), from: query.from, to: query.to });
  return (
    <div className="space-y-4">
      <Form method="get" className="flex flex-wrap items-end gap-3" aria-label="Statement period">
        <input type="hidden" name="statement" value="1" />
        {side ? <input type="hidden" name="side" value={side} /> : null}
        {customers ? (
          <label className="block text-sm font-medium">
            {buyer.charAt(0).toUpperCase() + buyer.slice(1)}
            <select name="customerId" defaultValue={query.customerId} className={inputClass} required>
              <option value="">Choose a {buyer}</option>
              {customers.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </select>
          </label>
        ) : null}
        <label className="block text-sm font-medium">
          From
          <input type="date" name="from" defaultValue={query.from} className={inputClass} required />
        </label>
        <label className="block text-sm font-medium">
          To
          <input type="date" name="to" defaultValue={query.to} className={inputClass} required />
        </label>
        <button type="submit" className={buttonClass.secondary}>
          Show statement
        </button>
      </Form>
      <FormError message={error ?? undefined} />
      {statement ? <StatementTable statement={statement} downloads={params.toString()} apiBase={apiBase} /> : null}
    </div>
  );
}

const amount = { className: 'text-right', cellClassName: 'tabular-nums' } as const;

function columns(currency: string): Column<StatementLine>[] {
  const money = (m: number) => formatPrice(m, currency);
  return [
    { key: 'date', label: 'Date', render: (l) => l.date },
    { key: 'kind', label: 'Type', render: (l) => STATEMENT_KIND_LABELS[l.kind] },
    {
      key: 'document',
      label: 'Document',
      render: (l) => (
        <>
          {l.document}
          {l.reference ? <span className="block text-stone-600">{l.reference}</span> : null}
        </>
      ),
    },
    { key: 'debit', label: 'Debit', ...amount, render: (l) => (l.debitMinor ? money(l.debitMinor) : '') },
    { key: 'credit', label: 'Credit', ...amount, render: (l) => (l.creditMinor ? money(l.creditMinor) : '') },
    { key: 'balance', label: 'Balance', ...amount, render: (l) => money(l.balanceMinor) },
  ];
}

/** An opening or closing balance: its date, what it is across the type, document and amounts, the balance. */
function balanceCells(date: string, what: string, balance: string, testId?: string): ExtraCell[] {
  return [{ content: date }, { content: what, span: 4 }, { content: balance, className: 'text-right tabular-nums', ...(testId ? { testId } : {}) }];
}

function StatementTable({ statement: s, downloads, apiBase }: { statement: Statement; downloads: string; apiBase: string }) {
  const money = (m: number) => formatPrice(m, s.currency);
  return (
    <div className="space-y-3" data-testid="statement">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-stone-700">
          {s.issuer.name} → {s.customer.name} · {s.from} to {s.to} · {s.currency}
        </p>
        <div className="flex gap-2">
          <a href={`${apiBase}/statement.csv?${downloads}`} download className={buttonClass.secondary} data-testid="statement-csv">
            Download CSV
          </a>
          <a href={`${apiBase}/statement.pdf?${downloads}`} download className={buttonClass.secondary} data-testid="statement-pdf">
            Download PDF
          </a>
        </div>
      </div>
      <DataTable
        look="flat"
        caption="Statement"
        columns={columns(s.currency)}
        rows={s.lines}
        rowKey={(_, i) => i}
        rowAttributes={() => ({ 'data-testid': 'statement-line' })}
        lead={[{ key: 'opening', className: 'text-stone-700', cells: balanceCells(s.from, 'Opening balance', money(s.openingMinor)) }]}
        // Ruled off from the lines as they are from each other.
        foot={[
          {
            key: 'closing',
            className: 'border-t border-stone-100 font-semibold',
            cells: balanceCells(s.to, 'Closing balance', money(s.closingMinor), 'statement-closing'),
          },
        ]}
        empty=""
      />
    </div>
  );
}
