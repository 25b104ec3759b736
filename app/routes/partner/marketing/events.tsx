// Event Requests (spec §2, every partner): ask to join one of Frolic's published, upcoming events,
// or propose an event of one's own — date, venue, expected guests, and what is asked of the brand
// (staff, product, a budget in the organisation's currency) — with the partner's event requests below.
import { Form, href, Link, useNavigation } from 'react-router';
import { fieldErrors } from '@shared/field-errors';
import { formatEventTime } from '@shared/marketing-constants';
import { MAX_BUDGET_MAJOR, MAX_EXPECTED_GUESTS } from '@shared/marketing-request-constants';
import { todayUtc } from '@shared/partners';
import { eventJoinInput, eventProposalInput } from '@shared/schemas/marketing-requests';
import type { Route } from './+types/events';
import { buttonClass, PageHeader } from '~/components/admin-ui/list';
import { Field, FormError } from '~/components/forms/fields';
import { MyRequests } from '~/features/marketing-requests/my-requests';
import { refusedToAct, requireRequester, standingNotice, toMinorUnits } from '~/features/marketing-requests/partner.server';
import { StandingNotice } from '~/features/marketing-requests/standing-notice';
import { partnerForm, renamed } from '~/lib/partner-action.server';

export const meta: Route.MetaFunction = () => [{ title: 'Event Requests · Frolic' }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireRequester(request, context);
  const { marketingRequests, marketing } = context.services;
  const org = await marketingRequests.organisationOf(user);
  const [events, mine] = await Promise.all([
    // The organisation's market (and events for every market); any published upcoming event may be asked for.
    marketing.listUpcomingEvents(org?.market),
    marketingRequests.listOwn(user, { kinds: ['event_proposal', 'event_join'], page: 1, pageSize: 50 }),
  ]);
  const asked = new Map(
    mine.items.filter((r) => r.kind === 'event_join' && r.eventId !== null && (r.status === 'open' || r.status === 'approved')).map((r) => [r.eventId, r.id]),
  );
  return {
    events: events.map((e) => ({ ...e, requestId: asked.get(e.id) ?? null })),
    requests: mine.items,
    currency: org?.currency ?? null,
    notice: standingNotice(user),
    today: todayUtc(),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireRequester(request, context);
  const form = await partnerForm(request);
  const { values } = form;
  const intent = values.intent === 'join' ? 'join' : 'propose';
  const eventId = values.eventId ?? '';
  const blocked = await refusedToAct(context, user, { intent, eventId });
  if (blocked) return blocked;
  let parsed;
  let rename = (path: string) => path;
  if (intent === 'join') {
    parsed = eventJoinInput.safeParse({ kind: 'event_join', eventId, expectedGuests: values.expectedGuests?.trim() || null, details: values.details ?? '' });
  } else {
    const budgetMinor = toMinorUnits(values.budget ?? '');
    rename = (path) => (path === 'budgetMinor' ? 'budget' : path);
    parsed = eventProposalInput.safeParse({
      kind: 'event_proposal',
      title: values.title,
      eventDate: values.eventDate,
      venue: values.venue,
      expectedGuests: values.expectedGuests,
      askStaff: values.askStaff === 'on',
      askProduct: values.askProduct === 'on',
      budgetMinor: budgetMinor === undefined ? 'not money' : budgetMinor,
      details: values.details ?? '',
    });
    if (!parsed.success && budgetMinor === undefined) {
      const errors = { ...renamed(fieldErrors(parsed.error), rename), budget: 'Enter an amount like 1500 or 1500.50.' };
      return form.invalid(errors, undefined, { formError: 'Check the highlighted fields.', intent, eventId });
    }
  }
  if (!parsed.success) return form.invalid(parsed.error, rename, { formError: 'Check the highlighted fields.', intent, eventId });
  let id: number;
  try {
    ({ id } = await context.services.marketingRequests.create(user, parsed.data, context.auth.actor(user.id)));
  } catch (err) {
    return form.refused(err, rename, { intent, eventId });
  }
  throw context.flash.redirectWithToast(href('/partner/dashboard/marketing/requests/:id', { id: String(id) }), {
    title: intent === 'join' ? 'Request to join sent' : 'Event proposal sent',
    description: 'Frolic will answer here and by email.',
  });
}

export default function EventRequests({ loaderData, actionData }: Route.ComponentProps) {
  const { events, requests, currency, notice, today } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting';
  const answer = actionData as
    { intent?: string; eventId?: string; errors?: Record<string, string>; formError?: string; values?: Record<string, string> } | undefined;
  const proposing = answer?.intent === 'propose';
  const errors = proposing ? (answer?.errors ?? {}) : {};
  const values = proposing ? (answer?.values ?? {}) : {};
  return (
    <main id="main">
      <PageHeader title="Event Requests" description="Join one of Frolic's events, or ask Frolic to support an event of your own." />
      <StandingNotice notice={notice} />
      <section aria-labelledby="brand-events-heading" className="rounded-xl bg-white p-6 shadow-sm">
        <h2 id="brand-events-heading" className="font-serif text-2xl">
          Frolic events
        </h2>
        {events.length === 0 ? <p className="mt-2 text-stone-600">There are no upcoming Frolic events at the moment.</p> : null}
        <ul className="mt-4 divide-y divide-stone-200">
          {events.map((e) => {
            const mine = answer?.intent === 'join' && answer.eventId === String(e.id) ? answer : null;
            return (
              <li key={e.id} className="flex flex-wrap items-start justify-between gap-4 py-4">
                <div className="min-w-0 flex-1">
                  <h3 className="font-semibold">{e.title}</h3>
                  <p className="text-sm text-stone-700">
                    {formatEventTime(e.startsLocal, e.timezone)} · {[e.venue, e.city, e.countryName].filter(Boolean).join(', ')}
                  </p>
                  {e.description ? <p className="mt-1 line-clamp-3 text-sm">{e.description}</p> : null}
                </div>
                {e.requestId ? (
                  <p className="text-sm">
                    You asked to join:{' '}
                    <Link to={href('/partner/dashboard/marketing/requests/:id', { id: String(e.requestId) })} className="font-medium underline">
                      see your request
                    </Link>
                  </p>
                ) : (
                  <Form method="post" className="w-56 space-y-2" noValidate aria-label={`Ask to join ${e.title}`}>
                    <input type="hidden" name="intent" value="join" />
                    <input type="hidden" name="eventId" value={e.id} />
                    <FormError message={mine?.formError} />
                    <fieldset disabled={!!notice} className="space-y-2">
                      <Field
                        label={`Guests you would bring to ${e.title}`}
                        name="expectedGuests"
                        error={mine?.errors?.expectedGuests ?? mine?.errors?.eventId}
                        optional
                      >
                        {(p) => (
                          <input {...p} type="number" min={1} max={MAX_EXPECTED_GUESTS} inputMode="numeric" defaultValue={mine?.values?.expectedGuests ?? ''} />
                        )}
                      </Field>
                      <button type="submit" className={buttonClass.primary} disabled={busy}>
                        Ask to join
                      </button>
                    </fieldset>
                  </Form>
                )}
              </li>
            );
          })}
        </ul>
      </section>

      <section aria-labelledby="propose-heading" className="mt-6 rounded-xl bg-white p-6 shadow-sm">
        <h2 id="propose-heading" className="font-serif text-2xl">
          Propose an event
        </h2>
        <Form method="post" noValidate className="mt-4 space-y-4">
          <input type="hidden" name="intent" value="propose" />
          <FormError message={proposing ? answer?.formError : undefined} />
          <fieldset disabled={!!notice} className="grid gap-4 sm:grid-cols-2">
            <Field label="Name of the event" name="title" error={errors.title}>
              {(p) => <input {...p} type="text" maxLength={150} defaultValue={values.title ?? ''} required />}
            </Field>
            <Field label="Event date" name="eventDate" error={errors.eventDate} hint="Today or later.">
              {(p) => <input {...p} type="date" min={today} defaultValue={values.eventDate ?? ''} required />}
            </Field>
            <Field label="Venue" name="venue" error={errors.venue}>
              {(p) => <input {...p} type="text" maxLength={200} defaultValue={values.venue ?? ''} required />}
            </Field>
            <Field label="Expected guests" name="expectedGuests" error={errors.expectedGuests}>
              {(p) => <input {...p} type="number" min={1} max={MAX_EXPECTED_GUESTS} inputMode="numeric" defaultValue={values.expectedGuests ?? ''} required />}
            </Field>
            <fieldset className="sm:col-span-2">
              <legend className="text-sm font-medium">What you ask of Frolic</legend>
              <label className="mt-2 flex items-center gap-2">
                <input type="checkbox" name="askStaff" defaultChecked={values.askStaff === 'on'} /> Brand staff at the event
              </label>
              <label className="mt-1 flex items-center gap-2">
                <input type="checkbox" name="askProduct" defaultChecked={values.askProduct === 'on'} /> Product for tastings
              </label>
            </fieldset>
            <Field
              label={`Budget asked of Frolic${currency ? ` (${currency})` : ''}`}
              name="budget"
              error={errors.budget}
              hint={`Up to ${MAX_BUDGET_MAJOR.toLocaleString('en')}; leave empty if you ask for none.`}
              optional
            >
              {(p) => <input {...p} type="text" inputMode="decimal" defaultValue={values.budget ?? ''} />}
            </Field>
            <div className="sm:col-span-2">
              <Field label="About the event" name="details" error={errors.details} optional>
                {(p) => <textarea {...p} rows={4} defaultValue={values.details ?? ''} />}
              </Field>
            </div>
            <div>
              <button type="submit" className={buttonClass.primary} disabled={busy}>
                Send proposal
              </button>
            </div>
          </fieldset>
        </Form>
      </section>
      <MyRequests heading="Your event requests" requests={requests} empty="You have not made an event request yet." />
    </main>
  );
}
