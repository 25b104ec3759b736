// User administration (the master admin's All Users and User Management): the list's query, creating,
// editing and deleting a person, and the rows the screens show — one schema each for the API, the
// page actions and the dialogs.
import { z } from './zod';
import { requiredText } from './text';
import { type AdminPage, adminListQuery, versionField } from './admin';
import { USER_KINDS, USER_SORTS, USER_STATUSES, type UserKind, type UserStatus } from '../users-admin-constants';

export * from '../users-admin-constants';

/** A person's id in a path or a form: anything else names nobody (404). */
export const userIdParam = z.uuid();

/** A role's name as the roles table keys it (the system roles and those the master admin creates). */
const roleName = requiredText('Choose a role.')
  .max(64, 'Choose a role.')
  .regex(/^[a-z0-9_-]+$/, 'Choose a role.');

/** "All" (or nothing) is no filter. */
const allOr = <const T extends readonly [string, ...string[]]>(values: T) =>
  z
    .union([z.literal(''), z.literal('all'), z.enum(values)])
    .optional()
    .transform((v) => (v === '' || v === 'all' ? undefined : (v as T[number] | undefined)));

export const userListQuery = adminListQuery(USER_SORTS).extend({
  role: z
    .union([z.literal(''), z.literal('all'), roleName])
    .optional()
    .transform((v) => (v === '' || v === 'all' ? undefined : v)),
  status: allOr(USER_STATUSES),
  /** User Management's tabs: staff or partner users. */
  kind: allOr(USER_KINDS),
});
export type UserListQuery = z.infer<typeof userListQuery>;

const personName = (label: string) => requiredText(`Enter the ${label}.`).max(80, `Keep the ${label} under 80 characters.`);

/** A checkbox as the form posts it ("on", or absent) or a boolean from the dialog or the API. */
const checkbox = z.union([z.boolean(), z.enum(['on', 'true', 'false', 'off', ''])]).transform((v) => v === true || v === 'on' || v === 'true');

/** Spec §2 Create User: First Name, Last Name, Email, one role, Send invitation email (on by default). */
export const userCreate = z.object({
  firstName: personName('first name'),
  lastName: personName('last name'),
  email: z
    .string({ error: 'Enter the email address.' })
    .trim()
    .toLowerCase()
    .pipe(z.email('Enter a valid email address.').max(254, 'Enter a valid email address.')),
  role: roleName,
  /** A partner role's organisation (its type decides the role it may hold). */
  organisationId: z
    .union([z.literal(''), z.uuid({ error: 'Choose the organisation.' })])
    .nullish()
    .transform((v) => v || null),
  sendInvitation: checkbox.default(true),
});
export type UserCreate = z.infer<typeof userCreate>;

/** Edit: name, roles (added and removed), status — against the version read. */
export const userUpdate = z.object({
  firstName: personName('first name'),
  lastName: personName('last name'),
  roles: z
    .array(roleName, { error: 'Choose at least one role.' })
    .min(1, 'Choose at least one role.')
    .max(10, 'Choose at most 10 roles.')
    .transform((r) => [...new Set(r)].sort()),
  status: z.enum(USER_STATUSES, { error: 'Choose active, inactive or suspended.' }),
  version: versionField,
});
export type UserUpdate = z.infer<typeof userUpdate>;

/** Deleting names the version read too: a person changed since is not deleted blind. */
export const userDelete = z.object({ version: versionField });

/** The page actions' forms name the person (and, for edits and deletes, the version). */
export const userRef = z.object({ userId: userIdParam });

/** A row of All Users and User Management. */
export interface UserRow {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  /** Effective roles (the master-admin profile flag counts as the role), sorted. */
  roles: string[];
  status: UserStatus;
  lastLoginAt: string | null;
  createdAt: string;
  /** A partner user's organisation. */
  organisation: { id: string; name: string; type: string } | null;
  /** Invited, no password chosen yet. */
  invited: boolean;
  /** Locked out (from some source or everywhere) right now. */
  locked: boolean;
  twoFactor: boolean;
  requiresPasswordReset: boolean;
  version: number;
}

/** A page of the list: `total` counts up to USER_COUNT_CAP; `totalIsLowerBound` says there are more. */
export interface UserPage extends AdminPage<UserRow> {
  totalIsLowerBound: boolean;
}

export interface RoleChoice {
  name: string;
  label: string;
  area: 'staff' | 'partner' | null;
}

export interface OrganisationChoice {
  id: string;
  name: string;
  type: string;
}

export type { UserKind, UserStatus };
