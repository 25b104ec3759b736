// A new partner organisation (staff, User Management): its fields, its supplier in the tree, and
// whether it starts pending (to approve later) or active. Its market's default terms come with it.
import { useState } from 'react';
import { href } from 'react-router';
import { organisationCreate } from '@shared/schemas/partners-admin';
import type { Route } from './+types/new';
import { BackLink, EditorActions, EditorAlert, useJsonEditor } from '~/components/admin-ui/editor';
import { PageHeader } from '~/components/admin-ui/list';
import { Field } from '~/components/forms/fields';
import { OrganisationFields, organisationDraft, organisationValue } from '~/features/organisations/organisation-fields';
import { adminAction } from '~/lib/admin-action.server';
import { requireScreen } from '~/lib/guards.server';

const LIST = href('/admin/dashboard/partners');

export const meta: Route.MetaFunction = () => [{ title: 'New organisation · Partners · Frolic' }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireScreen(request, context, 'partners');
  const { partners } = context.services;
  return { suppliers: await partners.supplierChoices() };
}

export async function action(args: Route.ActionArgs) {
  return adminAction(args, {
    permission: 'users:manage',
    schema: organisationCreate,
    run: (input, { actor }) => args.context.services.partners.createByStaff(input, actor),
    done: (org) => ({
      to: href('/admin/dashboard/partners/:id', { id: org.id }),
      title: 'Organisation created',
      description: `${org.tradingName} is ${org.status}. Invite its people from its page.`,
    }),
  });
}

export default function NewOrganisation({ loaderData }: Route.ComponentProps) {
  const { suppliers } = loaderData;
  const [draft, setDraft] = useState(() => organisationDraft());
  const [status, setStatus] = useState<'pending' | 'active'>('pending');
  const editor = useJsonEditor();
  const save = (e: React.FormEvent) => {
    e.preventDefault();
    editor.submit({ ...organisationValue(draft), status });
  };
  return (
    <main id="main" className="max-w-4xl">
      <BackLink to={LIST} label="Partners" />
      <PageHeader title="New organisation" />
      <EditorAlert formError={editor.formError} code={editor.code} hint={editor.hint} />
      <form onSubmit={save} noValidate className="space-y-6" aria-label="New organisation">
        <OrganisationFields draft={draft} onChange={(patch) => setDraft((d) => ({ ...d, ...patch }))} errors={editor.errors} suppliers={suppliers} />
        <section className="rounded-xl bg-white p-5 shadow-sm" aria-label="Status">
          <Field
            label="Status"
            name="status"
            error={editor.errors.status}
            hint="Pending: its people can sign in and read, but not trade until you activate it."
          >
            {(p) => (
              <select {...p} value={status} onChange={(e) => setStatus(e.target.value as 'pending' | 'active')}>
                <option value="pending">Pending</option>
                <option value="active">Active</option>
              </select>
            )}
          </Field>
        </section>
        <EditorActions busy={editor.busy} cancelTo={LIST} />
      </form>
    </main>
  );
}
