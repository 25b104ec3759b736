// The Drizzle schema: every table of Frolic, in one place. Migrations are generated from it.
import { sql } from 'drizzle-orm';
import {
  bigint, boolean, check, doublePrecision, index, integer, jsonb, numeric, pgEnum, pgTable, primaryKey, serial, text, timestamp, uniqueIndex, uuid,
} from 'drizzle-orm/pg-core';

export const productStatus = pgEnum('product_status', ['draft', 'active', 'archived']);

export interface TastingNotes {
  nose: string;
  palate: string;
  finish: string;
}

export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    category: text('category').notNull(),
    /** Alcohol by volume in tenths of a percent (403 = 40.3 %). */
    abvTenths: integer('abv_tenths').notNull(),
    volumeMl: integer('volume_ml').notNull(),
    description: text('description').notNull(),
    tastingNotes: jsonb('tasting_notes').$type<TastingNotes>().notNull(),
    imageUrl: text('image_url').notNull(),
    featured: boolean('featured').notNull().default(false),
    status: productStatus('status').notNull().default('draft'),
    /** Bottles per case (trade orders are in cases). */
    caseSize: integer('case_size').notNull().default(6),
    /** Bottles in stock at the brand's warehouse; never negative. */
    stockUnits: integer('stock_units').notNull().default(0),
    /** At or below this the product is "low on stock" on the dashboard. */
    lowStockThreshold: integer('low_stock_threshold').notNull().default(60),
    /** Optimistic concurrency: bumped on every update; a write naming an older version is refused. */
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('products_slug_key').on(t.slug),
    // The public list pages through active products by name (optionally in one category).
    index('products_status_name_idx').on(t.status, t.name, t.id),
    index('products_status_category_name_idx').on(t.status, t.category, t.name, t.id),
    check('products_abv_range', sql`${t.abvTenths} between 0 and 1000`),
    check('products_volume_positive', sql`${t.volumeMl} > 0`),
    check('products_case_size_positive', sql`${t.caseSize} > 0`),
    check('products_stock_nonnegative', sql`${t.stockUnits} >= 0`),
  ],
);

/** A product's price in one market: integer minor units with an ISO 4217 currency. */
export const productPrices = pgTable(
  'product_prices',
  {
    productId: integer('product_id').notNull().references(() => products.id, { onDelete: 'cascade' }),
    market: text('market').notNull(),
    currency: text('currency').notNull(),
    amountMinor: integer('amount_minor').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.market] }),
    check('product_prices_amount_nonnegative', sql`${t.amountMinor} >= 0`),
    check('product_prices_currency_iso', sql`${t.currency} ~ '^[A-Z]{3}$'`),
  ],
);

/** Small key/value facts about this installation (e.g. when demo content was seeded). */
export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Every change to business tables and every security event (spec §3 audit log, product.md §1). */
export const auditLogs = pgTable(
  'audit_logs',
  {
    id: serial('id').primaryKey(),
    userId: text('user_id'),
    action: text('action').notNull(),
    tableName: text('table_name').notNull(),
    recordId: text('record_id'),
    oldValues: jsonb('old_values'),
    newValues: jsonb('new_values'),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('audit_logs_created_at_idx').on(t.createdAt), index('audit_logs_table_record_idx').on(t.tableName, t.recordId)],
);

// ---------------------------------------------------------------------------------------------
// Public site: cocktails, store locations, online retailers, contact and business inquiries.

export const cocktailDifficulty = pgEnum('cocktail_difficulty', ['easy', 'medium', 'hard']);

export const cocktails = pgTable(
  'cocktails',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    /** The product category the drink is built on (gin, vodka, whisky, rum, liqueur). */
    baseSpirit: text('base_spirit').notNull(),
    glass: text('glass').notNull(),
    difficulty: cocktailDifficulty('difficulty').notNull().default('easy'),
    /** Method, one step per entry, in order. */
    steps: jsonb('steps').$type<string[]>().notNull(),
    imageUrl: text('image_url').notNull(),
    /** The uploaded image behind `image_url`, when staff chose one from the media library. */
    imageMediaId: uuid('image_media_id').references(() => mediaAssets.id, { onDelete: 'restrict' }),
    prepMinutes: integer('prep_minutes').notNull().default(5),
    featured: boolean('featured').notNull().default(false),
    published: boolean('published').notNull().default(false),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('cocktails_slug_key').on(t.slug), index('cocktails_published_idx').on(t.published, t.baseSpirit)],
);

export const cocktailIngredients = pgTable(
  'cocktail_ingredients',
  {
    id: serial('id').primaryKey(),
    cocktailId: integer('cocktail_id').notNull().references(() => cocktails.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    name: text('name').notNull(),
    /** Amount in the unit given, as text-free decimal (e.g. 50, 0.5); null for "to top up". */
    amount: numeric('amount', { precision: 8, scale: 2, mode: 'number' }),
    unit: text('unit'),
    /** Optional link to our product used for this ingredient. */
    productId: integer('product_id').references(() => products.id, { onDelete: 'restrict' }),
  },
  (t) => [uniqueIndex('cocktail_ingredients_position_key').on(t.cocktailId, t.position), index('cocktail_ingredients_product_idx').on(t.productId)],
);

export interface OpeningHours {
  /** 0 = Monday … 6 = Sunday */
  day: number;
  opens: string; // "09:00"
  closes: string; // "18:00"
}

export const storeLocations = pgTable(
  'store_locations',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    address: text('address').notNull(),
    city: text('city').notNull(),
    region: text('region'),
    postcode: text('postcode'),
    country: text('country').notNull(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    phone: text('phone'),
    openingHours: jsonb('opening_hours').$type<OpeningHours[]>().notNull().default([]),
    active: boolean('active').notNull().default(true),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('store_locations_lat_lng_idx').on(t.latitude, t.longitude),
    index('store_locations_country_idx').on(t.country),
    check('store_locations_lat_range', sql`${t.latitude} between -90 and 90`),
    check('store_locations_lng_range', sql`${t.longitude} between -180 and 180`),
  ],
);

export const storeProducts = pgTable(
  'store_products',
  {
    storeId: integer('store_id').notNull().references(() => storeLocations.id, { onDelete: 'cascade' }),
    productId: integer('product_id').notNull().references(() => products.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.storeId, t.productId] }), index('store_products_product_idx').on(t.productId)],
);

export const onlineRetailers = pgTable('online_retailers', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  url: text('url').notNull(),
  /** Market codes (shared/markets.ts) this retailer ships to. */
  markets: jsonb('markets').$type<string[]>().notNull(),
  active: boolean('active').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const retailerListings = pgTable(
  'retailer_listings',
  {
    retailerId: integer('retailer_id').notNull().references(() => onlineRetailers.id, { onDelete: 'cascade' }),
    productId: integer('product_id').notNull().references(() => products.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    /** Price where known, in minor units of `currency`. */
    priceMinor: integer('price_minor'),
    currency: text('currency'),
  },
  (t) => [primaryKey({ columns: [t.retailerId, t.productId] }), index('retailer_listings_product_idx').on(t.productId)],
);

export const inquiryStatus = pgEnum('inquiry_status', ['new', 'in_progress', 'done']);
export const partnerType = pgEnum('partner_type', ['importer', 'distributor', 'retailer']);

export const contactMessages = pgTable(
  'contact_messages',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    status: inquiryStatus('status').notNull().default('new'),
    assigneeId: text('assignee_id'),
    notes: text('notes'),
    ipAddress: text('ip_address'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('contact_messages_status_idx').on(t.status, t.createdAt)],
);

export const businessInquiries = pgTable(
  'business_inquiries',
  {
    id: serial('id').primaryKey(),
    company: text('company').notNull(),
    contactName: text('contact_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    partnerType: partnerType('partner_type').notNull(),
    licenceNumber: text('licence_number'),
    region: text('region').notNull(),
    country: text('country').notNull(),
    expectedVolume: text('expected_volume').notNull(),
    message: text('message').notNull(),
    status: inquiryStatus('status').notNull().default('new'),
    assigneeId: text('assignee_id'),
    notes: text('notes'),
    ipAddress: text('ip_address'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('business_inquiries_status_idx').on(t.status, t.createdAt)],
);

// ---------------------------------------------------------------------------------------------
// Accounts: users, profiles (spec §3), roles and permissions, sessions, one-time tokens, 2FA,
// security settings (one row), and the email outbox.

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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_email_key').on(sql`lower(${t.email})`)],
);

export const profiles = pgTable('profiles', {
  id: uuid('id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  firstName: text('first_name').notNull().default(''),
  lastName: text('last_name').notNull().default(''),
  avatarUrl: text('avatar_url'),
  isMasterAdmin: boolean('is_master_admin').notNull().default(false),
  requiresPasswordReset: boolean('requires_password_reset').notNull().default(false),
  passwordLastUpdated: timestamp('password_last_updated', { withTimezone: true }),
});

export const roles = pgTable('roles', {
  name: text('name').primaryKey(),
  label: text('label').notNull(),
  description: text('description').notNull().default(''),
  /** The eight roles of the spec: cannot be deleted. */
  isSystem: boolean('is_system').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

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
    requireTwoFactorForStaff: boolean('require_two_factor_for_staff').notNull().default(false),
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
  },
  (t) => [
    check('security_settings_single_row', sql`${t.id} = 1`),
    check('security_settings_timeout_options', sql`${t.sessionTimeoutMinutes} in (15, 30, 60, 120)`),
    check('security_settings_remember_options', sql`${t.rememberDeviceDays} in (1, 7, 30, 90)`),
  ],
);

/** kept: stored only (no SMTP_URL); queued: a `mail.send` job will (re)try; sent; failed: every attempt failed. */
export const outboxStatus = pgEnum('outbox_status', ['kept', 'queued', 'sent', 'failed']);

/** Every email the product sends: kept here, and sent through SMTP (a `mail.send` job) when SMTP_URL is set. */
export const outboxEmails = pgTable(
  'outbox_emails',
  {
    id: serial('id').primaryKey(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** The last SMTP error (kept while retrying, so the outbox shows why). */
    error: text('error'),
    status: outboxStatus('status').notNull().default('kept'),
    /** SMTP attempts made so far. */
    attempts: integer('attempts').notNull().default(0),
  },
  (t) => [index('outbox_emails_created_idx').on(t.createdAt)],
);

// ---------------------------------------------------------------------------------------------
// Support chat (spec §2, §3, §7): anonymous visitor conversations answered by staff.

export const chatStatus = pgEnum('chat_status', ['open', 'assigned', 'closed']);

export const chatSessions = pgTable(
  'chat_sessions',
  {
    /** The visitor's chat_session_id (local storage, spec §3). */
    id: uuid('id').primaryKey(),
    /** sha-256 of the secret paired with the id: only its holder reads the conversation. */
    secretHash: text('secret_hash').notNull(),
    status: chatStatus('status').notNull().default('open'),
    assigneeId: uuid('assignee_id').references(() => users.id, { onDelete: 'set null' }),
    visitorEmail: text('visitor_email'),
    /** The page the visitor was on when they last wrote. */
    pageUrl: text('page_url'),
    ipAddress: text('ip_address'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
  },
  (t) => [index('chat_sessions_last_message_idx').on(t.lastMessageAt)],
);

export const chatMessages = pgTable(
  'chat_messages',
  {
    id: serial('id').primaryKey(),
    content: text('content').notNull(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => chatSessions.id, { onDelete: 'cascade' }),
    /** Spec §3: 'anonymous_user' for visitors, 'operator' for staff. */
    userId: text('user_id').notNull(),
    roomId: text('room_id').notNull().default('customer_support'),
    /** The staff member who wrote an operator message. */
    staffId: uuid('staff_id').references(() => users.id, { onDelete: 'set null' }),
    /** The sender's own id for the message: a resend never duplicates. */
    clientId: text('client_id').notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('chat_messages_client_key').on(t.sessionId, t.clientId),
    index('chat_messages_session_idx').on(t.sessionId, t.id),
    check('chat_messages_user_id', sql`${t.userId} in ('anonymous_user', 'operator')`),
  ],
);

export const cannedReplies = pgTable('canned_replies', {
  id: serial('id').primaryKey(),
  title: text('title').notNull(),
  body: text('body').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Staff connected to the inbox, per server instance, refreshed by heartbeat. */
export const chatPresence = pgTable(
  'chat_presence',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    instanceId: text('instance_id').notNull(),
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.instanceId] })],
);

// ---------------------------------------------------------------------------------------------
// Staff catalogue (issue 5): product stock and trade prices, media, collateral, brand events,
// and the staff notifications feed behind the bell.

/** A product's trade price for one partner tier in one market: integer minor units. */
export const productTradePrices = pgTable(
  'product_trade_prices',
  {
    productId: integer('product_id').notNull().references(() => products.id, { onDelete: 'cascade' }),
    tier: partnerType('tier').notNull(),
    market: text('market').notNull(),
    currency: text('currency').notNull(),
    amountMinor: integer('amount_minor').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.tier, t.market] }),
    check('product_trade_prices_amount_nonnegative', sql`${t.amountMinor} >= 0`),
    check('product_trade_prices_currency_iso', sql`${t.currency} ~ '^[A-Z]{3}$'`),
  ],
);

export const mediaKind = pgEnum('media_kind', ['image', 'document']);

/** An uploaded file. Bytes live in the storage module (DATA_DIR/uploads by default), never at a path from the file name. */
export const mediaAssets = pgTable(
  'media_assets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: mediaKind('kind').notNull(),
    /** The type sniffed from the content (never the browser's claim). */
    mimeType: text('mime_type').notNull(),
    /** The uploader's file name, for display only. */
    originalName: text('original_name').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    sha256: text('sha256').notNull(),
    width: integer('width'),
    height: integer('height'),
    altText: text('alt_text').notNull().default(''),
    /** Storage keys: the original and (images) the resized web version and thumbnail. */
    storageKey: text('storage_key').notNull(),
    webKey: text('web_key'),
    thumbKey: text('thumb_key'),
    uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('media_assets_created_idx').on(t.createdAt), index('media_assets_sha_idx').on(t.sha256)],
);

/** A product's gallery, in order; the first image is also the product's `image_url`. */
export const productImages = pgTable(
  'product_images',
  {
    productId: integer('product_id').notNull().references(() => products.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    mediaId: uuid('media_id').notNull().references(() => mediaAssets.id, { onDelete: 'restrict' }),
  },
  (t) => [primaryKey({ columns: [t.productId, t.position] }), index('product_images_media_idx').on(t.mediaId)],
);

export const collateralKind = pgEnum('collateral_kind', ['brochure', 'shelf_talker', 'pos_kit', 'price_list', 'other']);

export const collateralItems = pgTable(
  'collateral_items',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    kind: collateralKind('kind').notNull(),
    description: text('description').notNull().default(''),
    mediaId: uuid('media_id').notNull().references(() => mediaAssets.id, { onDelete: 'restrict' }),
    /** Partner types that may request it (importer, distributor, retailer). */
    audience: jsonb('audience').$type<('importer' | 'distributor' | 'retailer')[]>().notNull(),
    published: boolean('published').notNull().default(false),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('collateral_items_media_idx').on(t.mediaId)],
);

export const brandEvents = pgTable(
  'brand_events',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    /** IANA time zone the event is held in (times are shown in it). */
    timezone: text('timezone').notNull(),
    venue: text('venue').notNull(),
    city: text('city').notNull().default(''),
    country: text('country').notNull().default(''),
    capacity: integer('capacity'),
    imageMediaId: uuid('image_media_id').references(() => mediaAssets.id, { onDelete: 'restrict' }),
    published: boolean('published').notNull().default(false),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('brand_events_starts_idx').on(t.startsAt),
    check('brand_events_capacity_positive', sql`${t.capacity} is null or ${t.capacity} > 0`),
    check('brand_events_ends_after_start', sql`${t.endsAt} is null or ${t.endsAt} >= ${t.startsAt}`),
  ],
);

/** The bell (product.md §6): one stored feed; `permission` says which staff see an entry. */
export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull().default(''),
    link: text('link'),
    permission: text('permission').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('notifications_created_idx').on(t.createdAt)],
);

export const notificationReads = pgTable(
  'notification_reads',
  {
    notificationId: integer('notification_id').notNull().references(() => notifications.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.notificationId, t.userId] }), index('notification_reads_user_idx').on(t.userId)],
);

// ---------------------------------------------------------------------------------------------
// Jobs (issue 13): work that runs later, once, on one instance — server/jobs/runner.ts.

export const jobStatus = pgEnum('job_status', ['queued', 'running', 'done', 'failed']);

/**
 * The job queue. A runner claims due rows with `FOR UPDATE SKIP LOCKED` (so two instances never take
 * the same row), marks them running under a lease (`locked_until`: a job whose instance died is taken
 * again once it passes), and records the outcome; a failure is retried with backoff until
 * `max_attempts`, then stays `failed` with its error. `unique_key` makes an enqueue idempotent
 * (a scheduled job's key names its period, so it runs once across instances).
 */
export const jobs = pgTable(
  'jobs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    payload: jsonb('payload').$type<unknown>().notNull().default({}),
    status: jobStatus('status').notNull().default('queued'),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(5),
    lastError: text('last_error'),
    lockedBy: text('locked_by'),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    uniqueKey: text('unique_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('jobs_unique_key_idx').on(t.uniqueKey),
    // What a runner looks for: due queued rows, and running rows whose lease ran out.
    index('jobs_queued_idx').on(t.runAt).where(sql`${t.status} = 'queued'`),
    index('jobs_running_idx').on(t.lockedUntil).where(sql`${t.status} = 'running'`),
    index('jobs_finished_idx').on(t.updatedAt).where(sql`${t.status} in ('done', 'failed')`),
    check('jobs_attempts_positive', sql`${t.maxAttempts} > 0`),
  ],
);
