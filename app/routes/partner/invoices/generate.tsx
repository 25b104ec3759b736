// Generate Invoice (a supplier: the distributor at its spec §2 path, the importer under supplier/):
// pick one of its buyers, tick that buyer's approved orders,
// see the invoice the server would issue (lines, tax, total, due date — nothing written, no number
// taken), then issue it: the number is assigned at that moment, the retailer is emailed the PDF, and
// the page goes to the invoice — the same steps as staff's for the brand (GenerateInvoiceView). Drafts exist in the API (`POST /api/partner/invoices`) for tools that
// prepare invoices ahead; this page needs none — its preview is the draft.
import { Link } from 'react-router';
import { buyersOf, pagesAsSupplier, tradeTypeOf } from '@shared/trade-pages';
import type { Route } from './+types/generate';
import { buttonClass, PageHeader } from '~/components/admin-ui/list';
import { GenerateInvoiceView } from '~/features/invoices/generate-invoice';
import { generateInvoiceData, issueInvoiceAction, requireInvoicesPage } from '~/features/invoices/invoices.server';

export const meta: Route.MetaFunction = () => [{ title: 'Generate Invoice · Frolic' }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireInvoicesPage(request, context);
  const type = tradeTypeOf(user.roles);
  return { type, buyer: buyersOf(type).one, ...(await generateInvoiceData(request, context, user, 'partner')) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireInvoicesPage(request, context);
  return issueInvoiceAction(request, context, user);
}

export default function GenerateInvoice({ loaderData, actionData }: Route.ComponentProps) {
  const { type, buyer } = loaderData;
  return (
    <main id="main" className="space-y-6">
      <PageHeader title="Generate Invoice" description={`Invoice one ${buyer}'s approved orders. The invoice number is assigned when you issue it.`}>
        <Link to={pagesAsSupplier(type).issuedInvoices} className={buttonClass.secondary}>
          Your invoices
        </Link>
      </PageHeader>
      <GenerateInvoiceView data={loaderData} formError={actionData?.formError} customerLabel={buyer.charAt(0).toUpperCase() + buyer.slice(1)} />
    </main>
  );
}
