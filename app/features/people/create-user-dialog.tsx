// Spec §2 Create User: First Name, Last Name, Email (email type), Roles (one at creation; more can
// be added when editing), Send invitation email (on by default). A partner role asks for the
// organisation (and lists those of its type). Without the invitation, the dialog ends on the one-time
// link for the master admin to hand over.
import { useState } from 'react';
import type { OrganisationChoice, RoleChoice } from '@shared/schemas/users-admin';
import { EditorAlert } from '~/components/admin-ui/editor';
import { buttonClass } from '~/components/admin-ui/list';
import { Field } from '~/components/forms/fields';
import { Modal } from '~/components/ui/modal';
import { usePeopleAction } from './use-people-action';

const TRADING = new Set(['importer', 'distributor', 'retailer']);

export function CreateUserDialog({ roles, organisations, onClose }: { roles: RoleChoice[]; organisations: OrganisationChoice[]; onClose: () => void }) {
  const [value, setValue] = useState({ firstName: '', lastName: '', email: '', role: '', organisationId: '', sendInvitation: true });
  const [handover, setHandover] = useState<{ link: string; name: string } | null>(null);
  const action = usePeopleAction((data) => {
    if (data.link) setHandover({ link: data.link, name: `${value.firstName} ${value.lastName}`.trim() });
    else onClose();
  });
  const set = (patch: Partial<typeof value>) => setValue((v) => ({ ...v, ...patch }));
  const role = roles.find((r) => r.name === value.role);
  const partner = role?.area === 'partner';
  const choices = partner ? organisations.filter((o) => !TRADING.has(value.role) || o.type === value.role) : [];

  if (handover) {
    return (
      <Modal title="Hand over the link" onClose={onClose}>
        <p className="text-sm text-stone-700">
          No email was sent. Give {handover.name || 'the new user'} this link to choose a password: it works once and expires in 7 days.
        </p>
        <label className="mt-4 block text-sm font-medium">
          One-time link
          <input
            readOnly
            value={handover.link}
            onFocus={(e) => e.currentTarget.select()}
            className="mt-1 block w-full rounded-md border border-stone-400 bg-stone-50 px-3 py-2 font-mono text-xs"
          />
        </label>
        <div className="mt-6 flex justify-end">
          <button type="button" className={buttonClass.primary} onClick={onClose}>
            Done
          </button>
        </div>
      </Modal>
    );
  }

  return (
    <Modal title="Create User" onClose={onClose}>
      <form
        noValidate
        aria-label="Create User"
        className="space-y-4"
        onSubmit={(e) => {
          e.preventDefault();
          action.send({ intent: 'create', ...value, organisationId: partner ? value.organisationId : '' });
        }}
      >
        <EditorAlert formError={action.formError} code={action.code} hint={action.hint} />
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="First Name" name="firstName" error={action.errors.firstName}>
            {(p) => <input {...p} value={value.firstName} maxLength={80} autoComplete="off" onChange={(e) => set({ firstName: e.target.value })} />}
          </Field>
          <Field label="Last Name" name="lastName" error={action.errors.lastName}>
            {(p) => <input {...p} value={value.lastName} maxLength={80} autoComplete="off" onChange={(e) => set({ lastName: e.target.value })} />}
          </Field>
        </div>
        <Field label="Email" name="email" error={action.errors.email}>
          {(p) => <input {...p} type="email" value={value.email} maxLength={254} autoComplete="off" onChange={(e) => set({ email: e.target.value })} />}
        </Field>
        <Field label="Roles" name="role" error={action.errors.role} hint="One role now; add more when editing.">
          {(p) => (
            <select {...p} value={value.role} onChange={(e) => set({ role: e.target.value, organisationId: '' })}>
              <option value="">Choose a role</option>
              {roles.map((r) => (
                <option key={r.name} value={r.name}>
                  {r.label}
                </option>
              ))}
            </select>
          )}
        </Field>
        {partner ? (
          <Field label="Organisation" name="organisationId" error={action.errors.organisationId} hint="A partner belongs to one organisation.">
            {(p) => (
              <select {...p} value={value.organisationId} onChange={(e) => set({ organisationId: e.target.value })}>
                <option value="">Choose the organisation</option>
                {choices.map((o) => (
                  <option key={o.id} value={o.id}>
                    {o.name} ({o.type})
                  </option>
                ))}
              </select>
            )}
          </Field>
        ) : null}
        <label className="flex items-center gap-2 text-sm font-medium">
          <input
            type="checkbox"
            name="sendInvitation"
            checked={value.sendInvitation}
            onChange={(e) => set({ sendInvitation: e.target.checked })}
            className="h-4 w-4"
          />
          Send invitation email
        </label>
        <div className="flex justify-end gap-3 pt-2">
          <button type="button" className={buttonClass.secondary} onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className={buttonClass.primary} disabled={action.busy}>
            {action.busy ? 'Creating…' : 'Create User'}
          </button>
        </div>
      </form>
      {action.stepUp}
    </Modal>
  );
}
