// View Invoices (the retailer's, spec §2) or Received Invoices (an importer's or a distributor's,
// under buyer/): the invoices and credit notes its supplier issued to it, with where
// each stands (issued, partially paid, paid, overdue, credited), search and filters; new ones appear
// live (the shell revalidates on the `invoice` signal).
import { href } from 'react-router';
import { buyerPageLabels, supplierOf, tradeTypeOf } from '@shared/trade-pages';
import type { Route } from './+types/received';
import { PageHeader } from '~/components/admin-ui/list';
import { InvoiceFilters, InvoiceList } from '~/features/invoices/invoice-list';
import { invoiceQuery, requireInvoicesPage } from '~/features/invoices/invoices.server';

export const meta: Route.MetaFunction = ({ data }) => [{ title: `${data?.title ?? 'View Invoices'} · Frolic` }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireInvoicesPage(request, context);
  const type = tradeTypeOf(user.roles);
  return {
    ...(await context.services.invoices.list(user, invoiceQuery(request, 'customer'), 'partner')),
    title: buyerPageLabels(type).receivedInvoices,
    supplier: supplierOf(type),
  };
}

export default function ViewInvoices({ loaderData }: Route.ComponentProps) {
  return (
    <main id="main" className="space-y-5">
      <PageHeader title={loaderData.title} description={`Invoices and credit notes from ${loaderData.supplier}, newest first.`} />
      <InvoiceFilters drafts={false} />
      <InvoiceList
        invoices={loaderData.items}
        next={loaderData.next}
        party="issuer"
        label="Your invoices"
        linkTo={(id) => href('/partner/dashboard/invoices/:id', { id: String(id) })}
        empty="No invoices yet."
      />
    </main>
  );
}
