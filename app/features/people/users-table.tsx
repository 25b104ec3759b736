// Spec §2 All Users table: Name, Email, Roles, Status (green, orange, red), Last Login, Actions (edit,
// reset password — or, for someone invited, resend and revoke the invitation — and delete). A
// partner's row names their organisation. Sorting and pages are in the URL (the server does both).
import { formatUtc } from '@shared/staff-time';
import type { RoleChoice, UserRow } from '@shared/schemas/users-admin';
import { USER_STATUS_COLOURS, USER_STATUS_LABELS } from '@shared/users-admin-constants';
import { type Column, DataTable } from '~/components/admin-ui/list';

export interface RowActions {
  edit(user: UserRow): void;
  resetPassword(user: UserRow): void;
  resendInvitation(user: UserRow): void;
  revokeInvitation(user: UserRow): void;
  remove(user: UserRow): void;
}

export const nameOf = (u: Pick<UserRow, 'firstName' | 'lastName' | 'email'>) => `${u.firstName} ${u.lastName}`.trim() || u.email;

const small = 'rounded px-2 py-1 text-sm font-medium underline-offset-2 hover:underline disabled:opacity-60';

export function UserStatusBadge({ status }: { status: UserRow['status'] }) {
  return <span className={`inline-block rounded-full px-2 py-0.5 text-xs font-medium ${USER_STATUS_COLOURS[status]}`}>{USER_STATUS_LABELS[status]}</span>;
}

export function UsersTable({
  rows,
  roles,
  viewerId,
  actions,
  busy,
}: {
  rows: UserRow[];
  roles: RoleChoice[];
  viewerId: string;
  actions: RowActions;
  busy: boolean;
}) {
  const label = new Map(roles.map((r) => [r.name, r.label]));
  const columns: Column<UserRow>[] = [
    {
      key: 'name',
      label: 'Name',
      sortable: true,
      render: (u) => (
        <div>
          <span className="font-medium">{nameOf(u)}</span>
          {u.organisation ? <span className="block text-xs text-stone-600">{u.organisation.name}</span> : null}
          <span className="mt-0.5 flex flex-wrap gap-1">
            {u.invited ? <span className="rounded bg-sky-100 px-1.5 text-xs text-sky-900">Invited</span> : null}
            {u.locked ? <span className="rounded bg-red-100 px-1.5 text-xs text-red-900">Locked</span> : null}
            {u.requiresPasswordReset ? <span className="rounded bg-amber-100 px-1.5 text-xs text-amber-900">Reset required</span> : null}
          </span>
        </div>
      ),
    },
    { key: 'email', label: 'Email', sortable: true, render: (u) => <span className="[overflow-wrap:anywhere]">{u.email}</span> },
    { key: 'roles', label: 'Roles', render: (u) => u.roles.map((r) => label.get(r) ?? r).join(', ') || '—' },
    { key: 'status', label: 'Status', sortable: true, render: (u) => <UserStatusBadge status={u.status} /> },
    {
      key: 'lastLogin',
      label: 'Last Login',
      sortable: true,
      render: (u) => (u.lastLoginAt ? <time dateTime={u.lastLoginAt}>{formatUtc(u.lastLoginAt)}</time> : <span className="text-stone-600">Never</span>),
    },
    {
      key: 'actions',
      label: 'Actions',
      render: (u) => {
        const who = nameOf(u);
        return (
          <div className="flex flex-wrap gap-1">
            <button type="button" className={`${small} text-forest`} onClick={() => actions.edit(u)} aria-label={`Edit ${who}`}>
              Edit
            </button>
            {u.invited ? (
              <>
                <button
                  type="button"
                  className={`${small} text-forest`}
                  disabled={busy}
                  onClick={() => actions.resendInvitation(u)}
                  aria-label={`Resend the invitation to ${who}`}
                >
                  Resend invitation
                </button>
                <button
                  type="button"
                  className={`${small} text-forest`}
                  disabled={busy}
                  onClick={() => actions.revokeInvitation(u)}
                  aria-label={`Revoke the invitation of ${who}`}
                >
                  Revoke invitation
                </button>
              </>
            ) : (
              <button
                type="button"
                className={`${small} text-forest`}
                disabled={busy}
                onClick={() => actions.resetPassword(u)}
                aria-label={`Reset password of ${who}`}
              >
                Reset password
              </button>
            )}
            {u.id === viewerId ? null : (
              <button type="button" className={`${small} text-red-800`} onClick={() => actions.remove(u)} aria-label={`Delete ${who}`}>
                Delete
              </button>
            )}
          </div>
        );
      },
    },
  ];
  return <DataTable columns={columns} rows={rows} rowKey={(u) => u.id} caption="Users" empty="No users match these filters." />;
}
