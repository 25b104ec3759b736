// View Invoices (retailer): the invoices and credit notes its distributor issued to it, with where
// each stands (issued, partially paid, paid, overdue, credited), search and filters; new ones appear
// live (the shell revalidates on the `invoice` signal).
import { href } from 'react-router';
import type { Route } from './+types/received';
import { PageHeader } from '~/components/admin-ui/list';
import { InvoiceFilters, InvoiceList } from '~/features/invoices/invoice-list';
import { invoiceQuery, requireInvoicesPage } from '~/features/invoices/invoices.server';

export const meta: Route.MetaFunction = () => [{ title: 'View Invoices · Frolic' }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireInvoicesPage(request, context);
  return context.services.invoices.list(user, invoiceQuery(request, 'customer'), 'partner');
}

export default function ViewInvoices({ loaderData }: Route.ComponentProps) {
  return (
    <main id="main" className="space-y-5">
      <PageHeader title="View Invoices" description="Invoices and credit notes from your distributor, newest first." />
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
