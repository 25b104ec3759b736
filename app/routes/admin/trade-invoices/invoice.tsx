// One of the brand's invoices or credit notes (staff with Order Management): parties, lines, totals,
// credit notes, the PDF; staff issue or discard a draft and credit lines, as a partner issuer does on
// the same view. Another organisation's document is a 404 here.
import { href, Link } from 'react-router';
import { invoiceId } from '@shared/schemas/invoices';
import type { Route } from './+types/invoice';
import { buttonClass, PageHeader } from '~/components/admin-ui/list';
import { InvoiceView } from '~/features/invoices/invoice-view';
import { invoicePageAction } from '~/features/invoices/invoices.server';
import { requireTradeScreen } from '../trade-screens.server';
import { orNotFound, requireFound } from '~/lib/params.server';
import { STAFF_INVOICE_DOOR } from './door';

export const meta: Route.MetaFunction = ({ data }) => [
  {
    title: `${data?.invoice ? `${data.invoice.kind === 'credit_note' ? 'Credit note' : 'Invoice'} ${data.invoice.number ?? 'draft'}` : 'Invoice'} · Trade invoices · Frolic`,
  },
];

const NOT_FOUND = 'We could not find that invoice.';
const idOf = (params: Route.LoaderArgs['params']) => requireFound(invoiceId.safeParse(params.id).data, NOT_FOUND);

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = await requireTradeScreen(request, context, 'tradeInvoices');
  const invoice = await orNotFound(context.services.invoices.get(user, idOf(params), 'staff'), NOT_FOUND);
  return { invoice };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const user = await requireTradeScreen(request, context, 'tradeInvoices');
  const id = idOf(params);
  await orNotFound(context.services.invoices.get(user, id, 'staff'), NOT_FOUND);
  return invoicePageAction(request, context, user, id, STAFF_INVOICE_DOOR);
}

export default function TradeInvoice({ loaderData, actionData }: Route.ComponentProps) {
  const { invoice } = loaderData;
  const title = `${invoice.kind === 'credit_note' ? 'Credit note' : 'Invoice'} ${invoice.number ?? '(draft)'}`;
  return (
    <main id="main">
      <PageHeader title={title} description={`To ${invoice.customer.name}`}>
        <Link to={href('/admin/dashboard/trade-invoices')} className={buttonClass.secondary}>
          Trade invoices
        </Link>
      </PageHeader>
      <InvoiceView
        invoice={invoice}
        result={actionData}
        pdfUrl={`/api/admin/invoices/${invoice.id}/pdf`}
        xmlUrl={`/api/admin/invoices/${invoice.id}/xml`}
        linkTo={(id) => href('/admin/dashboard/trade-invoices/:id', { id: String(id) })}
        orderLink={(id) => href('/admin/dashboard/trade-orders/:id', { id: String(id) })}
      />
    </main>
  );
}
