// The Payments page's two sides. Paying (every buyer): what it owes (open invoices with their
// standing) and has paid, the record-a-payment form, its payments and its statement. Receiving (a
// supplier: an importer, a distributor): what it is owed (aging per buyer and in total), the payments
// waiting for it to confirm or fail, its recent payments, and a statement per buyer. An organisation
// that does both switches between them (`SideTabs`).
import { Link } from 'react-router';
import { formatPrice } from '@shared/markets';
import type { OwedInvoiceView, PayingOverview, PaymentsOverview, ReceivingOverview, Statement } from '@shared/payment-views';
import { AgingTable } from './aging-table';
import { StandingBadge } from './badges';
import { PaymentList } from './payment-list';
import { RecordPaymentForm } from './record-payment-form';
import { StatementPanel } from './statement-panel';
import type { PaymentFormResult } from './types';
import { type Column, DataTable } from '~/components/admin-ui/list';
import { plural } from '@shared/plural';

export interface StatementState {
  query: { customerId: string; from: string; to: string };
  statement: Statement | null;
  error: string | null;
}

const card = 'rounded-xl bg-white p-6 shadow-sm';

const amount = { className: 'text-right', cellClassName: 'tabular-nums' } as const;
const invoiceMoney = (i: OwedInvoiceView, m: number) => formatPrice(m, i.currency);

const OPEN_INVOICE_COLUMNS: Column<OwedInvoiceView>[] = [
  { key: 'number', label: 'Invoice', rowHeader: true, cellClassName: 'font-medium', render: (i) => i.number },
  { key: 'issuer', label: 'From', render: (i) => i.issuer.name },
  {
    key: 'due',
    label: 'Due',
    render: (i) => (
      <>
        {i.dueOn}
        {i.daysOverdue > 0 ? <span className="block text-red-800">{plural(i.daysOverdue, 'day')} overdue</span> : null}
      </>
    ),
  },
  { key: 'total', label: 'Total', ...amount, render: (i) => invoiceMoney(i, i.totalMinor) },
  { key: 'outstanding', label: 'Outstanding', ...amount, cellTestId: 'invoice-outstanding', render: (i) => invoiceMoney(i, i.outstandingMinor) },
  { key: 'pending', label: 'Awaiting confirmation', ...amount, render: (i) => (i.pendingMinor ? invoiceMoney(i, i.pendingMinor) : '—') },
  { key: 'standing', label: 'Standing', render: (i) => <StandingBadge standing={i.standing} /> },
];

export type PaymentsSide = 'paying' | 'receiving';
export const SIDE_LABELS: Record<PaymentsSide, string> = { receiving: 'Receiving', paying: 'Paying' };

/** The page's two sides as tabs (links to `?side=`), for an organisation that both pays and is paid. */
export function SideTabs({ sides, side }: { sides: readonly PaymentsSide[]; side: PaymentsSide }) {
  if (sides.length < 2) return null;
  return (
    <nav aria-label="Paying or receiving" className="mb-6 flex gap-2 border-b border-stone-200">
      {sides.map((s) => (
        <Link
          key={s}
          to={`?side=${s}`}
          aria-current={s === side ? 'page' : undefined}
          data-testid={`payments-side-${s}`}
          className={`-mb-px border-b-2 px-4 py-2 text-sm font-medium ${s === side ? 'border-forest text-ink' : 'border-transparent text-stone-600 hover:text-ink'}`}
        >
          {SIDE_LABELS[s]}
        </Link>
      ))}
    </nav>
  );
}

/** The next page of payments (older ones), when there is one; the side stays. */
function OlderLink({ next, side }: { next: string | null; side: PaymentsSide }) {
  if (!next) return null;
  return (
    <p className="mt-3 text-sm">
      <Link to={`?${new URLSearchParams({ side, after: next })}`} className="text-brass underline">
        Older payments
      </Link>
    </p>
  );
}

export function PaymentsView(props: {
  overview: PaymentsOverview;
  result?: PaymentFormResult;
  idempotencyKey: string;
  today: string;
  statement: StatementState;
  blocked: boolean;
  /** What the viewer calls one of its buyers, on the receiving side. */
  buyer: string;
  /** Where the statement downloads come from: the partner's payments API (the default), or staff's for the brand. */
  apiBase?: string;
}) {
  return props.overview.side === 'paying' ? <PayingView {...props} overview={props.overview} /> : <ReceivingView {...props} overview={props.overview} />;
}

function Figure({ label, value, testId, tone }: { label: string; value: string; testId: string; tone?: 'alert' }) {
  return (
    <div className="rounded-lg border border-stone-200 p-3">
      <dt className="text-sm text-stone-600">{label}</dt>
      <dd className={`text-xl font-semibold tabular-nums ${tone === 'alert' ? 'text-red-800' : ''}`} data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

function PayingView({
  overview,
  result,
  idempotencyKey,
  today,
  statement,
  blocked,
}: {
  overview: PayingOverview;
  result?: PaymentFormResult;
  idempotencyKey: string;
  today: string;
  statement: StatementState;
  blocked: boolean;
}) {
  const totals = overview.totals.length
    ? overview.totals
    : [{ currency: overview.currency, outstandingMinor: 0, overdueMinor: 0, pendingMinor: 0, creditMinor: 0, paidMinor: 0 }];
  return (
    <div className="space-y-6">
      <section aria-labelledby="owe-heading" className={card}>
        <h2 id="owe-heading" className="font-serif text-2xl">
          What you owe
        </h2>
        {totals.map((t) => {
          const money = (m: number) => formatPrice(m, t.currency);
          return (
            <dl key={t.currency} className="mt-4 grid gap-3 sm:grid-cols-5">
              <Figure label="Outstanding" value={money(t.outstandingMinor)} testId="owed-total" />
              <Figure label="Overdue" value={money(t.overdueMinor)} testId="overdue-total" tone={t.overdueMinor ? 'alert' : undefined} />
              <Figure label="Awaiting confirmation" value={money(t.pendingMinor)} testId="pending-total" />
              <Figure label="Account credit" value={money(t.creditMinor)} testId="credit-total" />
              <Figure label="Paid in all" value={money(t.paidMinor)} testId="paid-total" />
            </dl>
          );
        })}
        {overview.invoices.length ? (
          <DataTable
            look="flat"
            className="mt-4"
            caption="Open invoices"
            columns={OPEN_INVOICE_COLUMNS}
            rows={overview.invoices}
            rowKey={(i) => i.id}
            rowAttributes={() => ({ 'data-testid': 'owed-invoice' })}
            empty=""
          />
        ) : (
          <p className="mt-4 text-stone-700" data-testid="nothing-owed">
            You owe nothing on your invoices.
          </p>
        )}
      </section>
      <section className={card}>
        <RecordPaymentForm overview={overview} result={result} idempotencyKey={idempotencyKey} today={today} blocked={blocked} />
      </section>
      <section aria-labelledby="paid-heading" className={card}>
        <h2 id="paid-heading" className="mb-3 font-serif text-2xl">
          Your payments
        </h2>
        <PaymentList
          payments={overview.payments}
          label="Your payments"
          empty="You have not recorded a payment yet."
          result={result}
          openInvoices={overview.invoices}
          counterparty="payee"
        />
        <OlderLink next={overview.next} side="paying" />
      </section>
      <section aria-labelledby="statement-heading" className={card}>
        <h2 id="statement-heading" className="mb-3 font-serif text-2xl">
          Statement
        </h2>
        <StatementPanel customers={null} side="paying" {...statement} />
      </section>
    </div>
  );
}

function ReceivingView({
  overview,
  result,
  statement,
  buyer,
  apiBase,
}: {
  overview: ReceivingOverview;
  result?: PaymentFormResult;
  statement: StatementState;
  buyer: string;
  apiBase?: string;
}) {
  const Buyer = buyer.charAt(0).toUpperCase() + buyer.slice(1);
  return (
    <div className="space-y-6">
      <section aria-labelledby="owed-heading" className={card}>
        <h2 id="owed-heading" className="font-serif text-2xl">
          What you are owed
        </h2>
        {overview.totals.map((t) => {
          const money = (m: number) => formatPrice(m, t.currency);
          const overdue = t.totalMinor - t.buckets.current;
          return (
            <dl key={t.currency} className="mt-4 grid gap-3 sm:grid-cols-4">
              <Figure label={`Owed (${t.currency})`} value={money(t.totalMinor)} testId="owed-total" />
              <Figure label="Overdue" value={money(overdue)} testId="overdue-total" tone={overdue ? 'alert' : undefined} />
              <Figure label="Awaiting your confirmation" value={money(t.pendingMinor)} testId="pending-total" />
              <Figure label={`${Buyer}s' credit`} value={money(t.creditMinor)} testId="credit-total" />
            </dl>
          );
        })}
        <h3 className="mt-6 mb-2 font-medium">Aging</h3>
        <AgingTable rows={overview.aging} totals={overview.totals} buyer={buyer} />
      </section>
      <section aria-labelledby="pending-heading" className={card}>
        <h2 id="pending-heading" className="mb-3 font-serif text-2xl">
          Payments to confirm
        </h2>
        <PaymentList payments={overview.pending} label="Payments to confirm" empty="No payment is waiting for you." result={result} counterparty="payer" />
        {overview.pendingCount > overview.pending.length ? (
          <p className="mt-3 text-sm text-stone-700" data-testid="pending-more">
            The {overview.pending.length} oldest of {overview.pendingCount} waiting: the rest follow as you confirm these.
          </p>
        ) : null}
      </section>
      <section aria-labelledby="recent-heading" className={card}>
        <h2 id="recent-heading" className="mb-3 font-serif text-2xl">
          Recent payments
        </h2>
        <PaymentList
          payments={overview.payments.filter((p) => p.status !== 'pending')}
          label="Recent payments"
          empty="No payment settled or failed yet."
          counterparty="payer"
        />
        <OlderLink next={overview.next} side="receiving" />
      </section>
      <section aria-labelledby="statement-heading" className={card}>
        <h2 id="statement-heading" className="mb-3 font-serif text-2xl">
          Statement per {buyer}
        </h2>
        <StatementPanel customers={overview.customers} buyer={buyer} side="receiving" {...statement} apiBase={apiBase} />
      </section>
    </div>
  );
}
