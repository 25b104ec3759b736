// Payments (spec §2 gave it to retailers and distributors; product.md §3: every organisation pays its
// supplier, and those with buyers are paid by them). Paying: what it owes and has paid, recording a
// payment with its allocation, its statement. Receiving: what it is owed (aging), confirming or
// failing payments, a statement per buyer. An importer or a distributor does both and switches with
// `?side=` (receiving first, as before); a retailer only pays. Both sides stay current through the
// shell's revalidation on the live channel (topic `payment`).
import { randomUUID } from 'node:crypto';
import { href } from 'react-router';
import { STANDING_REFUSAL, todayUtc } from '@shared/partners';
import { buyersOf, supplierPages, tradeTypeOf } from '@shared/trade-pages';
import type { Route } from './+types/payments';
import { PageHeader } from '~/components/admin-ui/list';
import { ExportPanel } from '~/features/exports/export-panel';
import { paymentsAction, requirePaymentsPage, statementOf } from '~/features/payments/payments.server';
import { type PaymentsSide, PaymentsView, SideTabs } from '~/features/payments/payments-view';

export const meta: Route.MetaFunction = () => [{ title: 'Payments · Frolic' }];

const PAGE = href('/partner/dashboard/payments');

/** The sides the viewer has (receiving first for a supplier) and the one the URL asks for, or the first. */
function sidesOf(roles: readonly string[], url: URL): { sides: PaymentsSide[]; side: PaymentsSide } {
  const sides: PaymentsSide[] = supplierPages(tradeTypeOf(roles)) ? ['receiving', 'paying'] : ['paying'];
  const asked = url.searchParams.get('side');
  return { sides, side: sides.find((s) => s === asked) ?? sides[0]! };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requirePaymentsPage(request, context);
  const today = todayUtc();
  const url = new URL(request.url);
  const { sides, side } = sidesOf(user.roles, url);
  // `after`: older payments (the cursor the list's last page gave); a cursor that is not one shows the newest.
  const after = /^\d{13}_\d{1,10}$/.test(url.searchParams.get('after') ?? '') ? (url.searchParams.get('after') as string) : undefined;
  const [overview, statement] = await Promise.all([context.services.payments.overview(user, { side, after }), statementOf(context, user, url, today)]);
  const notice = !user.organisationId
    ? { title: 'No organisation yet', message: 'Your account does not belong to a partner organisation yet.' }
    : user.standing && user.standing !== 'active'
      ? STANDING_REFUSAL[user.standing]
      : null;
  return { overview, statement, notice, today, key: randomUUID(), sides, side, buyers: buyersOf(tradeTypeOf(user.roles)) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requirePaymentsPage(request, context);
  // Back to the side the form was on (the form posts to the page's own address, its query with it).
  const { sides, side } = sidesOf(user.roles, new URL(request.url));
  return paymentsAction(request, context, user, sides.length > 1 ? `${PAGE}?side=${side}` : PAGE);
}

export default function Payments({ loaderData, actionData }: Route.ComponentProps) {
  const { overview, statement, notice, today, key, sides, side, buyers } = loaderData;
  return (
    <main id="main">
      <PageHeader
        title="Payments"
        description={
          overview?.side === 'receiving'
            ? `What your ${buyers.many} owe you, the payments waiting for you to confirm, and statements.`
            : `What you owe ${overview?.supplier?.name ?? 'your supplier'}, the payments you recorded, and your statement.`
        }
      />
      <SideTabs sides={sides} side={side} />
      {notice ? (
        <div role="status" className="mb-6 rounded-md bg-amber-50 p-3 text-sm text-amber-950">
          <p className="font-semibold">{notice.title}</p>
          <p>{notice.message}</p>
        </div>
      ) : null}
      {overview ? (
        <PaymentsView
          overview={overview}
          result={actionData}
          idempotencyKey={key}
          today={today}
          statement={statement}
          blocked={notice !== null}
          buyer={buyers.one}
        />
      ) : null}
      {overview ? (
        <div className="mt-8">
          <ExportPanel area="partner" kind="payments" today={today} />
        </div>
      ) : null}
    </main>
  );
}
