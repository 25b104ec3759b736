// The one people screen, shown by All Users (Advanced User Management) and by User Management (with
// its staff / partner tabs): search, the role and status filters, the table, pages, and the Create
// User, Edit and Delete dialogs. Everything it lists and does goes through the route's loader and
// action (app/routes/admin/people/users.server.ts), so both screens are one implementation.
import { useState } from 'react';
import type { OrganisationChoice, RoleChoice, UserPage, UserRow } from '@shared/schemas/users-admin';
import { USER_STATUS_LABELS } from '@shared/users-admin-constants';
import { buttonClass, FilterSelect, SearchBox } from '~/components/admin-ui/list';
import { CreateUserDialog } from './create-user-dialog';
import { EditUserDialog } from './edit-user-dialog';
import { Modal } from '~/components/ui/modal';
import { PeoplePagination } from './people-pagination';
import { usePeopleAction } from './use-people-action';
import { nameOf, UsersTable } from './users-table';

export interface PeopleData {
  page: UserPage;
  roles: RoleChoice[];
  organisations: OrganisationChoice[];
  viewerId: string;
}

function DeleteDialog({ user, onClose }: { user: UserRow; onClose: () => void }) {
  const action = usePeopleAction(() => onClose());
  const name = nameOf(user);
  return (
    <Modal title={`Delete ${name}?`} onClose={onClose}>
      <p className="text-sm text-stone-700">
        {name} ({user.email}) can no longer sign in. Their name and email are removed everywhere — the outbox and old audit entries too — and history shows
        “Deleted user” where they acted. This cannot be undone.
      </p>
      {action.formError ? (
        <p role="alert" className="mt-3 text-sm font-medium text-red-800">
          {action.formError}
        </p>
      ) : null}
      <div className="mt-6 flex justify-end gap-3">
        <button type="button" className={buttonClass.secondary} onClick={onClose}>
          Cancel
        </button>
        <button
          type="button"
          className={buttonClass.danger}
          disabled={action.busy}
          onClick={() => action.send({ intent: 'delete', userId: user.id, version: user.version })}
        >
          {action.busy ? 'Deleting…' : 'Delete user'}
        </button>
      </div>
      {action.stepUp}
    </Modal>
  );
}

export function PeopleScreen({ data, children }: { data: PeopleData; children?: React.ReactNode }) {
  const { page, roles, organisations, viewerId } = data;
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<UserRow | null>(null);
  const [deleting, setDeleting] = useState<UserRow | null>(null);
  const row = usePeopleAction();
  // The row as the loader last read it (fresh after every action), or as it was opened when the
  // page no longer lists it (suspended under an "active" filter): the dialog still says how it went.
  const edited = editing ? (page.items.find((u) => u.id === editing.id) ?? editing) : undefined;
  const roleLabels = Object.fromEntries(roles.map((r) => [r.name, r.label]));
  return (
    <>
      <div className="mb-2 flex flex-wrap items-start justify-between gap-3">
        {children}
        <button type="button" className={`${buttonClass.primary} ml-auto`} onClick={() => setCreating(true)}>
          Create User
        </button>
      </div>
      <SearchBox label="Search users" placeholder="Name, email or role" owns={['role', 'status']}>
        <FilterSelect label="Role" name="role" options={roleLabels} all="All roles" />
        <FilterSelect label="Status" name="status" options={USER_STATUS_LABELS} all="All statuses" />
      </SearchBox>
      <UsersTable
        rows={page.items}
        roles={roles}
        viewerId={viewerId}
        busy={row.busy}
        actions={{
          edit: (u) => setEditing(u),
          resetPassword: (u) => row.send({ intent: 'reset-password', userId: u.id }),
          resendInvitation: (u) => row.send({ intent: 'resend-invitation', userId: u.id }),
          revokeInvitation: (u) => row.send({ intent: 'revoke-invitation', userId: u.id }),
          remove: (u) => setDeleting(u),
        }}
      />
      <PeoplePagination page={page} />
      {creating ? <CreateUserDialog roles={roles} organisations={organisations} onClose={() => setCreating(false)} /> : null}
      {edited ? <EditUserDialog key={edited.id} user={edited} roles={roles} isSelf={edited.id === viewerId} onClose={() => setEditing(null)} /> : null}
      {deleting ? <DeleteDialog user={deleting} onClose={() => setDeleting(null)} /> : null}
      {row.stepUp}
    </>
  );
}
