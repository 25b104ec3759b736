// Trade payments (staff with Order Management, acting for the brand): what the importers owe the brand
// (aging per importer and in total), the payments waiting for staff to confirm or fail, the recent
// ones, and a statement per importer (CSV, PDF) — the receiving side of the partners' Payments page,
// from the same view. It stays current through the shell's revalidation on the `payment` signal.
import { href } from 'react-router';
import { todayUtc } from '@shared/partners';
import type { Route } from './+types/index';
import { PageHeader } from '~/components/admin-ui/list';
import { ExportPanel } from '~/features/exports/export-panel';
import { paymentsAction, statementOf } from '~/features/payments/payments.server';
import { can } from '~/lib/guards.server';
import { PaymentsView } from '~/features/payments/payments-view';
import { requireTradeScreen } from '../trade-screens.server';

export const meta: Route.MetaFunction = () => [{ title: 'Trade payments · Frolic' }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireTradeScreen(request, context, 'tradePayments');
  const today = todayUtc();
  const url = new URL(request.url);
  // `after`: older payments (the cursor the list's last page gave); a cursor that is not one shows the newest.
  const after = /^\d{13}_\d{1,10}$/.test(url.searchParams.get('after') ?? '') ? (url.searchParams.get('after') as string) : undefined;
  const [overview, statement, exports] = await Promise.all([
    context.services.payments.overview(user, { side: 'receiving', after }, 'staff'),
    statementOf(context, user, url, today, 'staff'),
    // Export to accounting is Finance's: the panel shows for those who hold it (the API asks again).
    can(context, user, { permission: 'finance:manage' }),
  ]);
  return { overview, statement, today, exports };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireTradeScreen(request, context, 'tradePayments');
  return paymentsAction(request, context, user, href('/admin/dashboard/trade-payments'), 'staff');
}

export default function TradePayments({ loaderData, actionData }: Route.ComponentProps) {
  const { overview, statement, today, exports } = loaderData;
  return (
    <main id="main">
      <PageHeader title="Trade payments" description="What the importers owe Frolic, the payments waiting for you to confirm, and statements." />
      {overview ? (
        <PaymentsView
          overview={overview}
          result={actionData}
          idempotencyKey=""
          today={today}
          statement={statement}
          blocked={false}
          apiBase="/api/admin/payments"
          buyer="importer"
        />
      ) : null}
      {exports ? (
        <div className="mt-8">
          <ExportPanel area="admin" kind="payments" today={today} />
        </div>
      ) : null}
    </main>
  );
}
