// Trade invoices (staff with Order Management, acting for the brand): the invoices and credit notes the
// brand issued to its importers — standing, search, newest first, each to its page — from the same
// list the partners' Issued Invoices use. Another organisation's documents are not listed here.
import { href, Link } from 'react-router';
import { todayUtc } from '@shared/partners';
import type { Route } from './+types/index';
import { buttonClass, PageHeader } from '~/components/admin-ui/list';
import { ExportPanel } from '~/features/exports/export-panel';
import { InvoiceFilters, InvoiceList } from '~/features/invoices/invoice-list';
import { invoiceQuery } from '~/features/invoices/invoices.server';
import { can } from '~/lib/guards.server';
import { requireTradeScreen } from '../trade-screens.server';

export const meta: Route.MetaFunction = () => [{ title: 'Trade invoices · Frolic' }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireTradeScreen(request, context, 'tradeInvoices');
  // Export to accounting is Finance's: the panel shows for those who hold it (the API asks again).
  const [list, exports] = await Promise.all([
    context.services.invoices.list(user, invoiceQuery(request, 'issuer'), 'staff'),
    can(context, user, { permission: 'finance:manage' }),
  ]);
  return { ...list, exports, today: todayUtc() };
}

export default function TradeInvoices({ loaderData }: Route.ComponentProps) {
  return (
    <main id="main" className="space-y-5">
      <PageHeader title="Trade invoices" description="The invoices and credit notes Frolic issued to its importers, newest first.">
        <Link to={href('/admin/dashboard/trade-invoices/generate')} className={buttonClass.primary}>
          Generate Invoice
        </Link>
      </PageHeader>
      <InvoiceFilters drafts />
      <InvoiceList
        invoices={loaderData.items}
        next={loaderData.next}
        party="customer"
        label="Trade invoices"
        linkTo={(id) => href('/admin/dashboard/trade-invoices/:id', { id: String(id) })}
        empty="No invoices match."
      />
      {loaderData.exports ? <ExportPanel area="admin" kind="invoices" today={loaderData.today} /> : null}
    </main>
  );
}
