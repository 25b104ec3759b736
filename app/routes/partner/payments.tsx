// Payments (spec §2: retailers and distributors). A retailer sees what it owes and has paid, records
// a payment with its allocation and follows it; a distributor sees what it is owed (aging), confirms
// or fails payments and reads a statement per retailer (CSV, PDF). Both sides stay current through
// the shell's revalidation on the live channel (topic `payment`).
import { randomUUID } from 'node:crypto';
import { href } from 'react-router';
import { STANDING_REFUSAL, todayUtc } from '@shared/partners';
import type { Route } from './+types/payments';
import { PageHeader } from '~/components/admin-ui/list';
import { paymentsAction, requirePaymentsPage, statementOf } from '~/features/payments/payments.server';
import { PaymentsView } from '~/features/payments/payments-view';

export const meta: Route.MetaFunction = () => [{ title: 'Payments · Frolic' }];

const PAGE = href('/partner/dashboard/payments');

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requirePaymentsPage(request, context);
  const today = todayUtc();
  const url = new URL(request.url);
  // `after`: older payments (the cursor the list's last page gave); a cursor that is not one shows the newest.
  const after = /^\d{13}_\d{1,10}$/.test(url.searchParams.get('after') ?? '') ? (url.searchParams.get('after') as string) : undefined;
  const [overview, statement] = await Promise.all([context.services.payments.overview(user, { after }), statementOf(context, user, url, today)]);
  const notice = !user.organisationId
    ? { title: 'No organisation yet', message: 'Your account does not belong to a partner organisation yet.' }
    : user.standing && user.standing !== 'active'
      ? STANDING_REFUSAL[user.standing]
      : null;
  return { overview, statement, notice, today, key: randomUUID() };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requirePaymentsPage(request, context);
  return paymentsAction(request, context, user, PAGE);
}

export default function Payments({ loaderData, actionData }: Route.ComponentProps) {
  const { overview, statement, notice, today, key } = loaderData;
  return (
    <main id="main">
      <PageHeader
        title="Payments"
        description={
          overview?.side === 'receiving'
            ? 'What your retailers owe you, the payments waiting for you to confirm, and statements.'
            : 'What you owe your distributor, the payments you recorded, and your statement.'
        }
      />
      {notice ? (
        <div role="status" className="mb-6 rounded-md bg-amber-50 p-3 text-sm text-amber-950">
          <p className="font-semibold">{notice.title}</p>
          <p>{notice.message}</p>
        </div>
      ) : null}
      {overview ? (
        <PaymentsView overview={overview} result={actionData} idempotencyKey={key} today={today} statement={statement} blocked={notice !== null} />
      ) : null}
    </main>
  );
}
