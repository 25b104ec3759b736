// The editor's price grid: one row per market, the retail price and a trade price per partner tier,
// typed as decimal money in the market's currency (an empty cell: not sold there at that tier).
import { MARKETS } from '@shared/markets';
import type { FieldErrors } from '@shared/form-constants';
import { PRICE_COLUMN_LABELS, PRICE_COLUMNS, type PriceColumn, type PriceGrid, pricePath } from './product-form';
import { TableScroll } from '~/components/ui/table-scroll';

interface PriceGridProps {
  value: PriceGrid;
  onChange: (column: PriceColumn, market: string, text: string) => void;
  errors: FieldErrors;
}

export function PriceGridInput({ value, onChange, errors }: PriceGridProps) {
  const messages = MARKETS.flatMap((m) =>
    PRICE_COLUMNS.flatMap((c) => {
      const error = errors[pricePath(c, m.code)];
      return error ? [{ id: `price-error-${c}-${m.code}`, text: `${PRICE_COLUMN_LABELS[c]}, ${m.name}: ${error}` }] : [];
    }),
  );
  return (
    <TableScroll label="Prices per market">
      <table className="w-full text-left text-sm">
        <caption className="mb-2 text-left text-stone-600">
          Prices per market, e.g. 34.99 — leave a cell empty where the product is not sold at that price.
        </caption>
        <thead>
          <tr>
            <th scope="col" className="py-2 pr-3 font-medium">
              Market
            </th>
            {PRICE_COLUMNS.map((c) => (
              <th key={c} scope="col" className="px-2 py-2 font-medium">
                {PRICE_COLUMN_LABELS[c]}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {MARKETS.map((m) => (
            <tr key={m.code} className="border-t border-stone-100">
              <th scope="row" className="py-2 pr-3 font-normal">
                {m.name} <span className="text-stone-600">({m.currency})</span>
              </th>
              {PRICE_COLUMNS.map((c) => {
                const invalid = Boolean(errors[pricePath(c, m.code)]);
                return (
                  <td key={c} className="px-2 py-1">
                    <input
                      type="text"
                      inputMode="decimal"
                      aria-label={`${PRICE_COLUMN_LABELS[c]} price in ${m.name} (${m.currency})`}
                      aria-invalid={invalid || undefined}
                      aria-describedby={invalid ? `price-error-${c}-${m.code}` : undefined}
                      value={value[c][m.code] ?? ''}
                      onChange={(e) => onChange(c, m.code, e.target.value)}
                      className="w-28 rounded-md border border-stone-400 bg-white px-2 py-1 text-right aria-[invalid=true]:border-red-700"
                    />
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      {messages.length ? (
        <ul className="mt-2 text-sm font-medium text-red-800">
          {messages.map((m) => (
            <li key={m.id} id={m.id}>
              {m.text}
            </li>
          ))}
        </ul>
      ) : null}
    </TableScroll>
  );
}
