// Advanced User Management: Roles & Permissions (spec §2, §6; product.md §1, §6). A card per role —
// Admin, Employee, Partner (the partner roles' shared set), custom roles — with Edit Role and its
// switches; Create New Role. Saves need a fresh password check (step-up) and the version read; they
// apply from the next request of everyone holding the role.
import { href } from 'react-router';
import { roleCards } from '@shared/roles';
import { roleCreate, roleDelete, roleName, roleUpdate } from '@shared/schemas/roles';
import type { Route } from './+types/roles';
import { CreateRoleButton } from '~/features/access/create-role';
import { RoleCard } from '~/features/access/role-card';
import { adminAction, readBody } from '~/lib/admin-action.server';
import { actionError } from '~/lib/action-result';
import { requireMasterAdmin } from '~/lib/guards.server';

export const meta: Route.MetaFunction = () => [{ title: 'Roles & Permissions · Frolic' }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireMasterAdmin(request, context);
  return { cards: roleCards(await context.services.roles.list()) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const here = href('/admin/dashboard/advanced-user-management/roles');
  const { roles } = context.services;
  const args = { request, context };
  const need = { masterAdmin: true } as const;
  await requireMasterAdmin(request, context);
  const body = await readBody(request);
  if (body.intent === 'create') {
    return adminAction(args, {
      need,
      schema: roleCreate,
      body,
      run: (input, { user, actor }) => roles.create(user, input, actor),
      done: (role) => ({ to: here, title: 'Role created', description: `"${role.label}" can now be given to people in All Users.` }),
    });
  }
  if (body.intent !== 'update' && body.intent !== 'delete') return actionError(400, { errors: { intent: 'Unknown action.' }, code: 'validation_failed' });
  const name = roleName.safeParse(body.name);
  if (!name.success) return actionError(400, { errors: { name: 'Choose a role.' }, formError: 'Choose a role.', code: 'validation_failed' });
  if (body.intent === 'delete') {
    return adminAction(args, {
      need,
      schema: roleDelete,
      body,
      run: (input, { user, actor }) => roles.remove(user, name.data, input.version, actor),
      done: () => ({ to: here, title: 'Role deleted' }),
    });
  }
  return adminAction(args, {
    need,
    schema: roleUpdate,
    body,
    run: (input, { user, actor }) => roles.update(user, name.data, input, actor),
    done: (role) => ({
      to: here,
      title: 'Role updated',
      description: `"${role.label}" is saved. Everyone holding it works under the new permissions from their next request.`,
    }),
  });
}

export default function RolesPage({ loaderData }: Route.ComponentProps) {
  const { cards } = loaderData;
  const custom = cards.filter((c) => !c.isSystem).length;
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <p className="max-w-3xl text-sm text-stone-700">
          What each role may do outside the master-admin screens, which stay the master admin’s alone whatever the switches say. A change applies from the next
          request of everyone holding the role, and needs your password.
        </p>
        <CreateRoleButton key={custom} />
      </div>
      <div className="grid gap-6 xl:grid-cols-2">
        {cards.map((card) => (
          <RoleCard key={`${card.name}:${card.version}`} card={card} />
        ))}
      </div>
    </div>
  );
}
