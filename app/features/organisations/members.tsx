// An organisation's people on its staff page: who they are, whether they have accepted their
// invitation, a new invitation for those who have not, and the form that invites someone — with the
// organisation type's role (places and approves) or the read-only `partner` role.
import { useState } from 'react';
import { ORGANISATION_TYPE_LABELS, type OrganisationType } from '@shared/partners';
import { formatUtc } from '@shared/staff-time';
import { EditorAlert, useJsonEditor } from '~/components/admin-ui/editor';
import { buttonClass } from '~/components/admin-ui/list';
import { Field } from '~/components/forms/fields';
import { TableScroll } from '~/components/ui/table-scroll';

export interface MemberRow {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  roles: string[];
  status: 'active' | 'inactive' | 'suspended';
  hasPassword: boolean;
  lastLoginAt: string | null;
}

const roleLabel = (role: string) => (role === 'partner' ? 'Partner (reads only)' : (ORGANISATION_TYPE_LABELS[role as OrganisationType] ?? role));

function standingOfMember(m: MemberRow): string {
  if (m.status !== 'active') return m.status === 'suspended' ? 'Suspended' : 'Inactive';
  return m.hasPassword ? 'Active' : 'Invited — no password yet';
}

function ResendButton({ member }: { member: MemberRow }) {
  const editor = useJsonEditor();
  return (
    <span className="flex flex-col items-start gap-1">
      <button
        type="button"
        className={buttonClass.secondary}
        disabled={editor.busy}
        onClick={() => editor.submit({ intent: 'resend', userId: member.id })}
        aria-label={`Resend the invitation to ${member.email}`}
      >
        {editor.busy ? 'Sending…' : 'Resend invitation'}
      </button>
      {editor.formError ? (
        <span role="alert" className="text-sm text-red-800">
          {editor.formError}
        </span>
      ) : null}
    </span>
  );
}

export function MembersTable({ members }: { members: MemberRow[] }) {
  if (members.length === 0) return <p className="text-stone-600">Nobody yet: invite its first person below.</p>;
  return (
    <TableScroll label="People of this organisation">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">People of this organisation</caption>
        <thead className="border-b border-stone-200 text-stone-700">
          <tr>
            <th scope="col" className="py-2 pr-3 font-medium">
              Name
            </th>
            <th scope="col" className="py-2 pr-3 font-medium">
              Email
            </th>
            <th scope="col" className="py-2 pr-3 font-medium">
              Role
            </th>
            <th scope="col" className="py-2 pr-3 font-medium">
              Status
            </th>
            <th scope="col" className="py-2 pr-3 font-medium">
              Last sign-in
            </th>
            <th scope="col" className="py-2 font-medium">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-stone-100">
          {members.map((m) => (
            <tr key={m.id} className="align-top">
              <td className="py-2 pr-3">{`${m.firstName} ${m.lastName}`.trim() || '—'}</td>
              <td className="py-2 pr-3">{m.email}</td>
              <td className="py-2 pr-3">{m.roles.map(roleLabel).join(', ')}</td>
              <td className="py-2 pr-3">{standingOfMember(m)}</td>
              <td className="py-2 pr-3">{m.lastLoginAt ? formatUtc(m.lastLoginAt) : 'Never'}</td>
              <td className="py-2">{!m.hasPassword && m.status === 'active' ? <ResendButton member={m} /> : null}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}

/** Invites a person: an account in this organisation and an email with a set-password link (7 days). */
export function InviteForm({ type }: { type: OrganisationType }) {
  const editor = useJsonEditor();
  const [value, setValue] = useState({ firstName: '', lastName: '', email: '', role: type as string });
  const set = (patch: Partial<typeof value>) => setValue((v) => ({ ...v, ...patch }));
  return (
    <form
      noValidate
      aria-label="Invite a person"
      className="mt-4 grid gap-4 border-t border-stone-200 pt-4 sm:grid-cols-2"
      onSubmit={(e) => {
        e.preventDefault();
        editor.submit({ intent: 'invite', ...value });
      }}
    >
      <h3 className="font-medium sm:col-span-2">Invite a person</h3>
      <div className="sm:col-span-2">
        <EditorAlert formError={editor.formError} code={editor.code} hint={editor.hint} />
      </div>
      <Field label="First name" name="firstName" error={editor.errors.firstName}>
        {(p) => <input {...p} value={value.firstName} maxLength={80} onChange={(e) => set({ firstName: e.target.value })} />}
      </Field>
      <Field label="Last name" name="lastName" error={editor.errors.lastName}>
        {(p) => <input {...p} value={value.lastName} maxLength={80} onChange={(e) => set({ lastName: e.target.value })} />}
      </Field>
      <Field label="Email address" name="email" error={editor.errors.email}>
        {(p) => <input {...p} type="email" value={value.email} maxLength={254} onChange={(e) => set({ email: e.target.value })} />}
      </Field>
      <Field label="Role" name="role" error={editor.errors.role}>
        {(p) => (
          <select {...p} value={value.role} onChange={(e) => set({ role: e.target.value })}>
            <option value={type}>{ORGANISATION_TYPE_LABELS[type]} (places and approves)</option>
            <option value="partner">Partner (reads only)</option>
          </select>
        )}
      </Field>
      <div className="sm:col-span-2">
        <button type="submit" className={buttonClass.primary} disabled={editor.busy}>
          {editor.busy ? 'Sending…' : 'Send invitation'}
        </button>
      </div>
    </form>
  );
}
