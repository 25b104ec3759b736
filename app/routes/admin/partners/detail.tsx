// One partner organisation (staff, User Management): its licence (with the warning when it expires
// within 30 days or has expired), status with a reason, place in the tree, trade terms, people and
// invitations, its details, and — for staff holding Finance too — the VAT number and bank details its
// invoices print (issue 44). Each form posts its own intent; every save names the version read.
import { useState } from 'react';
import { href, Link } from 'react-router';
import { ORGANISATION_TYPE_LABELS } from '@shared/partners';
import { businessDetailsInput } from '@shared/schemas/brand';
import {
  memberInvite,
  organisationIdParam,
  organisationStatusInput,
  organisationUpdate,
  resendInvitation,
  tradeTermsInput,
} from '@shared/schemas/partners-admin';
import type { Route } from './+types/detail';
import { BackLink, EditorAlert, SaveButton, useJsonEditor } from '~/components/admin-ui/editor';
import { buttonClass, PageHeader } from '~/components/admin-ui/list';
import { LicenceBanner, OrganisationStatusBadge } from '~/features/organisations/badges';
import { BusinessDetailsForm, RegisteredAddress } from '~/features/organisations/business-details';
import { InviteForm, MembersTable } from '~/features/organisations/members';
import { OrganisationFields, organisationDraft, organisationValue } from '~/features/organisations/organisation-fields';
import { StatusForm, TermsForm } from '~/features/organisations/status-and-terms';
import { adminAction, readBody } from '~/lib/admin-action.server';
import { can, requireScreen } from '~/lib/guards.server';
import { orNotFound, requireFound } from '~/lib/params.server';

export const meta: Route.MetaFunction = ({ data }) => [{ title: `${data?.organisation.tradingName ?? 'Organisation'} · Partners · Frolic` }];

const NOT_FOUND = 'We could not find that organisation.';
const idFrom = (raw: string) => requireFound(organisationIdParam.safeParse(raw).data, NOT_FOUND);

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = await requireScreen(request, context, 'partners');
  const id = idFrom(params.id);
  const { partners } = context.services;
  const detail = await orNotFound(partners.detail(id), NOT_FOUND);
  // The VAT number and bank details are Finance's (as the brand's own are).
  const finance = await can(context, user, { permission: 'finance:manage' });
  return { ...detail, suppliers: await partners.supplierChoices(id), business: finance ? await partners.businessDetails(user, id) : null };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const id = idFrom(params.id);
  const { partners } = context.services;
  const body = await readBody(request);
  const here = href('/admin/dashboard/partners/:id', { id });
  const args = { request, context };
  switch (body.intent) {
    case 'status':
      return adminAction(args, {
        permission: 'users:manage',
        schema: organisationStatusInput,
        body,
        run: (input, { actor }) => partners.setStatus(id, input, actor),
        done: (org) => ({ to: here, title: `Organisation ${org.status}`, description: `${org.tradingName} is now ${org.status}.` }),
      });
    case 'terms':
      return adminAction(args, {
        permission: 'users:manage',
        schema: tradeTermsInput,
        body,
        run: (input, { actor }) => partners.updateTerms(id, input, actor),
        done: () => ({ to: here, title: 'Trade terms saved' }),
      });
    case 'invite':
      return adminAction(args, {
        permission: 'users:manage',
        schema: memberInvite,
        body,
        run: (input, { actor }) => partners.invite(id, input, actor, context.origin),
        done: () => ({ to: here, title: 'Invitation sent', description: `${String(body.email ?? '')} can choose a password with the link (valid 7 days).` }),
      });
    case 'resend':
      return adminAction(args, {
        permission: 'users:manage',
        schema: resendInvitation,
        body,
        run: (input, { actor }) => partners.resendInvitation(id, input.userId, actor, context.origin),
        done: () => ({ to: here, title: 'Invitation sent again', description: 'The earlier link no longer works.' }),
      });
    case 'business':
      return adminAction(args, {
        permission: 'finance:manage',
        schema: businessDetailsInput,
        body,
        run: (input, { user, actor }) => partners.updateBusinessDetails(user, id, input, actor),
        done: (details) => ({ to: here, title: 'Business details saved', description: `${details.tradingName}'s invoices print them from now on.` }),
      });
    default:
      return adminAction(args, {
        permission: 'users:manage',
        schema: organisationUpdate,
        body,
        run: (input, { actor }) => partners.update(id, input, actor),
        done: (org) => ({ to: here, title: 'Organisation saved', description: `${org.tradingName} is up to date.` }),
      });
  }
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  const id = `section-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <section aria-labelledby={id} className="rounded-xl bg-white p-5 shadow-sm">
      <h2 id={id} className="mb-3 font-serif text-xl">
        {title}
      </h2>
      {children}
    </section>
  );
}

export default function OrganisationPage({ loaderData }: Route.ComponentProps) {
  const { organisation: org, licence, supplier, customers, terms, members, suppliers, business } = loaderData;
  const editor = useJsonEditor();
  const [draft, setDraft] = useState(() => organisationDraft(org));
  const typeLocked = members.length || customers.length ? `It has ${members.length ? 'people' : 'customers'}: its type stays.` : undefined;
  const save = (e: React.FormEvent) => {
    e.preventDefault();
    editor.submit({ intent: 'update', ...organisationValue(draft), version: org.version });
  };
  return (
    <main id="main" className="max-w-5xl">
      <BackLink to={href('/admin/dashboard/partners')} label="Partners" />
      <PageHeader title={org.tradingName} description={`${ORGANISATION_TYPE_LABELS[org.type]} · ${org.legalName} · ${org.city}, ${org.country}`}>
        <OrganisationStatusBadge status={org.status} />
        <Link to={href('/admin/dashboard/partners/tree')} className={buttonClass.secondary}>
          Trade tree
        </Link>
      </PageHeader>
      <LicenceBanner expiresOn={org.licenceExpiresOn} licence={licence} />
      {org.status === 'suspended' ? (
        <p role="status" className="mb-4 rounded-md border border-red-700 bg-red-50 p-3 text-red-900">
          Suspended: {org.statusReason || 'no reason given'}. Its people can sign in and read, but cannot place or approve anything.
        </p>
      ) : org.status === 'pending' ? (
        <p role="status" className="mb-4 rounded-md border border-amber-600 bg-amber-50 p-3 text-amber-950">
          Pending: its people can sign in and read, but cannot place or approve anything until you activate it.
        </p>
      ) : null}

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <Section title="Status">
          <StatusForm key={org.version} status={org.status} reason={org.statusReason} version={org.version} />
        </Section>
        <Section title="Place in the tree">
          <p className="text-sm">
            Supplied by{' '}
            {supplier && supplier.type !== 'brand' ? (
              <>
                <Link to={href('/admin/dashboard/partners/:id', { id: supplier.id })} className="font-medium underline">
                  {supplier.tradingName}
                </Link>
                {` (${ORGANISATION_TYPE_LABELS[supplier.type]}, ${supplier.status})`}
              </>
            ) : (
              <span className="font-medium">{supplier?.tradingName ?? 'Frolic'} (the brand)</span>
            )}
          </p>
          {org.type !== 'retailer' ? (
            <>
              <h3 className="mt-4 text-sm font-medium text-stone-700">Supplies</h3>
              {customers.length === 0 ? (
                <p className="text-sm text-stone-600">No {org.type === 'importer' ? 'distributors' : 'retailers'} yet.</p>
              ) : (
                <ul className="mt-1 list-disc pl-5 text-sm">
                  {customers.map((c) => (
                    <li key={c.id}>
                      <Link to={href('/admin/dashboard/partners/:id', { id: c.id })} className="underline">
                        {c.tradingName}
                      </Link>{' '}
                      <OrganisationStatusBadge status={c.status} />
                    </li>
                  ))}
                </ul>
              )}
            </>
          ) : null}
        </Section>
      </div>

      {terms ? (
        <div className="mt-6">
          <Section title="Trade terms">
            <TermsForm key={terms.version} terms={terms} supplierName={supplier?.tradingName ?? 'Frolic'} />
          </Section>
        </div>
      ) : null}

      {business ? (
        <div className="mt-6">
          <Section title="Business details">
            <div className="grid gap-6 lg:grid-cols-[1fr_2fr]">
              <RegisteredAddress details={business} note="Its registered address: edited under Details below." />
              {/* A new version (any save of the organisation) starts the form again from what is stored. */}
              <BusinessDetailsForm key={business.version} details={business} intent="business" label={`Business details of ${org.tradingName}`} />
            </div>
          </Section>
        </div>
      ) : null}

      <div className="mt-6">
        <Section title="People">
          <MembersTable members={members} />
          <InviteForm key={members.length} type={org.type} />
        </Section>
      </div>

      <form onSubmit={save} noValidate className="mt-6 space-y-6" aria-label={`Edit ${org.tradingName}`}>
        <h2 className="font-serif text-2xl">Details</h2>
        <EditorAlert formError={editor.formError} code={editor.code} hint={editor.hint} />
        <OrganisationFields
          draft={draft}
          onChange={(patch) => setDraft((d) => ({ ...d, ...patch }))}
          errors={editor.errors}
          suppliers={suppliers}
          typeLocked={typeLocked}
        />
        <SaveButton busy={editor.busy} />
      </form>
    </main>
  );
}
