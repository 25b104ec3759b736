// A distributor's aging: what each retailer owes by days past due (current, 1–30, 31–60, 61–90,
// 90+), its account credit, and the totals per currency — the figures come from SQL as they are.
import { AGING_BUCKETS, AGING_LABELS } from '@shared/invoicing';
import { formatPrice } from '@shared/markets';
import type { AgingRow, AgingTotals } from '@shared/payment-views';
import { TableScroll } from '~/components/ui/table-scroll';

export function AgingTable({ rows, totals }: { rows: AgingRow[]; totals: AgingTotals[] }) {
  if (!rows.length) return <p className="text-stone-600">No retailer owes you anything.</p>;
  return (
    <TableScroll label="Aging by retailer">
      <table className="w-full text-left text-sm" aria-label="Aging by retailer">
        <thead className="border-b border-stone-200 text-stone-700">
          <tr>
            <th scope="col" className="py-2 pr-3">
              Retailer
            </th>
            {AGING_BUCKETS.map((b) => (
              <th key={b} scope="col" className="py-2 pr-3 text-right">
                {AGING_LABELS[b]}
              </th>
            ))}
            <th scope="col" className="py-2 pr-3 text-right">
              Owed
            </th>
            <th scope="col" className="py-2 text-right">
              Credit
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => {
            const money = (m: number) => (m ? formatPrice(m, r.currency) : '—');
            return (
              <tr key={`${r.customer.id}-${r.currency}`} className="border-b border-stone-100" data-testid="aging-row">
                <th scope="row" className="py-2 pr-3 font-medium">
                  {r.customer.name}
                </th>
                {AGING_BUCKETS.map((b) => (
                  <td key={b} className={`py-2 pr-3 text-right tabular-nums ${b !== 'current' && r.buckets[b] ? 'text-red-800' : ''}`}>
                    {money(r.buckets[b])}
                  </td>
                ))}
                <td className="py-2 pr-3 text-right font-medium tabular-nums" data-testid="aging-owed">
                  {money(r.totalMinor)}
                </td>
                <td className="py-2 text-right tabular-nums">{money(r.creditMinor)}</td>
              </tr>
            );
          })}
        </tbody>
        <tfoot>
          {totals.map((t) => {
            const money = (m: number) => formatPrice(m, t.currency);
            return (
              <tr key={t.currency} className="border-t border-stone-300 font-semibold" data-testid="aging-total">
                <th scope="row" className="py-2 pr-3">
                  Total ({t.currency})
                </th>
                {AGING_BUCKETS.map((b) => (
                  <td key={b} className="py-2 pr-3 text-right tabular-nums">
                    {money(t.buckets[b])}
                  </td>
                ))}
                <td className="py-2 pr-3 text-right tabular-nums">{money(t.totalMinor)}</td>
                <td className="py-2 text-right tabular-nums">{money(t.creditMinor)}</td>
              </tr>
            );
          })}
        </tfoot>
      </table>
    </TableScroll>
  );
}
