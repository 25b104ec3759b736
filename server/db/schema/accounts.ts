// Accounts: users, profiles (spec §3), roles and their permissions, sessions, one-time tokens,
// two-factor, sign-in failures and known devices (the lockout), and the Access Control settings (one row).
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgEnum, pgTable, primaryKey, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { organisations } from './partners';

export const userStatus = pgEnum('user_status', ['active', 'inactive', 'suspended']);

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Stored lower-cased; unique case-insensitively. */
    email: text('email').notNull(),
    /** argon2id; null until an invited user sets a password. */
    passwordHash: text('password_hash'),
    emailConfirmedAt: timestamp('email_confirmed_at', { withTimezone: true }),
    status: userStatus('status').notNull().default('active'),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    /** Base32 TOTP secret, encrypted with the server secret (AES-GCM). */
    totpSecret: text('totp_secret'),
    totpEnabledAt: timestamp('totp_enabled_at', { withTimezone: true }),
    /** The last TOTP time step accepted: a code is never accepted twice. */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    /** A partner user's organisation (exactly one); null for staff and customers. */
    organisationId: uuid('organisation_id').references(() => organisations.id, { onDelete: 'restrict' }),
    /** Set when a master admin deleted the person: the row stays as a tombstone ("Deleted user") so history still reads. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /** Optimistic concurrency for the master admin's edits: bumped on every change made there; an edit naming an older version is refused. */
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(sql`lower(${t.email})`),
    index('users_organisation_idx').on(t.organisationId),
    // Substring search of the users list (spec §5).
    index('users_email_trgm_idx').using('gin', sql`${t.email} gin_trgm_ops`),
  ],
);

export const profiles = pgTable(
  'profiles',
  {
    id: uuid('id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    avatarUrl: text('avatar_url'),
    isMasterAdmin: boolean('is_master_admin').notNull().default(false),
    requiresPasswordReset: boolean('requires_password_reset').notNull().default(false),
    passwordLastUpdated: timestamp('password_last_updated', { withTimezone: true }),
  },
  (t) => [
    index('profiles_name_trgm_idx').using('gin', sql`(${t.firstName} || ' ' || ${t.lastName}) gin_trgm_ops`),
    // The users list's default order (last name, first name): its first pages walk this index.
    index('profiles_name_sort_idx').on(sql`lower(${t.lastName})`, sql`lower(${t.firstName})`, t.id),
  ],
);

export const roles = pgTable(
  'roles',
  {
    name: text('name').primaryKey(),
    label: text('label').notNull(),
    description: text('description').notNull().default(''),
    /** The eight roles of the spec: cannot be deleted. */
    isSystem: boolean('is_system').notNull().default(false),
    /** The area the role opens: `staff` (the admin area, grants over everything), `partner` (the partner area, over the organisation), null (a customer). */
    area: text('area'),
    /** Optimistic concurrency for the Roles & Permissions screen. */
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('roles_area', sql`${t.area} in ('staff', 'partner')`)],
);

export const rolePermissions = pgTable(
  'role_permissions',
  {
    role: text('role')
      .notNull()
      .references(() => roles.name, { onDelete: 'cascade' }),
    permission: text('permission').notNull(),
  },
  (t) => [primaryKey({ columns: [t.role, t.permission] })],
);

export const userRoles = pgTable(
  'user_roles',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role')
      .notNull()
      .references(() => roles.name, { onDelete: 'restrict' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.role] }), index('user_roles_role_idx').on(t.role)],
);

export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** sha-256 of the opaque token; the token itself is only in the cookie. */
    tokenHash: text('token_hash').notNull(),
    /** Password accepted, two-factor code still owed. */
    mfaPending: boolean('mfa_pending').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Until when a fresh password (and code) check holds for sensitive actions (step-up). */
    elevatedUntil: timestamp('elevated_until', { withTimezone: true }),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
  },
  (t) => [uniqueIndex('sessions_token_hash_key').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

export const tokenPurpose = pgEnum('token_purpose', ['confirm_email', 'reset_password', 'invitation']);

/** Single-use, hashed, expiring tokens sent by email. */
export const authTokens = pgTable(
  'auth_tokens',
  {
    id: serial('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: tokenPurpose('purpose').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('auth_tokens_hash_key').on(t.tokenHash), index('auth_tokens_user_idx').on(t.userId, t.purpose)],
);

export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: serial('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('recovery_codes_user_idx').on(t.userId)],
);

/** Devices trusted for two-factor prompts ("remember device"). */
export const trustedDevices = pgTable(
  'trusted_devices',
  {
    id: serial('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('trusted_devices_hash_key').on(t.tokenHash)],
);

/**
 * Failed sign-ins (spec §6 lockout), counted per account and source so that a stranger's guesses
 * lock the stranger out, not the owner. `subject` is the sha-256 of the lower-cased email — known
 * or not, so an unknown address costs the same work and tells nothing. `source` is `ip:<address>`
 * (an IPv6 /64), `device:<id>` for a known device, or `*` for the account-wide count of guesses
 * from every source but known devices (a distributed attack). A lock doubles each time it comes
 * back (backoff); `notified_at` on `*` spaces the lockout emails.
 */
export const signInFailures = pgTable(
  'sign_in_failures',
  {
    subject: text('subject').notNull(),
    source: text('source').notNull(),
    failures: integer('failures').notNull().default(0),
    windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lockCount: integer('lock_count').notNull().default(0),
    lastLockedAt: timestamp('last_locked_at', { withTimezone: true }),
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.subject, t.source] }), index('sign_in_failures_updated_idx').on(t.updatedAt)],
);

/**
 * Browsers that completed a sign-in to an account (the `frolic_known` cookie holds a random id; only
 * its sha-256 is here). A known device keeps its way in while the account is locked against
 * other sources; it never skips the password or the second factor.
 */
export const knownDevices = pgTable(
  'known_devices',
  {
    id: serial('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('known_devices_user_token_key').on(t.userId, t.tokenHash)],
);

/** Access Control settings (spec §6, §9): exactly one row, id = 1. */
export const securitySettings = pgTable(
  'security_settings',
  {
    id: integer('id').primaryKey().default(1),
    /** Spec §6 "Require Two-Factor Authentication (admins and master admin)". */
    requireTwoFactorForStaff: boolean('require_two_factor_for_staff').notNull().default(false),
    /** The same for employees: a separate choice. */
    requireTwoFactorForEmployees: boolean('require_two_factor_for_employees').notNull().default(false),
    passwordExpiryEnabled: boolean('password_expiry_enabled').notNull().default(true),
    passwordExpiryDays: integer('password_expiry_days').notNull().default(90),
    lockoutEnabled: boolean('lockout_enabled').notNull().default(true),
    lockoutThreshold: integer('lockout_threshold').notNull().default(5),
    lockoutMinutes: integer('lockout_minutes').notNull().default(15),
    sessionTimeoutEnabled: boolean('session_timeout_enabled').notNull().default(true),
    sessionTimeoutMinutes: integer('session_timeout_minutes').notNull().default(60),
    rememberDeviceDays: integer('remember_device_days').notNull().default(30),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: uuid('updated_by'),
    /** Optimistic concurrency: two master admins saving at once — the second is told. */
    version: integer('version').notNull().default(1),
  },
  (t) => [
    check('security_settings_single_row', sql`${t.id} = 1`),
    check('security_settings_timeout_options', sql`${t.sessionTimeoutMinutes} in (15, 30, 60, 120)`),
    check('security_settings_remember_options', sql`${t.rememberDeviceDays} in (1, 7, 30, 90)`),
  ],
);
