// The loader and action of the people screens — All Users (Advanced User Management) and User
// Management (its staff / partner tabs) — so both are one implementation over services.usersAdmin:
// the master admin only, the query from the URL, each intent parsed with the shared schema.
import type { AppLoadContext } from 'react-router';
import type { z } from 'zod';
import { fieldErrors } from '@shared/field-errors';
import { USER_TOASTS, userCreate, userDelete, userListQuery, userRef, userUpdate, type UserKind } from '@shared/schemas/users-admin';
import type { PeopleActionData } from '~/features/people/use-people-action';
import { readBody } from '~/lib/admin-action.server';
import { actionError, refusal } from '~/lib/action-result';
import { requireMasterAdmin, requireScreen } from '~/lib/guards.server';

interface Args {
  request: Request;
  context: AppLoadContext;
}

/** The list as the URL asks for it (a value the schema refuses is dropped, not an error page), with the dialogs' choices. */
export async function peopleLoader({ request, context }: Args, opts: { kind?: UserKind } = {}) {
  const user = await requireScreen(request, context, 'users');
  const params = Object.fromEntries(new URL(request.url).searchParams);
  let parsed = userListQuery.safeParse(params);
  if (!parsed.success) {
    const bad = new Set(parsed.error.issues.map((i) => String(i.path[0])));
    parsed = userListQuery.safeParse(Object.fromEntries(Object.entries(params).filter(([k]) => !bad.has(k))));
  }
  const query = { ...(parsed.success ? parsed.data : userListQuery.parse({})), ...(opts.kind ? { kind: opts.kind } : {}) };
  const { usersAdmin } = context.services;
  const [page, roles, organisations] = await Promise.all([usersAdmin.list(user, query), usersAdmin.roleChoices(user), usersAdmin.organisationChoices(user)]);
  return { page, roles, organisations, viewerId: user.id };
}

/** A refused form: answered as it is (not a refusal of the service). */
class Invalid {
  constructor(readonly answer: ReturnType<typeof actionError>) {}
}

const ok = (title: string, description?: string, link?: string | null): PeopleActionData => ({ ok: true, toast: { title, description }, link });

/** Row actions have no form to show a refusal on: it comes back as a toast too. */
const ROW_INTENTS = new Set(['reset-password', 'resend-invitation', 'revoke-invitation']);

/** Every intent of the people screens: parse, call the service, answer `ok` with a toast (the fetcher revalidates the list). */
export async function peopleAction({ request, context }: Args) {
  const viewer = await requireMasterAdmin(request, context);
  const body = await readBody(request);
  const intent = typeof body.intent === 'string' ? body.intent : '';
  const { usersAdmin } = context.services;
  const actor = context.auth.actor(viewer.id);
  const input = <S extends z.ZodType>(schema: S): z.infer<S> => {
    const parsed = schema.safeParse(body);
    if (!parsed.success)
      throw new Invalid(actionError(400, { errors: fieldErrors(parsed.error), formError: 'Check the highlighted fields.', code: 'validation_failed' }));
    return parsed.data;
  };
  try {
    if (intent === 'create') {
      const value = input(userCreate);
      const { link } = await usersAdmin.create(viewer, value, actor, context.origin);
      return link ? ok('User created', 'No email was sent: hand over the link.', link) : ok('User created', `An invitation email was sent to ${value.email}.`);
    }
    const { userId } = input(userRef);
    switch (intent) {
      case 'update': {
        const user = await usersAdmin.update(viewer, userId, input(userUpdate), actor);
        return ok('User updated', `${`${user.firstName} ${user.lastName}`.trim()} is saved.`);
      }
      case 'delete':
        await usersAdmin.remove(viewer, userId, input(userDelete).version, actor);
        return ok(USER_TOASTS.deleted);
      case 'reset-password':
        await usersAdmin.sendPasswordReset(viewer, userId, actor, context.origin);
        return ok(USER_TOASTS.resetSent);
      case 'resend-invitation':
        await usersAdmin.resendInvitation(viewer, userId, actor, context.origin);
        return ok('Invitation sent again', 'The earlier link no longer works.');
      case 'revoke-invitation':
        await usersAdmin.revokeInvitation(viewer, userId, actor);
        return ok('Invitation revoked', 'The link no longer works.');
      case 'unlock':
        await usersAdmin.unlock(viewer, userId, actor);
        return ok('User unlocked');
      case 'force-reset':
        await usersAdmin.forcePasswordReset(viewer, userId, actor);
        return ok('Password reset required', 'They choose a new password before anything else.');
      case 'revoke-sessions':
        await usersAdmin.revokeSessions(viewer, userId, actor);
        return ok('Sessions revoked', 'They are signed out everywhere.');
      case 'disable-two-factor':
        await usersAdmin.disableTwoFactor(viewer, userId, actor, context.origin);
        return ok('Two-factor authentication switched off', 'They were told by email.');
    }
    return actionError(400, { formError: 'Unknown action.', code: 'validation_failed' });
  } catch (err) {
    if (err instanceof Invalid) return err.answer;
    return refusal(err, ROW_INTENTS.has(intent) ? { toast: 'Could not do that' } : {});
  }
}
