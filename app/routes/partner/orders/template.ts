// The order template (Place Order's "Download the template"): the products this buyer may order now,
// by SKU and name with their case size, and an empty Cases column — the file the upload reads back
// (order-csv.server.ts). Every buyer's; the form it fills is Place Order or Place Orders.
import { stringify } from 'csv-stringify/sync';
import type { Route } from './+types/template';
import { orderableProducts } from '~/features/orders/catalogue.server';
import { ORDER_CSV_COLUMNS } from '~/features/orders/order-csv.server';
import { requireOrdersPage } from '~/features/orders/orders.server';

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireOrdersPage(request, context);
  const products = await orderableProducts(context, user);
  const rows = products.filter((p) => p.price).map((p) => [p.sku, p.name, p.caseSize, '']);
  // A byte-order mark, so spreadsheet programs open the names as UTF-8.
  const csv = `\uFEFF${stringify([[...ORDER_CSV_COLUMNS], ...rows], { record_delimiter: 'windows' })}`;
  return new Response(csv, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': 'attachment; filename="frolic-order-template.csv"',
      'Cache-Control': 'no-store',
    },
  });
}
