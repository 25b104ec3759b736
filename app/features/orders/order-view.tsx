// One order, as its buyer, its seller or staff (for the brand) see it: where it stands, the lines
// with what was asked for and what was approved side by side (and why a line changed), the totals
// with the duty and the VAT category it was priced with, the timeline, the thread, and the actions
// the transition table allows this side now. Every action names the version the page read; the page
// revalidates when the other side moves the order.
import { Form, useNavigation } from 'react-router';
import { formatPrice } from '@shared/markets';
import { plural } from '@shared/plural';
import { MAX_CASES_PER_LINE, type OrderStatus } from '@shared/orders';
import { formatUtc } from '@shared/staff-time';
import { DUTY_TREATMENT_LABELS, VAT_CATEGORY_LABELS, vatRateLabel } from '@shared/tax';
import { buttonClass, type Column } from '~/components/admin-ui/list';
import { DocumentSection, DocumentTimeline, Fact, Facts, LineProduct, LinesTable, Total, Totals } from '~/components/documents/parts';
import { Field, FormError } from '~/components/forms/fields';
import { OrderStatusBadge } from './status-badge';
import type { OrderDetailView, OrderMessageView } from '@shared/order-views';
import type { CreditHoldView, OrderFormResult } from './types';

const DECIDED: readonly OrderStatus[] = ['approved', 'invoiced', 'shipped', 'delivered', 'paid'];

export function OrderView({
  order,
  messages,
  result,
  partyNames = { buyer: order.buyer.name, seller: order.seller.name },
  creditHold = null,
  readOnly = false,
}: {
  order: OrderDetailView;
  /** The thread, or null when this viewer may not read it. */
  messages: OrderMessageView[] | null;
  result?: OrderFormResult;
  partyNames?: { buyer: string; seller: string };
  /** The seller's credit hold on this buyer, when approving would break its terms. */
  creditHold?: CreditHoldView | null;
  /** A member with read-only access: the thread is read, not written. */
  readOnly?: boolean;
}) {
  const approved = DECIDED.includes(order.status) || (order.status === 'cancelled' && !!order.decidedAt);
  const money = (minor: number) => formatPrice(minor, order.currency);
  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
      <div className="space-y-6">
        <DocumentSection id="order" heading={`Order ${order.number}`} badge={<OrderStatusBadge status={order.status} />}>
          <Facts>
            <Fact term="Buyer" valueClassName="font-medium" valueTestId="order-buyer">
              {partyNames.buyer}
            </Fact>
            <Fact term="Supplier" valueClassName="font-medium" valueTestId="order-seller">
              {partyNames.seller}
            </Fact>
            {order.tax ? (
              <Fact term="Duty" valueTestId="order-duty-treatment">
                {DUTY_TREATMENT_LABELS[order.tax.dutyTreatment]}
              </Fact>
            ) : null}
            {order.offeredAt ? (
              <Fact term="Offered">{formatUtc(order.offeredAt)}</Fact>
            ) : (
              <Fact term="Placed">{formatUtc(order.submittedAt ?? order.createdAt)}</Fact>
            )}
            {order.buyerReference ? <Fact term="Buyer's reference">{order.buyerReference}</Fact> : null}
            {order.note ? (
              <Fact term="Note" span={2} valueClassName="whitespace-pre-wrap">
                {order.note}
              </Fact>
            ) : null}
            {order.decisionReason ? (
              <Fact
                term={order.status === 'rejected' ? 'Why it was rejected' : order.status === 'declined' ? 'Why it was declined' : "Supplier's note"}
                span={2}
                valueClassName="whitespace-pre-wrap"
                valueTestId="order-decision-reason"
              >
                {order.decisionReason}
              </Fact>
            ) : null}
            {order.cancelReason ? (
              <Fact term="Why it was cancelled" span={2} valueClassName="whitespace-pre-wrap" valueTestId="order-cancel-reason">
                {order.cancelReason}
              </Fact>
            ) : null}
          </Facts>
        </DocumentSection>

        <DocumentSection id="lines" heading="Lines">
          <LinesTable label="Lines of the order" columns={lineColumns(approved, money, order.dutyMinor > 0)} lines={order.items} lineTestId="order-line" />
          <Totals>
            <Total label="Subtotal">{money(order.subtotalMinor)}</Total>
            {order.dutyMinor > 0 ? (
              <Total label="Duty" testId="order-duty">
                {money(order.dutyMinor)}
              </Total>
            ) : null}
            <Total label={taxLabel(order)} testId="order-tax">
              {money(order.taxMinor)}
            </Total>
            <Total label="Total" tone="total" testId="order-total">
              {money(order.totalMinor)}
            </Total>
          </Totals>
          <TaxNotes order={order} />
        </DocumentSection>

        <OrderActions order={order} result={result} creditHold={creditHold} />
      </div>
      <div className="space-y-6">
        <Timeline order={order} />
        {messages ? <Thread messages={messages} names={partyNames} result={result?.intent === 'message' ? result : undefined} readOnly={readOnly} /> : null}
      </div>
    </div>
  );
}

type OrderLine = OrderDetailView['items'][number];

/** "VAT (S 20%)"; an order priced before issue 44 keeps the one flat rate it was shown. */
function taxLabel(order: OrderDetailView): string {
  return order.tax ? `VAT (${vatRateLabel(order.tax.vatCategory, order.tax.vatRateBp)})` : `Tax (${(order.taxRateBp / 100).toLocaleString('en')}%)`;
}

/** What the VAT category means when it is not the standard rate, that the amounts are an estimate, and any example rate. */
function TaxNotes({ order }: { order: OrderDetailView }) {
  const { tax } = order;
  if (!tax) return null;
  return (
    <div className="mt-2 ml-auto max-w-xs space-y-1 text-right text-sm text-stone-600" data-testid="order-tax-notes">
      {tax.vatCategory !== 'S' ? (
        <p>
          {tax.vatCategory}: {tax.vatNote || VAT_CATEGORY_LABELS[tax.vatCategory]}
        </p>
      ) : null}
      <p>Estimated at the tax rules of {tax.taxPoint}; the invoice charges those in force when it is issued.</p>
      {tax.exampleRates ? <p className="text-amber-900">A rate used is an example, not yet checked against the official source.</p> : null}
    </div>
  );
}

const casesText = (n: number) => `${n} ${n === 1 ? 'case' : 'cases'}`;

function lineColumns(approved: boolean, money: (minor: number) => string, duty: boolean): Column<OrderLine>[] {
  return [
    {
      key: 'product',
      label: 'Product',
      render: (l) => (
        <LineProduct name={l.productName} caseSize={l.caseSize} nameTestId="line-product">
          {l.modified && l.modificationReason ? (
            <span className="mt-1 block text-amber-900" data-testid="line-reason">
              Changed: {l.modificationReason}
            </span>
          ) : null}
        </LineProduct>
      ),
    },
    {
      key: 'requested',
      label: 'Requested',
      className: 'text-right',
      cellClassName: (l) => (approved && l.modified ? 'text-stone-500 line-through' : ''),
      cellTestId: 'line-requested',
      render: (l) => casesText(l.casesRequested),
    },
    {
      key: 'approved',
      label: 'Approved',
      className: 'text-right',
      cellClassName: (l) => (l.modified ? 'font-semibold text-amber-900' : ''),
      cellTestId: 'line-approved',
      render: (l) => (approved ? casesText(l.cases) : '—'),
    },
    { key: 'unit', label: 'Per bottle', className: 'text-right', render: (l) => money(l.unitPriceMinor) },
    { key: 'total', label: 'Line total', className: 'text-right', render: (l) => money(l.lineTotalMinor) },
    ...(duty ? [{ key: 'duty', label: 'Duty', className: 'text-right', cellTestId: 'line-duty', render: (l: OrderLine) => money(l.dutyMinor ?? 0) }] : []),
  ];
}

function useBusy(intent: string) {
  const navigation = useNavigation();
  return navigation.state !== 'idle' && navigation.formData?.get('intent') === intent;
}

function OrderActions({ order, result, creditHold }: { order: OrderDetailView; result?: OrderFormResult; creditHold: CreditHoldView | null }) {
  const mine = result && result.intent !== 'message' ? result : undefined;
  const errors = mine?.errors ?? {};
  const values = mine?.values ?? {};
  const accepting = useBusy('accept');
  const declining = useBusy('decline');
  const approving = useBusy('approve');
  const rejecting = useBusy('reject');
  const cancelling = useBusy('cancel');
  const shipping = useBusy('ship');
  const delivering = useBusy('deliver');
  const has = (a: string) => order.actions.includes(a as never);
  if (order.actions.length === 0) return null;
  const version = <input type="hidden" name="version" value={order.version} />;
  const keep = (intent: string) => (mine?.intent === intent ? values : {});
  return (
    <DocumentSection id="actions" heading="What you can do" className="space-y-5" key={order.version}>
      {mine?.formError && !mine.intent ? <FormError message={mine.formError} /> : null}
      {has('accept') ? (
        <Form method="post" className="space-y-3" aria-label="Accept the offer">
          <input type="hidden" name="intent" value="accept" />
          {version}
          <h3 className="font-medium">Accept the offer</h3>
          <p className="text-sm text-stone-700">
            {order.seller.name} has set these cases aside for you. Accepting makes this an approved order: its invoice, shipment and payment follow.
          </p>
          {mine?.intent === 'accept' ? <FormError message={mine.formError} /> : null}
          <button type="submit" className={buttonClass.primary} disabled={accepting}>
            {accepting ? 'Accepting…' : 'Accept offer'}
          </button>
        </Form>
      ) : null}
      {has('decline') ? (
        <ReasonForm intent="decline" label="Why you decline it" optional button="Decline offer" busy={declining} version={order.version} result={mine} />
      ) : null}
      {has('approve') ? (
        <Form method="post" noValidate className="space-y-3" aria-label="Approve the order">
          <input type="hidden" name="intent" value="approve" />
          {version}
          <h3 className="font-medium">Approve</h3>
          <p className="text-sm text-stone-700">Lower a line (or set it to 0 when out of stock) and say why; the buyer sees both.</p>
          {mine?.intent === 'approve' ? <FormError message={mine.formError} /> : null}
          {order.items.map((l) => (
            <fieldset key={l.id} className="grid gap-3 rounded-md border border-stone-200 p-3 sm:grid-cols-[8rem_1fr]" data-testid="approve-line">
              <legend className="px-1 text-sm font-medium">
                {l.productName} · {l.casesRequested} asked
                {l.availableCases === null ? null : (
                  <span
                    className={l.availableCases < l.casesRequested ? 'font-semibold text-red-800' : 'font-normal text-stone-700'}
                    data-testid="approve-available"
                  >
                    {' '}
                    · {l.availableCases === 0 ? 'none' : plural(l.availableCases, 'case')} available
                  </span>
                )}
              </legend>
              <Field label="Cases" name={`cases.${l.id}`} error={errors[`cases.${l.id}`]}>
                {(p) => (
                  <input
                    {...p}
                    type="number"
                    inputMode="numeric"
                    min={0}
                    max={Math.min(l.casesRequested, MAX_CASES_PER_LINE)}
                    step={1}
                    defaultValue={keep('approve')[`cases.${l.id}`] ?? l.casesRequested}
                    aria-label={`Cases of ${l.productName} to approve`}
                  />
                )}
              </Field>
              <Field label="Reason if changed" name={`reason.${l.id}`} error={errors[`reason.${l.id}`]}>
                {(p) => <input {...p} type="text" defaultValue={keep('approve')[`reason.${l.id}`] ?? ''} aria-label={`Reason for ${l.productName}`} />}
              </Field>
            </fieldset>
          ))}
          <Field label="Note to the buyer" name="note" optional error={mine?.intent === 'approve' ? errors.note : undefined}>
            {(p) => <textarea {...p} rows={2} defaultValue={keep('approve').note ?? ''} />}
          </Field>
          {creditHold?.reasons.length || (mine?.intent === 'approve' && mine.code === 'credit_hold') ? (
            <div className="space-y-2 rounded-md border border-amber-600 bg-amber-50 p-3" data-testid="credit-hold">
              <p className="font-medium text-amber-950">Credit hold</p>
              <ul className="list-disc pl-5 text-sm text-amber-950">
                {(creditHold?.reasons ?? []).map((r) => (
                  <li key={r.code}>{r.message}</li>
                ))}
              </ul>
              <Field
                label="Reason to approve despite the hold"
                name="creditOverride"
                hint="Approving records this reason with your name."
                error={mine?.intent === 'approve' ? errors.creditOverride : undefined}
              >
                {(p) => <textarea {...p} rows={2} defaultValue={keep('approve').creditOverride ?? ''} />}
              </Field>
            </div>
          ) : null}
          <button type="submit" className={buttonClass.primary} disabled={approving}>
            {approving ? 'Approving…' : 'Approve order'}
          </button>
        </Form>
      ) : null}
      {has('reject') ? (
        <ReasonForm intent="reject" label="Why you reject it" button="Reject order" busy={rejecting} version={order.version} result={mine} />
      ) : null}
      {has('ship') || has('deliver') ? (
        <div className="flex flex-wrap gap-3">
          {mine && (mine.intent === 'ship' || mine.intent === 'deliver') ? <FormError message={mine.formError} /> : null}
          {has('ship') ? (
            <Form method="post">
              <input type="hidden" name="intent" value="ship" />
              {version}
              <button type="submit" className={buttonClass.primary} disabled={shipping}>
                {shipping ? 'Marking…' : 'Mark shipped'}
              </button>
            </Form>
          ) : null}
          {has('deliver') ? (
            <Form method="post">
              <input type="hidden" name="intent" value="deliver" />
              {version}
              <button type="submit" className={buttonClass.primary} disabled={delivering}>
                {delivering ? 'Marking…' : 'Mark delivered'}
              </button>
            </Form>
          ) : null}
        </div>
      ) : null}
      {has('cancel') ? (
        order.status === 'offered' ? (
          <ReasonForm intent="cancel" label="Why you withdraw it" button="Withdraw offer" busy={cancelling} version={order.version} result={mine} />
        ) : (
          <ReasonForm intent="cancel" label="Why you cancel it" button="Cancel order" busy={cancelling} version={order.version} result={mine} />
        )
      ) : null}
    </DocumentSection>
  );
}

function ReasonForm({
  intent,
  label,
  optional = false,
  button,
  busy,
  version,
  result,
}: {
  intent: 'reject' | 'cancel' | 'decline';
  label: string;
  /** The reason may be left empty (declining an offer). */
  optional?: boolean;
  button: string;
  busy: boolean;
  version: number;
  result?: OrderFormResult;
}) {
  const mine = result?.intent === intent ? result : undefined;
  return (
    <Form method="post" noValidate className="space-y-3 border-t border-stone-200 pt-4" aria-label={button}>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="version" value={version} />
      {mine ? <FormError message={mine.formError} /> : null}
      <Field label={label} name="reason" error={mine?.errors?.reason} optional={optional}>
        {(p) => <textarea {...p} rows={2} defaultValue={mine?.values?.reason ?? ''} />}
      </Field>
      <button type="submit" className={buttonClass.danger} disabled={busy}>
        {busy ? 'Sending…' : button}
      </button>
    </Form>
  );
}

function Timeline({ order }: { order: OrderDetailView }) {
  return (
    <DocumentTimeline
      entries={order.timeline.map((e) => ({
        title: e.kind === 'message' ? 'Message' : e.label,
        by: e.by,
        side: e.side ? (e.side === 'buyer' ? order.buyer.name : order.seller.name) : null,
        at: formatUtc(e.at),
        text: e.text,
      }))}
    />
  );
}

function Thread({
  messages,
  names,
  result,
  readOnly,
}: {
  messages: OrderMessageView[];
  names: { buyer: string; seller: string };
  result?: OrderFormResult;
  readOnly: boolean;
}) {
  const busy = useBusy('message');
  return (
    <DocumentSection id="thread" heading="Messages">
      {messages.length === 0 ? <p className="mt-2 text-stone-600">No messages yet.</p> : null}
      <ol className="mt-3 space-y-3" aria-label="Messages">
        {messages.map((m) => (
          <li key={m.id} className={`rounded-lg p-3 ${m.side === 'seller' ? 'bg-forest/5' : 'bg-stone-100'}`} data-testid="order-message">
            <p className="text-sm text-stone-700">
              <span className="font-medium text-ink">{m.by ?? 'Someone'}</span> · {names[m.side]} · {formatUtc(m.createdAt)}
            </p>
            <p className="mt-1 whitespace-pre-wrap">{m.body}</p>
          </li>
        ))}
      </ol>
      {readOnly ? (
        <p className="mt-4 text-sm text-stone-600">Your access is read-only: you can read the messages, not write one.</p>
      ) : (
        <Form key={messages.length} method="post" noValidate className="mt-4 space-y-3">
          <input type="hidden" name="intent" value="message" />
          <FormError message={result?.errors?.body ? undefined : result?.formError} />
          <Field label="Write a message" name="body" error={result?.errors?.body}>
            {(p) => <textarea {...p} rows={3} defaultValue={result?.values?.body ?? ''} />}
          </Field>
          <button type="submit" className={buttonClass.secondary} disabled={busy}>
            {busy ? 'Sending…' : 'Send message'}
          </button>
        </Form>
      )}
    </DocumentSection>
  );
}
