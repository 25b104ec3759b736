// Edit a person: name, roles (add and remove), status — saved against the version read — and the
// account's levers: unlock, force a password reset at next sign-in, end every session, switch
// two-factor off (a lost device), and for someone invited, send the invitation again or revoke it.
import { useState } from 'react';
import type { RoleChoice, UserRow } from '@shared/schemas/users-admin';
import { USER_STATUS_LABELS, USER_STATUSES, type UserStatus } from '@shared/users-admin-constants';
import { EditorAlert } from '~/components/admin-ui/editor';
import { buttonClass } from '~/components/admin-ui/list';
import { Field } from '~/components/forms/fields';
import { Modal } from '~/components/ui/modal';
import { usePeopleAction } from './use-people-action';

const AREA_LABELS = { staff: 'Staff roles', partner: 'Partner roles', none: 'Other' } as const;

function RolesField({ roles, value, onChange, error }: { roles: RoleChoice[]; value: string[]; onChange: (v: string[]) => void; error?: string }) {
  const groups = (['staff', 'partner', 'none'] as const)
    .map((area) => ({ area, roles: roles.filter((r) => (r.area ?? 'none') === area) }))
    .filter((g) => g.roles.length);
  return (
    <fieldset aria-describedby={error ? 'edit-roles-error' : undefined} aria-invalid={error ? true : undefined}>
      <legend className="text-sm font-medium">Roles</legend>
      <div className="mt-1 grid gap-3 sm:grid-cols-3">
        {groups.map((g) => (
          <div key={g.area}>
            <p className="text-xs font-medium text-stone-600 uppercase">{AREA_LABELS[g.area]}</p>
            {g.roles.map((r) => (
              <label key={r.name} className="mt-1 flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  className="h-4 w-4"
                  checked={value.includes(r.name)}
                  onChange={(e) => onChange(e.target.checked ? [...value, r.name] : value.filter((x) => x !== r.name))}
                />
                {r.label}
              </label>
            ))}
          </div>
        ))}
      </div>
      {error ? (
        <p id="edit-roles-error" className="mt-1 text-sm font-medium text-red-800">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/** One lever of the account: a button that sends its intent (the answer's toast says what happened). */
function Lever({
  label,
  intent,
  userId,
  send,
  busy,
}: {
  label: string;
  intent: string;
  userId: string;
  send: (v: Record<string, unknown>) => void;
  busy: boolean;
}) {
  return (
    <button type="button" className={buttonClass.secondary} disabled={busy} onClick={() => send({ intent, userId })}>
      {label}
    </button>
  );
}

export function EditUserDialog({ user, roles, isSelf, onClose }: { user: UserRow; roles: RoleChoice[]; isSelf: boolean; onClose: () => void }) {
  const [value, setValue] = useState({ firstName: user.firstName, lastName: user.lastName, roles: user.roles, status: user.status });
  // The version the form was filled from: a change made elsewhere meanwhile is a conflict, not overwritten.
  const [version] = useState(user.version);
  const save = usePeopleAction(() => onClose());
  const account = usePeopleAction();
  const set = (patch: Partial<typeof value>) => setValue((v) => ({ ...v, ...patch }));
  const name = `${user.firstName} ${user.lastName}`.trim() || user.email;
  return (
    <Modal title={`Edit ${name}`} onClose={onClose} wide>
      <form
        noValidate
        aria-label="Edit user"
        className="space-y-4"
        onSubmit={(e) => {
          e.preventDefault();
          save.send({ intent: 'update', userId: user.id, ...value, version });
        }}
      >
        <p className="text-sm text-stone-700">
          {user.email}
          {user.organisation ? ` · ${user.organisation.name}` : ''}
        </p>
        <EditorAlert formError={save.formError} code={save.code} hint={save.hint} />
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="First Name" name="firstName" error={save.errors.firstName}>
            {(p) => <input {...p} value={value.firstName} maxLength={80} onChange={(e) => set({ firstName: e.target.value })} />}
          </Field>
          <Field label="Last Name" name="lastName" error={save.errors.lastName}>
            {(p) => <input {...p} value={value.lastName} maxLength={80} onChange={(e) => set({ lastName: e.target.value })} />}
          </Field>
        </div>
        <RolesField roles={roles} value={value.roles} onChange={(r) => set({ roles: r })} error={save.errors.roles} />
        <Field
          label="Status"
          name="status"
          error={save.errors.status}
          hint={isSelf ? 'You cannot suspend or deactivate yourself.' : 'Anything but active signs the person out everywhere at once.'}
        >
          {(p) => (
            <select {...p} value={value.status} disabled={isSelf} onChange={(e) => set({ status: e.target.value as UserStatus })}>
              {USER_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {USER_STATUS_LABELS[s]}
                </option>
              ))}
            </select>
          )}
        </Field>
        <div className="flex justify-end gap-3">
          <button type="button" className={buttonClass.secondary} onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className={buttonClass.primary} disabled={save.busy}>
            {save.busy ? 'Saving…' : 'Save changes'}
          </button>
        </div>
      </form>
      <section aria-labelledby="account-levers" className="mt-6 border-t border-stone-200 pt-4">
        <h3 id="account-levers" className="font-medium">
          Account
        </h3>
        <p className="mb-3 text-sm text-stone-600">
          {[user.locked ? 'Locked out' : null, user.invited ? 'Invited, no password yet' : null, user.twoFactor ? 'Two-factor on' : 'Two-factor off']
            .filter(Boolean)
            .join(' · ')}
        </p>
        {account.formError ? (
          <p role="alert" className="mb-3 text-sm font-medium text-red-800">
            {account.formError}
          </p>
        ) : null}
        <div className="flex flex-wrap gap-2">
          {user.locked ? <Lever label="Unlock" intent="unlock" userId={user.id} send={account.send} busy={account.busy} /> : null}
          {user.invited ? (
            <>
              <Lever label="Resend invitation" intent="resend-invitation" userId={user.id} send={account.send} busy={account.busy} />
              <Lever label="Revoke invitation" intent="revoke-invitation" userId={user.id} send={account.send} busy={account.busy} />
            </>
          ) : (
            <Lever label="Force password reset at next sign-in" intent="force-reset" userId={user.id} send={account.send} busy={account.busy} />
          )}
          {isSelf ? null : <Lever label="Revoke sessions" intent="revoke-sessions" userId={user.id} send={account.send} busy={account.busy} />}
          {user.twoFactor ? <Lever label="Disable two-factor" intent="disable-two-factor" userId={user.id} send={account.send} busy={account.busy} /> : null}
        </div>
      </section>
      {save.stepUp}
      {account.stepUp}
    </Modal>
  );
}
