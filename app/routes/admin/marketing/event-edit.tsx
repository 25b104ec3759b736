// Create or edit a brand event: title, description, start and optional end as wall-clock times in
// the event's own time zone (the server converts them to UTC), venue, city, country, capacity,
// an optional image from the media library, published.
import { useState } from 'react';
import { href, Link } from 'react-router';
import type { PickedMedia } from '@shared/media';
import { COMMON_TIME_ZONES } from '@shared/marketing-constants';
import { eventInput, eventUpdate } from '@shared/schemas/marketing';
import type { Route } from './+types/event-edit';
import { ConfirmButton, EditorAlert, SaveButton, useJsonEditor } from '~/components/admin-ui/editor';
import { buttonClass, PageHeader } from '~/components/admin-ui/list';
import { Field } from '~/components/forms/fields';
import { MediaPicker } from '~/components/media/media-picker';
import { loadMarketingItem, type MarketingEditor, marketingItemAction } from '~/features/marketing/editor-route.server';

export const meta: Route.MetaFunction = ({ data: d }) => [{ title: `${d?.item ? d.item.title : 'New event'} · Collateral & Events · Frolic` }];

const LIST = `${href('/admin/dashboard/marketing')}?tab=events`;
const DEFAULT_ZONE = 'Europe/London';

const EVENT = {
  noun: 'event',
  list: LIST,
  get: (marketing, id) => marketing.getEvent(id),
  createSchema: eventInput,
  create: (marketing, input, actor) => marketing.createEvent(input, actor),
  updateSchema: eventUpdate,
  update: (marketing, id, input, actor) => marketing.updateEvent(id, input, actor),
  remove: (marketing, id, actor) => marketing.deleteEvent(id, actor),
} satisfies MarketingEditor<typeof eventInput, typeof eventUpdate>;

export const loader = (args: Route.LoaderArgs) => loadMarketingItem(args, EVENT);

export const action = (args: Route.ActionArgs) => marketingItemAction(args, EVENT);

/** The form's capacity: empty is "no limit"; anything else goes to the server as typed, to be checked there. */
function capacityValue(text: string): number | string | null {
  const t = text.trim();
  if (!t) return null;
  return /^\d+$/.test(t) ? Number(t) : t;
}

export default function EventEditor({ loaderData }: Route.ComponentProps) {
  const { item: event, canDelete } = loaderData;
  const editor = useJsonEditor();
  const { errors } = editor;
  const [form, setForm] = useState({
    title: event?.title ?? '',
    description: event?.description ?? '',
    startsLocal: event?.startsLocal ?? '',
    endsLocal: event?.endsLocal ?? '',
    timezone: event?.timezone ?? DEFAULT_ZONE,
    venue: event?.venue ?? '',
    city: event?.city ?? '',
    country: event?.country ?? '',
    capacity: event?.capacity ? String(event.capacity) : '',
    published: event?.published ?? false,
  });
  const [image, setImage] = useState<PickedMedia | null>(event?.image ?? null);
  const set = (k: keyof typeof form) => (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) =>
    setForm((f) => ({ ...f, [k]: e.target.value }));
  const zones: readonly string[] = COMMON_TIME_ZONES.includes(form.timezone as never) ? COMMON_TIME_ZONES : [form.timezone, ...COMMON_TIME_ZONES];

  const save = (e: React.FormEvent) => {
    e.preventDefault();
    editor.submit({
      ...form,
      endsLocal: form.endsLocal || null,
      capacity: capacityValue(form.capacity),
      imageMediaId: image?.id ?? null,
      ...(event ? { version: event.version } : {}),
    });
  };

  return (
    <main id="main">
      <PageHeader title={event ? `Edit: ${event.title}` : 'New event'}>
        <Link to={LIST} className={buttonClass.secondary}>
          Back to events
        </Link>
        {event && canDelete ? <ConfirmButton intent="delete" label="Delete" question={`Delete “${event.title}”?`} /> : null}
      </PageHeader>
      <form onSubmit={save} className="max-w-2xl space-y-5 rounded-xl bg-white p-6 shadow-sm" noValidate>
        <EditorAlert formError={editor.formError} code={editor.code} hint={editor.hint} />
        <Field label="Title" name="title" error={errors.title}>
          {(p) => <input {...p} value={form.title} onChange={set('title')} maxLength={150} />}
        </Field>
        <Field label="Description" name="description" error={errors.description} optional>
          {(p) => <textarea {...p} rows={4} value={form.description} onChange={set('description')} />}
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Starts at" name="startsLocal" error={errors.startsLocal} hint="Local time at the venue.">
            {(p) => <input {...p} type="datetime-local" value={form.startsLocal} onChange={set('startsLocal')} />}
          </Field>
          <Field label="Ends at" name="endsLocal" error={errors.endsLocal} optional>
            {(p) => <input {...p} type="datetime-local" value={form.endsLocal} onChange={set('endsLocal')} />}
          </Field>
        </div>
        <Field label="Time zone" name="timezone" error={errors.timezone}>
          {(p) => (
            <select {...p} value={form.timezone} onChange={set('timezone')}>
              {zones.map((z) => (
                <option key={z} value={z}>
                  {z.replace(/_/g, ' ')}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label="Venue" name="venue" error={errors.venue}>
          {(p) => <input {...p} value={form.venue} onChange={set('venue')} maxLength={120} />}
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="City" name="city" error={errors.city} optional>
            {(p) => <input {...p} value={form.city} onChange={set('city')} maxLength={120} />}
          </Field>
          <Field
            label="Country code"
            name="country"
            error={errors.country}
            hint="Two letters (ISO 3166), e.g. GB: visitors in that market see the event. Leave empty to show it in every market."
            optional
          >
            {(p) => (
              <input
                {...p}
                value={form.country}
                onChange={set('country')}
                maxLength={2}
                autoCapitalize="characters"
                className={`${p.className} w-24 uppercase`}
              />
            )}
          </Field>
        </div>
        <Field label="Capacity" name="capacity" error={errors.capacity} hint="Number of guests; leave empty for no limit." optional>
          {(p) => <input {...p} inputMode="numeric" value={form.capacity} onChange={set('capacity')} className={`${p.className} w-40`} />}
        </Field>
        <MediaPicker label="Image" kind="image" name="imageMediaId" value={image} onChange={setImage} error={errors.imageMediaId} />
        <label className="flex items-center gap-2 text-sm font-medium">
          <input type="checkbox" name="published" checked={form.published} onChange={(e) => setForm((f) => ({ ...f, published: e.target.checked }))} />
          Published
        </label>
        <SaveButton busy={editor.busy} />
      </form>
    </main>
  );
}
