// A supplier's invoices and credit notes (the distributor's at its spec §2 path, the importer's under
// supplier/): standing, search, newest first, each to its page.
import { href, Link } from 'react-router';
import { todayUtc } from '@shared/partners';
import { buyersOf, pagesAsSupplier, tradeTypeOf } from '@shared/trade-pages';
import type { Route } from './+types/issued';
import { buttonClass, PageHeader } from '~/components/admin-ui/list';
import { ExportPanel } from '~/features/exports/export-panel';
import { InvoiceFilters, InvoiceList } from '~/features/invoices/invoice-list';
import { invoiceQuery, requireInvoicesPage } from '~/features/invoices/invoices.server';

export const meta: Route.MetaFunction = () => [{ title: 'Invoices · Frolic' }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireInvoicesPage(request, context);
  const type = tradeTypeOf(user.roles);
  return { ...(await context.services.invoices.list(user, invoiceQuery(request, 'issuer'), 'partner')), type, buyers: buyersOf(type).many, today: todayUtc() };
}

export default function IssuedInvoices({ loaderData }: Route.ComponentProps) {
  return (
    <main id="main" className="space-y-5">
      <PageHeader title="Invoices" description={`The invoices and credit notes you issued to your ${loaderData.buyers}, newest first.`}>
        <Link to={pagesAsSupplier(loaderData.type).generateInvoice} className={buttonClass.primary}>
          Generate Invoice
        </Link>
      </PageHeader>
      <InvoiceFilters drafts />
      <InvoiceList
        invoices={loaderData.items}
        next={loaderData.next}
        party="customer"
        label="Your invoices"
        linkTo={(id) => href('/partner/dashboard/invoices/:id', { id: String(id) })}
        empty="No invoices match."
      />
      <ExportPanel area="partner" kind="invoices" today={loaderData.today} />
    </main>
  );
}
