// The store editor (new and existing): address, coordinates (from the address through the shipped
// gazetteer, with where they land), phone, opening hours per day (24-hour text fields) and the
// products carried. Saves as JSON through the shared schema; a save over someone else's newer edit
// is refused with a reload link. Deleting needs catalog:delete.
import { useEffect, useRef, useState } from 'react';
import { href, useActionData } from 'react-router';
import { type StoreEdit, storeAdminId, storeDeleteForm, storeInput, storeUpdate } from '@shared/schemas/stores';
import { WEEKDAYS } from '@shared/store-constants';
import type { Route } from './+types/edit';
import { BackLink, ConfirmButton, EditorActions, EditorAlert, useJsonEditor } from '~/components/admin-ui/editor';
import { PageHeader } from '~/components/admin-ui/list';
import { Field } from '~/components/forms/fields';
import { UseAddressPosition, WhereItLands } from '~/features/stores/position-check';
import { TimeInput } from '~/features/stores/time-input';
import { adminAction, readBody } from '~/lib/admin-action.server';
import { can, requirePermission } from '~/lib/guards.server';
import { orNotFound, requireFound } from '~/lib/params.server';

const LIST = href('/admin/dashboard/store-locator');

export const meta: Route.MetaFunction = ({ data }) => [{ title: `${data?.store ? `Edit ${data.store.name}` : 'New store'} · Frolic` }];

const NOT_FOUND = 'We could not find that store.';
const idFrom = (raw: string) => requireFound(storeAdminId.safeParse(raw).data, NOT_FOUND);

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = await requirePermission(request, context, 'cms:access');
  const { stores } = context.services;
  let store: StoreEdit | null = null;
  if (params.id !== undefined) store = await orNotFound(stores.getForEdit(idFrom(params.id)), NOT_FOUND);
  return { store, products: await stores.productChoices(store?.productIds), canDelete: await can(context, user, { permission: 'catalog:delete' }) };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { stores } = context.services;
  const body = await readBody(request);
  const saved = (s: StoreEdit) => ({
    to: href('/admin/dashboard/store-locator/:id', { id: String(s.id) }),
    title: 'Store saved',
    description: s.active ? `${s.name} is on the store locator.` : `${s.name} is hidden from visitors.`,
  });
  if (params.id === undefined) {
    return adminAction(
      { request, context },
      { permission: 'cms:access', schema: storeInput, body, run: (input, { actor }) => stores.createStore(input, actor), done: saved },
    );
  }
  const id = idFrom(params.id);
  if (body.intent === 'delete') {
    return adminAction(
      { request, context },
      {
        permission: 'catalog:delete',
        schema: storeDeleteForm,
        body,
        run: (_input, { actor }) => stores.deleteStore(id, actor),
        done: () => ({ to: LIST, title: 'Store deleted' }),
      },
    );
  }
  return adminAction(
    { request, context },
    { permission: 'cms:access', schema: storeUpdate, body, run: (input, { actor }) => stores.updateStore(id, input, actor), done: saved },
  );
}

// ---------------------------------------------------------------------------------------------
// The form's state: text as typed (the shared schema reads numbers and blanks), a row per weekday.

interface DayDraft {
  closed: boolean;
  opens: string;
  closes: string;
}
interface Draft {
  name: string;
  address: string;
  city: string;
  region: string;
  postcode: string;
  country: string;
  latitude: string;
  longitude: string;
  phone: string;
  days: DayDraft[];
  productIds: number[];
  active: boolean;
}

function toDraft(s: StoreEdit | null): Draft {
  return {
    name: s?.name ?? '',
    address: s?.address ?? '',
    city: s?.city ?? '',
    region: s?.region ?? '',
    postcode: s?.postcode ?? '',
    country: s?.country ?? '',
    latitude: s ? String(s.latitude) : '',
    longitude: s ? String(s.longitude) : '',
    phone: s?.phone ?? '',
    days: WEEKDAYS.map((_, day) => {
      const h = s?.openingHours.find((x) => x.day === day);
      // A new store starts with shop hours to adjust rather than seven blank rows.
      return h ? { closed: false, opens: h.opens, closes: h.closes } : { closed: s !== null, opens: '10:00', closes: '18:00' };
    }),
    productIds: s?.productIds ?? [],
    active: s?.active ?? true,
  };
}

/** The days open, in order: the index of a day here is its index in `openingHours` (and its errors). */
const openDays = (d: Draft) => d.days.flatMap((x, day) => (x.closed ? [] : [day]));

function toInput(d: Draft) {
  const { days, ...rest } = d;
  return { ...rest, openingHours: openDays(d).map((day) => ({ day, opens: days[day]?.opens ?? '', closes: days[day]?.closes ?? '' })) };
}

function HoursEditor({
  days,
  errors,
  onChange,
  openIndex,
}: {
  days: DayDraft[];
  errors: Record<string, string | undefined>;
  onChange: (day: number, patch: Partial<DayDraft>) => void;
  openIndex: (day: number) => number;
}) {
  return (
    <fieldset className="rounded-xl bg-white p-5 shadow-sm">
      <legend className="px-1 font-serif text-xl">Opening hours</legend>
      <p className="mb-3 text-sm text-stone-600">24-hour times (HH:MM, e.g. 09:00 or 18:30), local to the store. Tick “Closed” for days it does not open.</p>
      <table className="w-full text-sm">
        <caption className="sr-only">Opening hours by day</caption>
        <thead className="text-left text-stone-700">
          <tr>
            <th scope="col" className="py-1 font-medium">
              Day
            </th>
            <th scope="col" className="py-1 font-medium">
              Closed
            </th>
            <th scope="col" className="py-1 font-medium">
              Opens
            </th>
            <th scope="col" className="py-1 font-medium">
              Closes
            </th>
          </tr>
        </thead>
        <tbody>
          {days.map((d, day) => {
            const name = WEEKDAYS[day] as string;
            const i = openIndex(day);
            const error = i === -1 ? undefined : (errors[`openingHours.${i}.opens`] ?? errors[`openingHours.${i}.closes`] ?? errors[`openingHours.${i}.day`]);
            return (
              <tr key={name} className="align-top">
                <th scope="row" className="py-2 pr-3 text-left font-medium">
                  {name}
                </th>
                <td className="py-2 pr-3">
                  <input
                    type="checkbox"
                    aria-label={`${name} closed`}
                    checked={d.closed}
                    onChange={(e) => onChange(day, { closed: e.target.checked })}
                    className="mt-3 h-4 w-4"
                  />
                </td>
                <td className="py-2 pr-3">
                  <TimeInput
                    label={`${name} opens`}
                    value={d.opens}
                    disabled={d.closed}
                    invalid={Boolean(error)}
                    onChange={(opens) => onChange(day, { opens })}
                  />
                </td>
                <td className="py-2">
                  <TimeInput
                    label={`${name} closes`}
                    value={d.closes}
                    disabled={d.closed}
                    invalid={Boolean(error)}
                    onChange={(closes) => onChange(day, { closes })}
                  />
                  {error ? <p className="mt-1 text-sm font-medium text-red-800">{error}</p> : null}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </fieldset>
  );
}

export default function StoreEditor({ loaderData }: Route.ComponentProps) {
  const { store, products, canDelete } = loaderData;
  const [draft, setDraft] = useState<Draft>(() => toDraft(store));
  const editor = useJsonEditor();
  const deletion = useActionData<typeof action>();
  const errors = editor.errors;
  // After a refused save, focus goes to the first field in error; keyed on which fields, so typing never moves it.
  const formRef = useRef<HTMLFormElement>(null);
  const fieldsInError = Object.keys(errors)
    .filter((k) => errors[k])
    .sort()
    .join('|');
  useEffect(() => {
    if (fieldsInError) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [fieldsInError]);
  const alert = editor.formError ? editor : deletion?.formError ? deletion : null;
  const update = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));
  const open = openDays(draft);

  const save = (e: React.FormEvent) => {
    e.preventDefault();
    // The version is the one this page loaded: a newer save by someone else makes this one a conflict.
    editor.submit(store ? { ...toInput(draft), version: store.version } : toInput(draft));
  };
  const text = (
    key: 'name' | 'address' | 'city' | 'region' | 'postcode' | 'country' | 'latitude' | 'longitude' | 'phone',
    label: string,
    extra: { hint?: string; optional?: boolean; maxLength?: number; inputMode?: 'decimal' | 'tel' } = {},
  ) => (
    <Field label={label} name={key} error={errors[key]} hint={extra.hint} optional={extra.optional}>
      {(p) => <input {...p} value={draft[key]} maxLength={extra.maxLength} inputMode={extra.inputMode} onChange={(e) => update({ [key]: e.target.value })} />}
    </Field>
  );

  return (
    <main id="main" className="max-w-4xl">
      <BackLink to={LIST} label="Store Locator" />
      <PageHeader title={store ? `Edit ${store.name}` : 'New store'}>
        {store && canDelete ? <ConfirmButton intent="delete" label="Delete" question={`Delete ${store.name} for good?`} /> : null}
      </PageHeader>
      {alert ? <EditorAlert formError={alert.formError} code={alert.code} hint={alert.hint} /> : null}

      <form ref={formRef} onSubmit={save} noValidate className="space-y-8" aria-label={store ? `Edit ${store.name}` : 'New store'}>
        <section className="grid gap-4 rounded-xl bg-white p-5 shadow-sm sm:grid-cols-2" aria-label="Address">
          <div className="sm:col-span-2">{text('name', 'Store name', { maxLength: 120 })}</div>
          <div className="sm:col-span-2">{text('address', 'Street address', { maxLength: 200 })}</div>
          {text('city', 'Town or city', { maxLength: 100 })}
          {text('region', 'Region, state or county', { optional: true, maxLength: 100 })}
          {text('postcode', 'Postcode', { optional: true, maxLength: 20 })}
          {text('country', 'Country code', { hint: 'Two letters (ISO 3166), e.g. GB, US, DE.', maxLength: 2 })}
          {text('phone', 'Phone', { optional: true, maxLength: 30, inputMode: 'tel', hint: 'With the country code, e.g. +44 20 7946 0112.' })}
        </section>

        <section className="grid gap-4 rounded-xl bg-white p-5 shadow-sm sm:grid-cols-2" aria-label="Coordinates">
          <p className="text-sm text-stone-600 sm:col-span-2">
            Decimal degrees: the locator measures distances from here. In most online maps, right-click the shop’s entrance to copy them (e.g. 51.5136,
            -0.1270).
          </p>
          <UseAddressPosition
            address={{ city: draft.city, region: draft.region, postcode: draft.postcode, country: draft.country }}
            onFound={(latitude, longitude) => update({ latitude, longitude })}
          />
          {text('latitude', 'Latitude', { hint: 'North positive, −90 to 90.', inputMode: 'decimal' })}
          {text('longitude', 'Longitude', { hint: 'East positive, −180 to 180.', inputMode: 'decimal' })}
          <WhereItLands lat={draft.latitude} lng={draft.longitude} country={draft.country} />
        </section>

        <HoursEditor
          days={draft.days}
          errors={errors}
          openIndex={(day) => open.indexOf(day)}
          onChange={(day, patch) => setDraft((d) => ({ ...d, days: d.days.map((x, i) => (i === day ? { ...x, ...patch } : x)) }))}
        />

        <fieldset className="rounded-xl bg-white p-5 shadow-sm">
          <legend className="px-1 font-serif text-xl">Products carried</legend>
          {errors.productIds ? <p className="mb-2 text-sm font-medium text-red-800">{errors.productIds}</p> : null}
          <div className="grid gap-2 sm:grid-cols-2">
            {products.map((p) => (
              <label key={p.id} className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  className="h-4 w-4"
                  checked={draft.productIds.includes(p.id)}
                  onChange={(e) => update({ productIds: e.target.checked ? [...draft.productIds, p.id] : draft.productIds.filter((id) => id !== p.id) })}
                />
                {p.name}
                {p.status !== 'active' ? <span className="text-xs text-stone-600">({p.status})</span> : null}
              </label>
            ))}
          </div>
        </fieldset>

        <section className="rounded-xl bg-white p-5 shadow-sm" aria-label="Visibility">
          <label className="flex items-center gap-2 text-sm font-medium">
            <input type="checkbox" checked={draft.active} onChange={(e) => update({ active: e.target.checked })} className="h-4 w-4" />
            Show on the public store locator
          </label>
        </section>

        <EditorActions busy={editor.busy} cancelTo={LIST} />
      </form>
    </main>
  );
}
