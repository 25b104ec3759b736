// The trade catalogue as a table (View Products: every partner compares prices and case sizes) and
// as a grid of cards (Browse Catalog: the retailer's shelf, where ordering will start).
import { href, Link } from 'react-router';
import { CATEGORY_LABELS, type ProductCategory } from '@shared/limits-catalog';
import type { TradeProduct } from '@shared/partner-catalog-constants';
import { AvailabilityView, TradePriceView } from './trade-price';
import { TableScroll } from '~/components/ui/table-scroll';
import { plural } from '@shared/plural';

const productHref = (slug: string) => href('/partner/dashboard/products/:slug', { slug });
const categoryLabel = (c: string) => CATEGORY_LABELS[c as ProductCategory] ?? c;

export function CatalogueTable({ items, inventory }: { items: TradeProduct[]; inventory: boolean }) {
  return (
    <TableScroll label="Products" className="rounded-xl shadow-sm">
      <table className="w-full text-left text-sm" aria-label="Products">
        <thead className="border-b border-stone-200 text-stone-700">
          <tr>
            <th scope="col" className="px-4 py-3 font-semibold">
              Product
            </th>
            <th scope="col" className="px-4 py-3 font-semibold">
              Category
            </th>
            <th scope="col" className="px-4 py-3 font-semibold">
              Case size
            </th>
            <th scope="col" className="px-4 py-3 font-semibold">
              Trade price
            </th>
            {inventory ? (
              <th scope="col" className="px-4 py-3 font-semibold">
                Availability
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody className="divide-y divide-stone-100">
          {items.map((p) => (
            <tr key={p.id}>
              <td className="px-4 py-3">
                <div className="flex items-center gap-3">
                  <img src={p.imageUrl} alt="" width={32} height={56} loading="lazy" className="h-14 w-8 object-contain" />
                  <div>
                    <Link to={productHref(p.slug)} className="font-medium underline decoration-stone-300 underline-offset-4 hover:text-brass">
                      {p.name}
                    </Link>
                    <p className="text-xs text-stone-600">
                      <span className="font-mono">{p.sku}</span> · {p.abv.toFixed(1)}% ABV · {p.volumeMl / 10} cl
                    </p>
                  </div>
                </div>
              </td>
              <td className="px-4 py-3">{categoryLabel(p.category)}</td>
              <td className="px-4 py-3">{plural(p.caseSize, 'bottle')}</td>
              <td className="px-4 py-3">
                <TradePriceView price={p.price} caseSize={p.caseSize} />
              </td>
              {inventory ? (
                <td className="px-4 py-3">
                  <AvailabilityView availability={p.availability} caseSize={p.caseSize} />
                  <AvailabilityView availability={p.own} caseSize={p.caseSize} own />
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}

export function CatalogueGrid({ items }: { items: TradeProduct[] }) {
  return (
    <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-label="Products">
      {items.map((p) => (
        <li key={p.id} className="relative flex gap-4 rounded-xl border border-stone-200 bg-white p-4 shadow-sm hover:shadow-md">
          <img src={p.imageUrl} alt="" width={64} height={112} loading="lazy" className="h-28 w-16 shrink-0 object-contain" />
          <div className="flex min-w-0 flex-1 flex-col gap-1">
            <p className="text-xs font-semibold tracking-wider text-brass uppercase">{categoryLabel(p.category)}</p>
            <h2 className="font-serif text-lg">
              <Link to={productHref(p.slug)} className="after:absolute after:inset-0 focus:outline-none focus-visible:underline">
                {p.name}
              </Link>
            </h2>
            <p className="text-xs text-stone-600">
              <span className="font-mono">{p.sku}</span> · {p.abv.toFixed(1)}% ABV · {p.volumeMl / 10} cl · cases of {p.caseSize}
            </p>
            <div className="mt-auto pt-2">
              <TradePriceView price={p.price} caseSize={p.caseSize} />
              <AvailabilityView availability={p.availability} caseSize={p.caseSize} />
              <AvailabilityView availability={p.own} caseSize={p.caseSize} own />
            </div>
          </div>
        </li>
      ))}
    </ul>
  );
}
