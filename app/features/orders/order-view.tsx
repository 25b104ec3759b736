// One order, as its buyer, its seller or staff (for the brand) see it: where it stands, the lines
// with what was asked for and what was approved side by side (and why a line changed), the totals,
// the timeline, the thread, and the actions the transition table allows this side now. Every action
// names the version the page read; the page revalidates when the other side moves the order.
import { Form, useNavigation } from 'react-router';
import { formatPrice } from '@shared/markets';
import { plural } from '@shared/plural';
import { MAX_CASES_PER_LINE, type OrderStatus } from '@shared/orders';
import { formatUtc } from '@shared/staff-time';
import { buttonClass } from '~/components/admin-ui/list';
import { Field, FormError } from '~/components/forms/fields';
import { OrderStatusBadge } from './status-badge';
import type { OrderDetailView, OrderMessageView } from '@shared/order-views';
import type { CreditHoldView, OrderFormResult } from './types';
import { TableScroll } from '~/components/ui/table-scroll';

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
        <section aria-labelledby="order-heading" className="rounded-xl bg-white p-6 shadow-sm">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 id="order-heading" className="font-serif text-xl">
              Order {order.number}
            </h2>
            <OrderStatusBadge status={order.status} />
          </div>
          <dl className="mt-4 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
            <div>
              <dt className="text-stone-600">Buyer</dt>
              <dd className="font-medium" data-testid="order-buyer">
                {partyNames.buyer}
              </dd>
            </div>
            <div>
              <dt className="text-stone-600">Supplier</dt>
              <dd className="font-medium" data-testid="order-seller">
                {partyNames.seller}
              </dd>
            </div>
            <div>
              <dt className="text-stone-600">Placed</dt>
              <dd>{formatUtc(order.submittedAt ?? order.createdAt)}</dd>
            </div>
            {order.note ? (
              <div className="sm:col-span-2">
                <dt className="text-stone-600">Note</dt>
                <dd className="whitespace-pre-wrap">{order.note}</dd>
              </div>
            ) : null}
            {order.decisionReason ? (
              <div className="sm:col-span-2">
                <dt className="text-stone-600">{order.status === 'rejected' ? 'Why it was rejected' : "Supplier's note"}</dt>
                <dd className="whitespace-pre-wrap" data-testid="order-decision-reason">
                  {order.decisionReason}
                </dd>
              </div>
            ) : null}
            {order.cancelReason ? (
              <div className="sm:col-span-2">
                <dt className="text-stone-600">Why it was cancelled</dt>
                <dd className="whitespace-pre-wrap" data-testid="order-cancel-reason">
                  {order.cancelReason}
                </dd>
              </div>
            ) : null}
          </dl>
        </section>

        <section aria-labelledby="lines-heading" className="rounded-xl bg-white p-6 shadow-sm">
          <h2 id="lines-heading" className="font-serif text-xl">
            Lines
          </h2>
          <TableScroll label="Lines of the order" className="mt-3">
            <table className="w-full text-left text-sm">
              <thead className="border-b border-stone-200 text-stone-700">
                <tr>
                  <th scope="col" className="py-2 pr-3">
                    Product
                  </th>
                  <th scope="col" className="py-2 pr-3 text-right">
                    Requested
                  </th>
                  <th scope="col" className="py-2 pr-3 text-right">
                    Approved
                  </th>
                  <th scope="col" className="py-2 pr-3 text-right">
                    Per bottle
                  </th>
                  <th scope="col" className="py-2 text-right">
                    Line total
                  </th>
                </tr>
              </thead>
              <tbody>
                {order.items.map((l) => (
                  <tr key={l.id} className="border-b border-stone-100 align-top last:border-0" data-testid="order-line">
                    <td className="py-2 pr-3">
                      <span className="font-medium" data-testid="line-product">
                        {l.productName}
                      </span>
                      <span className="block text-stone-600">case of {l.caseSize}</span>
                      {l.modified && l.modificationReason ? (
                        <span className="mt-1 block text-amber-900" data-testid="line-reason">
                          Changed: {l.modificationReason}
                        </span>
                      ) : null}
                    </td>
                    <td className={`py-2 pr-3 text-right ${approved && l.modified ? 'text-stone-500 line-through' : ''}`} data-testid="line-requested">
                      {l.casesRequested} {l.casesRequested === 1 ? 'case' : 'cases'}
                    </td>
                    <td className={`py-2 pr-3 text-right ${l.modified ? 'font-semibold text-amber-900' : ''}`} data-testid="line-approved">
                      {approved ? `${l.cases} ${l.cases === 1 ? 'case' : 'cases'}` : '—'}
                    </td>
                    <td className="py-2 pr-3 text-right">{money(l.unitPriceMinor)}</td>
                    <td className="py-2 text-right">{money(l.lineTotalMinor)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
          <dl className="mt-4 ml-auto max-w-xs space-y-1 text-sm">
            <div className="flex justify-between">
              <dt>Subtotal</dt>
              <dd>{money(order.subtotalMinor)}</dd>
            </div>
            <div className="flex justify-between">
              <dt>Tax ({(order.taxRateBp / 100).toLocaleString('en')}%)</dt>
              <dd>{money(order.taxMinor)}</dd>
            </div>
            <div className="flex justify-between border-t border-stone-200 pt-1 font-semibold">
              <dt>Total</dt>
              <dd data-testid="order-total">{money(order.totalMinor)}</dd>
            </div>
          </dl>
        </section>

        <OrderActions order={order} result={result} creditHold={creditHold} />
      </div>
      <div className="space-y-6">
        <Timeline order={order} />
        {messages ? <Thread messages={messages} names={partyNames} result={result?.intent === 'message' ? result : undefined} readOnly={readOnly} /> : null}
      </div>
    </div>
  );
}

function useBusy(intent: string) {
  const navigation = useNavigation();
  return navigation.state !== 'idle' && navigation.formData?.get('intent') === intent;
}

function OrderActions({ order, result, creditHold }: { order: OrderDetailView; result?: OrderFormResult; creditHold: CreditHoldView | null }) {
  const mine = result && result.intent !== 'message' ? result : undefined;
  const errors = mine?.errors ?? {};
  const values = mine?.values ?? {};
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
    <section aria-labelledby="actions-heading" className="space-y-5 rounded-xl bg-white p-6 shadow-sm" key={order.version}>
      <h2 id="actions-heading" className="font-serif text-xl">
        What you can do
      </h2>
      {mine?.formError && !mine.intent ? <FormError message={mine.formError} /> : null}
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
        <ReasonForm intent="cancel" label="Why you cancel it" button="Cancel order" busy={cancelling} version={order.version} result={mine} />
      ) : null}
    </section>
  );
}

function ReasonForm({
  intent,
  label,
  button,
  busy,
  version,
  result,
}: {
  intent: 'reject' | 'cancel';
  label: string;
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
      <Field label={label} name="reason" error={mine?.errors?.reason}>
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
    <section aria-labelledby="timeline-heading" className="rounded-xl bg-white p-6 shadow-sm">
      <h2 id="timeline-heading" className="font-serif text-xl">
        Timeline
      </h2>
      <ol className="mt-3 space-y-3 border-l border-stone-300 pl-4" aria-label="Timeline">
        {order.timeline.map((e, i) => (
          <li key={i} className="text-sm" data-testid="timeline-entry">
            <p>
              <span className="font-medium">{e.kind === 'message' ? 'Message' : e.label}</span>
              {e.by ? ` · ${e.by}` : ''}
              {e.side ? ` (${e.side === 'buyer' ? order.buyer.name : order.seller.name})` : ''}
            </p>
            <p className="text-stone-600">{formatUtc(e.at)}</p>
            {e.text ? <p className="mt-1 whitespace-pre-wrap">{e.text}</p> : null}
          </li>
        ))}
      </ol>
    </section>
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
    <section aria-labelledby="thread-heading" className="rounded-xl bg-white p-6 shadow-sm">
      <h2 id="thread-heading" className="font-serif text-xl">
        Messages
      </h2>
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
    </section>
  );
}
