// Request Materials (spec §2, every partner): the collateral Frolic offers the partner's type, each
// downloadable, and a request for printed copies — quantities per item, where to deliver them (the
// organisation's address to start from) and by when — with the partner's materials requests below.
import { Form, href, useNavigation } from 'react-router';
import { COLLATERAL_KIND_LABELS, type CollateralKind } from '@shared/marketing-constants';
import { MAX_QUANTITY } from '@shared/marketing-request-constants';
import { ORGANISATION_TYPE_LABELS } from '@shared/partners';
import { todayUtc } from '@shared/partners';
import { materialsRequestInput } from '@shared/schemas/marketing-requests';
import type { Route } from './+types/materials';
import { buttonClass, PageHeader } from '~/components/admin-ui/list';
import { Field, FormError, inputClass } from '~/components/forms/fields';
import { MyRequests } from '~/features/marketing-requests/my-requests';
import { refusedToAct, requireRequester, standingNotice } from '~/features/marketing-requests/partner.server';
import { StandingNotice } from '~/features/marketing-requests/standing-notice';
import { partnerForm } from '~/lib/partner-action.server';

export const meta: Route.MetaFunction = () => [{ title: 'Request Materials · Frolic' }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireRequester(request, context);
  const requests = context.services.marketingRequests;
  const [collateral, mine, org] = await Promise.all([
    requests.collateralFor(user),
    requests.listOwn(user, { kinds: ['materials'], page: 1, pageSize: 50 }),
    requests.organisationOf(user),
  ]);
  const address = org
    ? [org.tradingName, org.addressLine1, org.addressLine2, [org.postalCode, org.city].filter(Boolean).join(' '), org.region, org.country]
        .filter((l) => l.trim())
        .join('\n')
    : '';
  return {
    collateral,
    requests: mine.items,
    address,
    audience: org ? ORGANISATION_TYPE_LABELS[org.type] : null,
    notice: standingNotice(user),
    today: todayUtc(),
  };
}

const QTY = /^qty-(\d{1,10})$/;
const quantityField = (collateralId: number | string) => `qty-${collateralId}`;

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireRequester(request, context);
  const blocked = await refusedToAct(context, user);
  if (blocked) return blocked;
  const form = await partnerForm(request);
  const { values } = form;
  // Only the items given a number of copies are asked for (an empty box or 0: not this one).
  const items = Object.entries(values)
    .filter(([k, v]) => QTY.test(k) && v.trim() !== '' && v.trim() !== '0')
    .map(([k, v]) => ({ collateralId: (QTY.exec(k) as RegExpExecArray)[1] as string, quantity: v.trim() }));
  const rename = (path: string) => {
    const m = /^items\.(\d+)\.\w+$/.exec(path);
    const item = m ? items[Number(m[1])] : undefined;
    return item ? quantityField(item.collateralId) : path;
  };
  const parsed = materialsRequestInput.safeParse({
    kind: 'materials',
    deliveryAddress: values.deliveryAddress,
    neededBy: values.neededBy,
    details: values.details ?? '',
    items,
  });
  if (!parsed.success) return form.invalid(parsed.error, rename, { formError: 'Check the highlighted fields.' });
  let id: number;
  try {
    ({ id } = await context.services.marketingRequests.create(user, parsed.data, context.auth.actor(user.id)));
  } catch (err) {
    return form.refused(err, rename);
  }
  throw context.flash.redirectWithToast(href('/partner/dashboard/marketing/requests/:id', { id: String(id) }), {
    title: 'Request sent',
    description: 'Frolic will answer here and by email.',
  });
}

/** Why the request form is locked, said beside its button: the organisation's standing, or nothing to ask for yet. */
const NO_COLLATERAL_REASON = 'You can ask for printed copies once there is collateral to choose from.';

const sizeOf = (bytes: number) => (bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`);

export default function RequestMaterials({ loaderData, actionData }: Route.ComponentProps) {
  const { collateral, requests, address, audience, notice, today } = loaderData;
  const errors = actionData?.errors ?? {};
  const values = actionData?.values ?? {};
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting';
  const locked = notice ? notice.message : collateral.length === 0 ? NO_COLLATERAL_REASON : null;
  return (
    <main id="main">
      <PageHeader title="Request Materials" description="Download Frolic's collateral, or ask for printed copies delivered to you." />
      <StandingNotice notice={notice} />
      <Form method="post" noValidate className="space-y-6">
        <section aria-labelledby="collateral-heading" className="rounded-xl bg-white p-6 shadow-sm">
          <h2 id="collateral-heading" className="font-serif text-2xl">
            {audience ? `Collateral for ${audience.toLowerCase()}s` : 'Collateral'}
          </h2>
          {errors.items ? (
            <p className="mt-2 font-medium text-red-800" id="items-error">
              {errors.items}
            </p>
          ) : null}
          {collateral.length === 0 ? (
            <p className="mt-2 text-stone-600" id="collateral-empty">
              Frolic has not published any collateral for {audience ? `${audience.toLowerCase()}s` : 'your organisation'} yet. When it does, it appears here to
              download, and you can ask for printed copies of it.
            </p>
          ) : (
            <ul className="mt-4 divide-y divide-stone-200">
              {collateral.map((c) => {
                const field = quantityField(c.id);
                const error = errors[field];
                return (
                  <li key={c.id} className="flex flex-wrap items-start justify-between gap-4 py-4">
                    <div className="min-w-0 flex-1">
                      <h3 className="font-semibold">{c.title}</h3>
                      <p className="text-sm text-stone-600">{COLLATERAL_KIND_LABELS[c.kind as CollateralKind] ?? c.kind}</p>
                      {c.description ? <p className="mt-1 text-sm">{c.description}</p> : null}
                      <a href={c.downloadUrl} className="mt-1 inline-block text-sm font-medium text-brass underline" download={c.fileName}>
                        Download {c.title} ({c.mimeType === 'application/pdf' ? 'PDF' : c.mimeType.replace(/^\w+\//, '').toUpperCase()}, {sizeOf(c.sizeBytes)})
                      </a>
                    </div>
                    <div className="w-40">
                      <label htmlFor={field} className="block text-sm font-medium">
                        Copies of {c.title}
                      </label>
                      <input
                        id={field}
                        name={field}
                        type="number"
                        inputMode="numeric"
                        min={0}
                        max={MAX_QUANTITY}
                        defaultValue={values[field] ?? ''}
                        aria-invalid={error ? true : undefined}
                        aria-describedby={error ? `${field}-error` : undefined}
                        className={inputClass}
                        disabled={!!notice}
                      />
                      {error ? (
                        <p id={`${field}-error`} className="mt-1 text-sm font-medium text-red-800">
                          {error}
                        </p>
                      ) : null}
                    </div>
                  </li>
                );
              })}
            </ul>
          )}
        </section>
        <section aria-labelledby="request-heading" className="space-y-4 rounded-xl bg-white p-6 shadow-sm">
          <h2 id="request-heading" className="font-serif text-2xl">
            Request printed copies
          </h2>
          <FormError message={actionData?.formError} />
          {locked ? (
            <p id="request-locked" className="text-sm font-medium text-stone-700">
              {locked}
            </p>
          ) : null}
          <fieldset disabled={!!locked} className="space-y-4">
            <Field label="Delivery address" name="deliveryAddress" error={errors.deliveryAddress}>
              {(p) => <textarea {...p} rows={5} defaultValue={values.deliveryAddress ?? address} required />}
            </Field>
            <Field label="Needed by" name="neededBy" error={errors.neededBy} hint="Today or later.">
              {(p) => <input {...p} type="date" min={today} defaultValue={values.neededBy ?? ''} required />}
            </Field>
            <Field label="Notes for Frolic" name="details" error={errors.details} optional>
              {(p) => <textarea {...p} rows={3} defaultValue={values.details ?? ''} />}
            </Field>
            <button type="submit" className={buttonClass.primary} disabled={busy} aria-describedby={locked ? 'request-locked' : undefined}>
              {busy ? 'Sending…' : 'Send request'}
            </button>
          </fieldset>
        </section>
      </Form>
      <MyRequests heading="Your materials requests" requests={requests} empty="You have not asked for materials yet." />
    </main>
  );
}
