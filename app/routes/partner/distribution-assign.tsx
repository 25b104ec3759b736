// Assign to Distributors (spec §2, importers): the importer's holdings, one of its own distributors,
// whole cases per product and a note make an allocation offer (issue 43) — an order the distributor
// accepts or declines, its cases reserved in the importer's ledger meanwhile; the hidden key makes a
// double submit one offer. Below, the importer's offers with where each stands (an offer still open
// may be withdrawn), and the allocations made before offers, as read-only history.
import { randomUUID } from 'node:crypto';
import { Form, href, Link, useNavigation } from 'react-router';
import { STANDING_REFUSAL } from '@shared/partners';
import { versionField } from '@shared/schemas/admin';
import { orderId } from '@shared/schemas/orders';
import { allocationInput } from '@shared/schemas/stock';
import type { OfferSummaryView } from '@shared/order-views';
import type { Route } from './+types/distribution-assign';
import { buttonClass, PageHeader } from '~/components/admin-ui/list';
import { Field, FormError, inputClass } from '~/components/forms/fields';
import { OrderStatusBadge } from '~/features/orders/status-badge';
import { actionError } from '~/lib/action-result';
import { requirePartnerPage } from '~/lib/guards.server';
import { partnerForm } from '~/lib/partner-action.server';
import { plural } from '@shared/plural';

export const meta: Route.MetaFunction = () => [{ title: 'Assign to Distributors · Frolic' }];

const PAGE = href('/partner/dashboard/distribution/assign');
const CASES = /^cases-(\d{1,10})$/;
const casesField = (productId: number | string) => `cases-${productId}`;

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requirePartnerPage(request, context);
  const stock = context.services.stock;
  const canView = await context.services.access.can(user, { permission: 'inventory:view' });
  const [holdings, distributors, allocations, offers] = await Promise.all([
    canView ? stock.holdings(user) : [],
    stock.distributors(user),
    canView ? stock.allocations(user) : { made: [], received: [] },
    context.services.orders.offers(user),
  ]);
  const notice = !user.organisationId
    ? { title: 'No organisation yet', message: 'Your account does not belong to a partner organisation yet.' }
    : user.standing && user.standing !== 'active'
      ? STANDING_REFUSAL[user.standing]
      : null;
  return { holdings, distributors, made: allocations.made, offers, notice, key: randomUUID() };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requirePartnerPage(request, context);
  const form = await partnerForm(request);
  const { values } = form;
  if (values.intent === 'withdraw') return withdraw(context, user, form);
  const lines = Object.entries(values)
    .filter(([k, v]) => CASES.test(k) && v.trim() !== '' && v.trim() !== '0')
    .map(([k, v]) => ({ productId: (CASES.exec(k) as RegExpExecArray)[1] as string, cases: v.trim() }));
  const rename = (path: string) => {
    const m = /^lines\.(\d+)\.\w+$/.exec(path);
    const line = m ? lines[Number(m[1])] : undefined;
    return line ? casesField(line.productId) : path === 'lines' ? 'form' : path;
  };
  const parsed = allocationInput.safeParse({ distributorId: values.distributorId ?? '', lines, note: values.note ?? '' });
  if (!parsed.success) return form.invalid(parsed.error, rename, { formError: 'Check the highlighted fields.' });
  const key = values.idempotencyKey?.trim() || null;
  try {
    const { order } = await context.services.orders.offer(user, parsed.data, key && key.length <= 200 ? key : null, context.auth.actor(user.id));
    const cases = order.items.reduce((s, i) => s + i.cases, 0);
    throw context.flash.redirectWithToast(PAGE, {
      title: 'Offer sent',
      description: `${plural(cases, 'case')} offered to ${order.buyer.name} (order ${order.number}): they accept or decline it.`,
    });
  } catch (err) {
    return form.refused(err, rename);
  }
}

/** The reason a withdrawal records (the distributor reads it on the order). */
const WITHDRAWN = 'Offer withdrawn by the supplier.';

/** Withdraws an offer still open (a cancel by its seller): its reserved cases go back to the available stock. */
async function withdraw(
  context: Route.ActionArgs['context'],
  user: Awaited<ReturnType<typeof requirePartnerPage>>,
  form: Awaited<ReturnType<typeof partnerForm>>,
) {
  const { values } = form;
  const id = orderId.safeParse(values.orderId);
  const version = versionField.safeParse(values.version);
  if (!id.success || !version.success) return actionError(400, { formError: 'Reload the page and try again.', code: 'validation_failed', values });
  try {
    await context.services.orders.cancel(user, id.data, { version: version.data, reason: WITHDRAWN }, context.auth.actor(user.id), 'partner');
  } catch (err) {
    return form.refused(err);
  }
  throw context.flash.redirectWithToast(PAGE, { title: 'Offer withdrawn', description: 'Its cases are available again.' });
}

export default function AssignToDistributors({ loaderData, actionData }: Route.ComponentProps) {
  const { holdings, distributors, made, offers, notice, key } = loaderData;
  const errors = actionData?.errors ?? {};
  const values = (actionData as { values?: Record<string, string> } | undefined)?.values ?? {};
  const navigation = useNavigation();
  const blocked = notice !== null;
  return (
    <main id="main" className="space-y-6">
      <PageHeader
        title="Assign to Distributors"
        description="Offer your available stock to one of your distributors, in whole cases: the cases are reserved for them until they accept or decline."
      />
      {notice ? (
        <div role="status" className="rounded-md bg-amber-50 p-3 text-sm text-amber-950">
          <p className="font-semibold">{notice.title}</p>
          <p>{notice.message}</p>
        </div>
      ) : null}
      <Form method="post" className="space-y-4 rounded-xl bg-white p-5 shadow-sm" aria-labelledby="allocate-heading">
        <h2 id="allocate-heading" className="font-serif text-2xl">
          New offer
        </h2>
        <FormError message={actionData?.formError} />
        <input type="hidden" name="idempotencyKey" value={key} />
        <Field label="Distributor" name="distributorId" error={errors.distributorId}>
          {(p) => (
            <select {...p} defaultValue={values.distributorId ?? ''} required>
              <option value="">Choose a distributor</option>
              {distributors.map((d) => (
                <option key={d.id} value={d.id}>
                  {d.name}
                  {d.status === 'active' ? '' : ` (${d.status})`}
                </option>
              ))}
            </select>
          )}
        </Field>
        {holdings.length === 0 ? (
          <p className="text-sm text-stone-600">You hold no stock yet.</p>
        ) : (
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Your stock and the cases to offer</caption>
            <thead>
              <tr className="border-b border-stone-200 text-stone-600">
                <th scope="col" className="py-1 pr-2 font-medium">
                  Product
                </th>
                <th scope="col" className="py-1 pr-2 text-right font-medium">
                  Available
                </th>
                <th scope="col" className="py-1 pr-2 text-right font-medium">
                  Reserved
                </th>
                <th scope="col" className="py-1 font-medium">
                  Cases to offer
                </th>
              </tr>
            </thead>
            <tbody>
              {holdings.map((h) => {
                const name = casesField(h.productId);
                const error = errors[name];
                return (
                  <tr key={h.productId} className="border-b border-stone-100 align-top">
                    <th scope="row" className="py-2 pr-2 font-medium">
                      {h.name}
                    </th>
                    <td className="py-2 pr-2 text-right tabular-nums" data-testid={`available-${h.productId}`}>
                      {plural(h.cases, 'case')} ({plural(h.available, 'bottle')})
                    </td>
                    {/* Held for orders and open offers: out of the available figure until they ship or are released. */}
                    <td className="py-2 pr-2 text-right tabular-nums" data-testid={`reserved-${h.productId}`}>
                      {plural(h.reserved, 'bottle')}
                    </td>
                    <td className="py-2">
                      <input
                        id={name}
                        name={name}
                        type="number"
                        min={0}
                        max={h.cases}
                        step={1}
                        inputMode="numeric"
                        defaultValue={values[name] ?? ''}
                        aria-label={`Cases of ${h.name} (${h.caseSize} bottles each)`}
                        aria-invalid={error ? true : undefined}
                        aria-describedby={error ? `${name}-error` : undefined}
                        className={`${inputClass} w-28`}
                      />
                      {error ? (
                        <p id={`${name}-error`} className="mt-1 text-sm font-medium text-red-800">
                          {error}
                        </p>
                      ) : null}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        )}
        <Field label="Note" name="note" error={errors.note} optional>
          {(p) => <textarea {...p} rows={2} maxLength={1000} defaultValue={values.note ?? ''} />}
        </Field>
        <button type="submit" className={buttonClass.primary} disabled={blocked || navigation.state !== 'idle'}>
          Offer to distributor
        </button>
      </Form>
      <Offers offers={offers} blocked={blocked} />
      <section aria-labelledby="made-heading" className="rounded-xl bg-white p-5 shadow-sm">
        <h2 id="made-heading" className="font-serif text-2xl">
          Past allocations
        </h2>
        <p className="mt-1 text-sm text-stone-600">Stock moved to your distributors before allocations became offers.</p>
        {made.length === 0 ? (
          <p className="mt-2 text-sm text-stone-600">None yet.</p>
        ) : (
          <ul className="mt-2 space-y-2 text-sm" data-testid="allocations-made">
            {made.map((a) => (
              <li key={a.id}>
                <span className="font-medium">{a.distributorName}</span> ·{' '}
                {new Date(a.createdAt).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' })}:{' '}
                {a.items.map((i) => `${i.cases} × ${i.name}`).join(', ')}
                {a.note ? <span className="text-stone-600"> — {a.note}</span> : null}
              </li>
            ))}
          </ul>
        )}
      </section>
    </main>
  );
}

/** The importer's offers, newest first, with where each stands; an offer still open may be withdrawn. */
function Offers({ offers, blocked }: { offers: OfferSummaryView[]; blocked: boolean }) {
  const navigation = useNavigation();
  return (
    <section aria-labelledby="offers-heading" className="rounded-xl bg-white p-5 shadow-sm">
      <h2 id="offers-heading" className="font-serif text-2xl">
        Your offers
      </h2>
      {offers.length === 0 ? (
        <p className="mt-2 text-sm text-stone-600">None yet.</p>
      ) : (
        <ul className="mt-2 divide-y divide-stone-100 text-sm" data-testid="offers">
          {offers.map((o) => (
            <li key={o.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2" data-testid="offer">
              <Link to={href('/partner/dashboard/orders/:id', { id: String(o.id) })} className="font-medium underline">
                {o.number}
              </Link>
              <span>{o.buyer.name}</span>
              <span className="text-stone-700">{o.lines.map((l) => `${l.cases} × ${l.productName}`).join(', ')}</span>
              <OrderStatusBadge status={o.status} testId="offer-status" />
              {o.status === 'offered' ? (
                <Form method="post" className="ml-auto">
                  <input type="hidden" name="intent" value="withdraw" />
                  <input type="hidden" name="orderId" value={o.id} />
                  <input type="hidden" name="version" value={o.version} />
                  <button
                    type="submit"
                    className={buttonClass.secondary}
                    disabled={blocked || navigation.state !== 'idle'}
                    aria-label={`Withdraw offer ${o.number}`}
                  >
                    Withdraw
                  </button>
                </Form>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
