// A statement of account on the Payments page: the period (and, for a distributor, the retailer),
// the statement itself with its running balance, and the same statement as CSV and PDF downloads.
import { Form } from 'react-router';
import { formatPrice } from '@shared/markets';
import { STATEMENT_KIND_LABELS } from '@shared/payments';
import type { PartyRef, Statement } from '@shared/payment-views';
import { buttonClass } from '~/components/admin-ui/list';
import { FormError, inputClass } from '~/components/forms/fields';
import { TableScroll } from '~/components/ui/table-scroll';

export function StatementPanel({
  customers,
  query,
  statement,
  error,
}: {
  /** The distributor's retailers; null for a retailer (its statement is with its supplier). */
  customers: PartyRef[] | null;
  query: { customerId: string; from: string; to: string };
  statement: Statement | null;
  error: string | null;
}) {
  const params = new URLSearchParams({ ...(customers ? { customerId: statement?.customer.id ?? query.customerId } : {}), from: query.from, to: query.to });
  return (
    <div className="space-y-4">
      <Form method="get" className="flex flex-wrap items-end gap-3" aria-label="Statement period">
        <input type="hidden" name="statement" value="1" />
        {customers ? (
          <label className="block text-sm font-medium">
            Retailer
            <select name="customerId" defaultValue={query.customerId} className={inputClass} required>
              <option value="">Choose a retailer</option>
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
      {statement ? <StatementTable statement={statement} downloads={params.toString()} /> : null}
    </div>
  );
}

function StatementTable({ statement: s, downloads }: { statement: Statement; downloads: string }) {
  const money = (m: number) => formatPrice(m, s.currency);
  return (
    <div className="space-y-3" data-testid="statement">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-stone-700">
          {s.issuer.name} → {s.customer.name} · {s.from} to {s.to} · {s.currency}
        </p>
        <div className="flex gap-2">
          <a href={`/api/partner/payments/statement.csv?${downloads}`} download className={buttonClass.secondary} data-testid="statement-csv">
            Download CSV
          </a>
          <a href={`/api/partner/payments/statement.pdf?${downloads}`} download className={buttonClass.secondary} data-testid="statement-pdf">
            Download PDF
          </a>
        </div>
      </div>
      <TableScroll label="Statement">
        <table className="w-full text-left text-sm" aria-label="Statement">
          <thead className="border-b border-stone-200 text-stone-700">
            <tr>
              <th scope="col" className="py-2 pr-3">
                Date
              </th>
              <th scope="col" className="py-2 pr-3">
                Type
              </th>
              <th scope="col" className="py-2 pr-3">
                Document
              </th>
              <th scope="col" className="py-2 pr-3 text-right">
                Debit
              </th>
              <th scope="col" className="py-2 pr-3 text-right">
                Credit
              </th>
              <th scope="col" className="py-2 text-right">
                Balance
              </th>
            </tr>
          </thead>
          <tbody>
            <tr className="border-b border-stone-100 text-stone-700">
              <td className="py-2 pr-3">{s.from}</td>
              <td className="py-2 pr-3" colSpan={4}>
                Opening balance
              </td>
              <td className="py-2 text-right tabular-nums">{money(s.openingMinor)}</td>
            </tr>
            {s.lines.map((l, i) => (
              <tr key={i} className="border-b border-stone-100" data-testid="statement-line">
                <td className="py-2 pr-3">{l.date}</td>
                <td className="py-2 pr-3">{STATEMENT_KIND_LABELS[l.kind]}</td>
                <td className="py-2 pr-3">
                  {l.document}
                  {l.reference ? <span className="block text-stone-600">{l.reference}</span> : null}
                </td>
                <td className="py-2 pr-3 text-right tabular-nums">{l.debitMinor ? money(l.debitMinor) : ''}</td>
                <td className="py-2 pr-3 text-right tabular-nums">{l.creditMinor ? money(l.creditMinor) : ''}</td>
                <td className="py-2 text-right tabular-nums">{money(l.balanceMinor)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr className="font-semibold">
              <td className="py-2 pr-3">{s.to}</td>
              <td className="py-2 pr-3" colSpan={4}>
                Closing balance
              </td>
              <td className="py-2 text-right tabular-nums" data-testid="statement-closing">
                {money(s.closingMinor)}
              </td>
            </tr>
          </tfoot>
        </table>
      </TableScroll>
    </div>
  );
}
