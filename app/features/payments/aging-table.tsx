// A supplier's aging: what each buyer (a distributor's retailers, an importer's distributors) owes by
// days past due (current, 1–30, 31–60, 61–90, 90+), its account credit, and the totals per currency —
// the figures come from SQL as they are.
import { AGING_BUCKETS, AGING_LABELS } from '@shared/invoicing';
import { formatPrice } from '@shared/markets';
import type { AgingRow, AgingTotals } from '@shared/payment-views';
import { type Column, DataTable, type ExtraRow } from '~/components/admin-ui/list';

const owedMoney = (m: number, currency: string) => (m ? formatPrice(m, currency) : '—');

const columns = (buyer: string): Column<AgingRow>[] => [
  { key: 'customer', label: buyer.charAt(0).toUpperCase() + buyer.slice(1), rowHeader: true, cellClassName: 'font-medium', render: (r) => r.customer.name },
  ...AGING_BUCKETS.map((b): Column<AgingRow> => ({
    key: b,
    label: AGING_LABELS[b],
    className: 'text-right',
    // What is past due is in red.
    cellClassName: (r) => (b !== 'current' && r.buckets[b] ? 'tabular-nums text-red-800' : 'tabular-nums'),
    render: (r) => owedMoney(r.buckets[b], r.currency),
  })),
  {
    key: 'owed',
    label: 'Owed',
    className: 'text-right',
    cellClassName: 'font-medium tabular-nums',
    cellTestId: 'aging-owed',
    render: (r) => owedMoney(r.totalMinor, r.currency),
  },
  { key: 'credit', label: 'Credit', className: 'text-right', cellClassName: 'tabular-nums', render: (r) => owedMoney(r.creditMinor, r.currency) },
];

/** A currency's totals: ruled off from the buyers as they are from each other, more firmly from another currency's. */
function totalRow(t: AgingTotals): ExtraRow {
  const money = (m: number) => ({ className: 'text-right tabular-nums', content: formatPrice(m, t.currency) });
  return {
    key: t.currency,
    className: 'border-t border-stone-300 font-semibold first:border-stone-100',
    attributes: { 'data-testid': 'aging-total' },
    cells: [{ rowHeader: true, content: `Total (${t.currency})` }, ...AGING_BUCKETS.map((b) => money(t.buckets[b])), money(t.totalMinor), money(t.creditMinor)],
  };
}

/** `buyer`: what the supplier calls one of its buyers ('retailer', 'distributor'). */
export function AgingTable({ rows, totals, buyer }: { rows: AgingRow[]; totals: AgingTotals[]; buyer: string }) {
  return (
    <DataTable
      look="flat"
      caption={`Aging by ${buyer}`}
      columns={columns(buyer)}
      rows={rows}
      rowKey={(r) => `${r.customer.id}-${r.currency}`}
      rowAttributes={() => ({ 'data-testid': 'aging-row' })}
      foot={totals.map(totalRow)}
      empty={`No ${buyer} owes you anything.`}
      emptyClassName="text-stone-600"
    />
  );
}
