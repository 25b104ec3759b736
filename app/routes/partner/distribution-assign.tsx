// Assign to Distributors (spec §2, importers): the importer's holdings, one of its own distributors,
// whole cases per product and a note. The allocation moves the bottles out of the importer's ledger
// into the distributor's in one transaction; the hidden key makes a double submit one allocation.
import { randomUUID } from 'node:crypto';
import { Form, href, useNavigation } from 'react-router';
import { STANDING_REFUSAL } from '@shared/partners';
import { allocationInput } from '@shared/schemas/stock';
import type { Route } from './+types/distribution-assign';
import { buttonClass, PageHeader } from '~/components/admin-ui/list';
import { Field, FormError, inputClass } from '~/components/forms/fields';
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
  const [holdings, distributors, allocations] = await Promise.all([
    canView ? stock.holdings(user) : [],
    stock.distributors(user),
    canView ? stock.allocations(user) : { made: [], received: [] },
  ]);
  const notice = !user.organisationId
    ? { title: 'No organisation yet', message: 'Your account does not belong to a partner organisation yet.' }
    : user.standing && user.standing !== 'active'
      ? STANDING_REFUSAL[user.standing]
      : null;
  return { holdings, distributors, made: allocations.made, notice, key: randomUUID() };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requirePartnerPage(request, context);
  const form = await partnerForm(request);
  const { values } = form;
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
    const { allocation } = await context.services.stock.allocate(user, parsed.data, key && key.length <= 200 ? key : null, context.auth.actor(user.id));
    const cases = allocation.items.reduce((s, i) => s + i.cases, 0);
    throw context.flash.redirectWithToast(PAGE, {
      title: 'Stock allocated',
      description: `${cases} case${cases === 1 ? '' : 's'} went to ${allocation.distributorName}.`,
    });
  } catch (err) {
    return form.refused(err, rename);
  }
}

export default function AssignToDistributors({ loaderData, actionData }: Route.ComponentProps) {
  const { holdings, distributors, made, notice, key } = loaderData;
  const errors = actionData?.errors ?? {};
  const values = (actionData as { values?: Record<string, string> } | undefined)?.values ?? {};
  const navigation = useNavigation();
  const blocked = notice !== null;
  return (
    <main id="main" className="space-y-6">
      <PageHeader title="Assign to Distributors" description="Allocate your available stock to one of your distributors, in whole cases." />
      {notice ? (
        <div role="status" className="rounded-md bg-amber-50 p-3 text-sm text-amber-950">
          <p className="font-semibold">{notice.title}</p>
          <p>{notice.message}</p>
        </div>
      ) : null}
      <Form method="post" className="space-y-4 rounded-xl bg-white p-5 shadow-sm" aria-labelledby="allocate-heading">
        <h2 id="allocate-heading" className="font-serif text-2xl">
          New allocation
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
            <caption className="sr-only">Your stock and the cases to allocate</caption>
            <thead>
              <tr className="border-b border-stone-200 text-stone-600">
                <th scope="col" className="py-1 pr-2 font-medium">
                  Product
                </th>
                <th scope="col" className="py-1 pr-2 text-right font-medium">
                  Available
                </th>
                <th scope="col" className="py-1 font-medium">
                  Cases to allocate
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
          Allocate
        </button>
      </Form>
      <section aria-labelledby="made-heading" className="rounded-xl bg-white p-5 shadow-sm">
        <h2 id="made-heading" className="font-serif text-2xl">
          Allocations made
        </h2>
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
