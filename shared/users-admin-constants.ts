// User administration's words and values that pages need without zod: statuses and their colours,
// the kinds of user (User Management's tabs), the tombstone a deleted person leaves, the guard rails'
// codes and the toasts (spec §4, §8).

export const USER_STATUSES = ['active', 'inactive', 'suspended'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

export const USER_STATUS_LABELS: Record<UserStatus, string> = { active: 'Active', inactive: 'Inactive', suspended: 'Suspended' };

/** Spec §4: active, inactive, suspended are green, orange, red. */
export const USER_STATUS_COLOURS: Record<UserStatus, string> = {
  active: 'bg-green-100 text-green-900',
  inactive: 'bg-orange-100 text-orange-900',
  suspended: 'bg-red-100 text-red-900',
};

/** User Management's tabs: people with a staff role, people with a partner role. */
export const USER_KINDS = ['staff', 'partner'] as const;
export type UserKind = (typeof USER_KINDS)[number];
export const USER_KIND_LABELS: Record<UserKind, string> = { staff: 'Staff users', partner: 'Partner users' };

/** The list counts its matches up to this many; past it, "1,000+" (and pages go on). */
export const USER_COUNT_CAP = 1000;

/** The list's sortable columns. */
export const USER_SORTS = ['name', 'email', 'status', 'lastLogin', 'createdAt'] as const;

/**
 * What a deleted person leaves: the row and its id (history still reads), named "Deleted user" —
 * the profile's first and last name become these two words, so every view that names people shows
 * it without knowing about tombstones — at an address that can never receive mail.
 */
export const DELETED_USER_NAME = { firstName: 'Deleted', lastName: 'user' } as const;
export const DELETED_USER_LABEL = 'Deleted user';
export const tombstoneEmail = (id: string) => `deleted-${id}@invalid`;

/** The guard rails' stable codes (409 unless said). */
export const USER_GUARD_CODES = ['last_master_admin', 'cannot_suspend_self', 'cannot_delete_self', 'cannot_demote_self', 'role_area_mismatch'] as const;

/** Spec §8 toasts. */
export const USER_TOASTS = {
  resetSent: 'Password reset link sent',
  deleted: 'User deleted',
} as const;
