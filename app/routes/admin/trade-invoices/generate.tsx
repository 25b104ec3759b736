// Generate Invoice for the brand (staff with Order Management): one importer's approved orders to the
// brand, previewed, then issued — numbered from the brand's own gapless series at that moment, the
// importer emailed the PDF — with the same steps as a partner's Generate Invoice.
import { href, Link } from 'react-router';
import type { Route } from './+types/generate';
import { buttonClass, PageHeader } from '~/components/admin-ui/list';
import { GenerateInvoiceView } from '~/features/invoices/generate-invoice';
import { generateInvoiceData, issueInvoiceAction } from '~/features/invoices/invoices.server';
import { requireTradeScreen } from '../trade-screens.server';
import { STAFF_INVOICE_DOOR } from './door';

export const meta: Route.MetaFunction = () => [{ title: 'Generate Invoice · Trade invoices · Frolic' }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireTradeScreen(request, context, 'tradeInvoices');
  return generateInvoiceData(request, context, user, 'staff');
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireTradeScreen(request, context, 'tradeInvoices');
  return issueInvoiceAction(request, context, user, STAFF_INVOICE_DOOR);
}

export default function GenerateTradeInvoice({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <main id="main" className="space-y-6">
      <PageHeader title="Generate Invoice" description="Invoice one importer's approved orders. The invoice number is assigned when you issue it.">
        <Link to={href('/admin/dashboard/trade-invoices')} className={buttonClass.secondary}>
          Trade invoices
        </Link>
      </PageHeader>
      <GenerateInvoiceView data={loaderData} formError={actionData?.formError} customerLabel="Importer" />
    </main>
  );
}
