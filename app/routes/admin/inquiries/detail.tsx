// One inquiry: everything the visitor sent, and its triage — status, assignee and internal notes.
// A save names the version it read (updatedAt), so a colleague's newer save is never overwritten.
// A business inquiry can become a pending organisation with its contact invited (onboarding: staff
// who handle inquiries and run partners), once; the inquiry then links to the organisation.
import { useState } from 'react';
import { href, Link } from 'react-router';
import { PARTNER_TYPE_LABELS } from '@shared/form-constants';
import { INQUIRY_STATUS_LABELS, type InquiryStatus } from '@shared/inquiry-constants';
import { inquiryRef, inquiryUpdate } from '@shared/schemas/inquiries';
import { inquiryConversion, splitName } from '@shared/schemas/partners-admin';
import { formatUtc } from '@shared/staff-time';
import type { Route } from './+types/detail';
import { EditorAlert, SaveButton, useJsonEditor } from '~/components/admin-ui/editor';
import { buttonClass, Options, PageHeader, StatusBadge } from '~/components/admin-ui/list';
import { Field } from '~/components/forms/fields';
import { ConvertInquiry } from '~/features/organisations/convert-inquiry';
import { adminAction, readBody } from '~/lib/admin-action.server';
import { can, requireScreen } from '~/lib/guards.server';
import { notFound, orNotFound, requireFound } from '~/lib/params.server';

export const meta: Route.MetaFunction = ({ data: d }) => [{ title: `${d?.title ?? 'Inquiry'} · Inquiries · Frolic` }];

const NOT_FOUND = 'We could not find that inquiry.';
const refOf = (params: Route.LoaderArgs['params']) => requireFound(inquiryRef.safeParse(params).data, NOT_FOUND);

/** What onboarding needs: handling inquiries and running partner organisations. */
const ONBOARDING = ['inquiries:manage', 'users:manage'] as const;

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = await requireScreen(request, context, 'inquiries');
  const { kind, id } = refOf(params);
  const inquiries = context.services.inquiries;
  const detail = await orNotFound(inquiries.get(kind, id), NOT_FOUND);
  const r = detail.record;
  const fields: [string, string][] =
    detail.kind === 'contact'
      ? [
          ['Name', detail.record.name],
          ['Email', r.email],
          ['Subject', detail.record.subject],
        ]
      : [
          ['Company', detail.record.company],
          ['Contact', detail.record.contactName],
          ['Email', r.email],
          ['Phone', detail.record.phone ?? '—'],
          ['Partner type', PARTNER_TYPE_LABELS[detail.record.partnerType]],
          ['Licence number', detail.record.licenceNumber ?? '—'],
          ['Region', detail.record.region],
          ['Country', detail.record.country],
          ['Expected volume', detail.record.expectedVolume],
        ];
  const colleagues = await inquiries.colleagues();
  // Assigned to someone who no longer handles inquiries: the select still shows (and keeps) them.
  if (r.assigneeId && !colleagues.some((c) => c.id === r.assigneeId))
    colleagues.push({ id: r.assigneeId, name: 'Former colleague (no longer handles inquiries)' });
  return {
    onboarding: detail.kind === 'business' ? await onboardingOf(context, user, detail.record) : null,
    kind,
    id,
    title: detail.kind === 'contact' ? `Message from ${detail.record.name}` : `Inquiry from ${detail.record.company}`,
    fields,
    message: r.message,
    receivedAt: r.createdAt.toISOString(),
    triage: { status: r.status, assigneeId: r.assigneeId, notes: r.notes ?? '', updatedAt: r.updatedAt.toISOString() },
    colleagues,
  };
}

type Context = Route.LoaderArgs['context'];
type BusinessRecord = Extract<Awaited<ReturnType<Context['services']['inquiries']['get']>>, { kind: 'business' }>['record'];

/** The outcome of onboarding, or — for those who may — the conversion form prefilled from the inquiry. */
async function onboardingOf(context: Context, user: Awaited<ReturnType<typeof requireScreen>>, r: BusinessRecord) {
  const { partners } = context.services;
  if (r.organisationId || r.convertedAt) {
    const org = r.organisationId ? await partners.get(r.organisationId).catch(() => null) : null;
    return {
      state: 'converted' as const,
      converted: { organisation: org ? { id: org.id, name: org.tradingName, status: org.status } : null, at: r.convertedAt?.toISOString() ?? null },
    };
  }
  if (!(await can(context, user, { permission: ONBOARDING }))) return null;
  const contact = splitName(r.contactName);
  return {
    state: 'open' as const,
    form: {
      organisation: {
        type: r.partnerType,
        legalName: r.company,
        tradingName: r.company,
        licenceNumber: r.licenceNumber ?? '',
        region: r.region,
        country: r.country,
        phone: r.phone ?? '',
      },
      contact: { contactFirstName: contact.firstName, contactLastName: contact.lastName, contactEmail: r.email },
      suppliers: await partners.supplierChoices(),
    },
  };
}

export async function action(args: Route.ActionArgs) {
  const { kind, id } = refOf(args.params);
  const body = await readBody(args.request);
  if (body.intent === 'convert') {
    if (kind !== 'business') throw notFound(NOT_FOUND);
    return adminAction(args, {
      permission: ONBOARDING,
      schema: inquiryConversion,
      body,
      run: (input, { actor }) => args.context.services.inquiries.convert(id, input, actor, args.context.origin),
      done: (r) => ({
        to: href('/admin/dashboard/partners/:id', { id: r.organisationId }),
        title: 'Organisation created',
        description: `It is pending; an invitation went to ${String(body.contactEmail ?? 'the contact')}.`,
      }),
    });
  }
  return adminAction(args, {
    permission: 'inquiries:manage',
    body,
    schema: inquiryUpdate,
    run: (input, { actor }) => args.context.services.inquiries.update(kind, id, input, actor),
    done: () => ({ to: href('/admin/dashboard/inquiries/:kind/:id', { kind, id: String(id) }), title: 'Inquiry saved' }),
  });
}

export default function InquiryDetail({ loaderData }: Route.ComponentProps) {
  const { title, fields, message, receivedAt, triage, colleagues, kind, onboarding } = loaderData;
  const editor = useJsonEditor();
  const [status, setStatus] = useState<InquiryStatus>(triage.status);
  const [assigneeId, setAssigneeId] = useState(triage.assigneeId ?? '');
  const [notes, setNotes] = useState(triage.notes);
  const save = (e: React.FormEvent) => {
    e.preventDefault();
    editor.submit({ status, assigneeId: assigneeId || null, notes, updatedAt: triage.updatedAt });
  };
  return (
    <main id="main">
      <PageHeader title={title} description={`${kind === 'contact' ? 'Contact message' : 'Business inquiry'} · received ${formatUtc(receivedAt)}`}>
        <Link to={href('/admin/dashboard/inquiries')} className={buttonClass.secondary}>
          All inquiries
        </Link>
      </PageHeader>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <section aria-labelledby="sent-heading" className="rounded-xl bg-white p-6 shadow-sm">
          <h2 id="sent-heading" className="font-serif text-xl">
            What they sent <StatusBadge status={triage.status} label={INQUIRY_STATUS_LABELS[triage.status]} />
          </h2>
          <dl className="mt-4 grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-[10rem_minmax(0,1fr)] sm:gap-y-2">
            {fields.map(([k, v]) => (
              <div key={k} className="contents">
                <dt className="font-medium text-stone-600 max-sm:mt-2">{k}</dt>
                <dd className="break-words">
                  {k === 'Email' ? (
                    <a href={`mailto:${v}`} className="underline">
                      {v}
                    </a>
                  ) : (
                    v
                  )}
                </dd>
              </div>
            ))}
          </dl>
          <h3 className="mt-6 text-sm font-medium text-stone-600">Message</h3>
          <p className="mt-1 whitespace-pre-wrap">{message}</p>
        </section>
        <form onSubmit={save} className="space-y-4 rounded-xl bg-white p-6 shadow-sm" aria-labelledby="triage-heading" noValidate>
          <h2 id="triage-heading" className="font-serif text-xl">
            Handling
          </h2>
          <EditorAlert formError={editor.formError} code={editor.code} hint={editor.hint} />
          <Field label="Status" name="status" error={editor.errors.status}>
            {(p) => (
              <select {...p} value={status} onChange={(e) => setStatus(e.target.value as InquiryStatus)}>
                <Options labels={INQUIRY_STATUS_LABELS} />
              </select>
            )}
          </Field>
          <Field label="Assignee" name="assigneeId" error={editor.errors.assigneeId}>
            {(p) => (
              <select {...p} value={assigneeId} onChange={(e) => setAssigneeId(e.target.value)}>
                <option value="">Unassigned</option>
                {colleagues.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.name}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field label="Internal notes" name="notes" error={editor.errors.notes} hint="Only staff see these.">
            {(p) => <textarea {...p} rows={6} value={notes} onChange={(e) => setNotes(e.target.value)} />}
          </Field>
          <SaveButton busy={editor.busy} />
        </form>
      </div>
      {onboarding?.state === 'converted' ? (
        <section aria-labelledby="onboarding-heading" className="mt-6 rounded-xl bg-white p-6 shadow-sm" data-testid="inquiry-outcome">
          <h2 id="onboarding-heading" className="font-serif text-xl">
            Onboarding
          </h2>
          <p className="mt-2">
            {onboarding.converted.organisation ? (
              <>
                Became{' '}
                <Link to={href('/admin/dashboard/partners/:id', { id: onboarding.converted.organisation.id })} className="font-medium underline">
                  {onboarding.converted.organisation.name}
                </Link>{' '}
                ({onboarding.converted.organisation.status})
              </>
            ) : (
              'Became an organisation that has since been removed'
            )}
            {onboarding.converted.at ? ` on ${formatUtc(onboarding.converted.at)}` : ''}.
          </p>
        </section>
      ) : onboarding?.state === 'open' ? (
        <ConvertInquiry organisation={onboarding.form.organisation} contact={onboarding.form.contact} suppliers={onboarding.form.suppliers} />
      ) : null}
    </main>
  );
}
