// One invoice or credit note, for its issuer or its customer (a draft is the issuer's alone; anything
// else is a 404): parties, lines, totals, credit notes, the PDF; the issuer issues or discards a
// draft and credits lines. Either side's change reaches the other's open page live.
import { href, Link } from 'react-router';
import { invoiceId } from '@shared/schemas/invoices';
import { buyerPageLabels, pagesAsBuyer, pagesAsSupplier, tradeTypeOf } from '@shared/trade-pages';
import type { Route } from './+types/invoice';
import { buttonClass, PageHeader } from '~/components/admin-ui/list';
import { InvoiceView } from '~/features/invoices/invoice-view';
import { invoicePageAction, requireInvoicesPage } from '~/features/invoices/invoices.server';
import { orNotFound, requireFound } from '~/lib/params.server';

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `${data?.invoice ? `${data.invoice.kind === 'credit_note' ? 'Credit note' : 'Invoice'} ${data.invoice.number ?? 'draft'}` : 'Invoice'} · Frolic` },
];

const NOT_FOUND = 'We could not find that invoice.';
const idOf = (params: Route.LoaderArgs['params']) => requireFound(invoiceId.safeParse(params.id).data, NOT_FOUND);

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = await requireInvoicesPage(request, context);
  const invoice = await orNotFound(context.services.invoices.get(user, idOf(params), 'partner'), NOT_FOUND);
  return { invoice, type: tradeTypeOf(user.roles) };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const user = await requireInvoicesPage(request, context);
  const id = idOf(params);
  await orNotFound(context.services.invoices.get(user, id, 'partner'), NOT_FOUND);
  return invoicePageAction(request, context, user, id);
}

export default function PartnerInvoice({ loaderData, actionData }: Route.ComponentProps) {
  const { invoice, type } = loaderData;
  const title = `${invoice.kind === 'credit_note' ? 'Credit note' : 'Invoice'} ${invoice.number ?? '(draft)'}`;
  const back =
    invoice.side === 'issuer'
      ? { to: pagesAsSupplier(type).issuedInvoices, label: 'Your invoices' }
      : { to: pagesAsBuyer(type).receivedInvoices, label: buyerPageLabels(type).receivedInvoices };
  return (
    <main id="main">
      <PageHeader title={title} description={invoice.side === 'issuer' ? `To ${invoice.customer.name}` : `From ${invoice.issuer.name}`}>
        <Link to={back.to} className={buttonClass.secondary}>
          {back.label}
        </Link>
      </PageHeader>
      <InvoiceView
        invoice={invoice}
        result={actionData}
        pdfUrl={`/api/partner/invoices/${invoice.id}/pdf`}
        xmlUrl={`/api/partner/invoices/${invoice.id}/xml`}
        linkTo={(id) => href('/partner/dashboard/invoices/:id', { id: String(id) })}
        orderLink={(id) => href('/partner/dashboard/orders/:id', { id: String(id) })}
      />
    </main>
  );
}
