// Trading partners (product.md §3): organisations in the three-tier tree — brand → importer →
// distributor → retailer — and the commercial terms between a supplier and its customer. A partner
// user belongs to one organisation (`users.organisation_id`, accounts.ts). Their type also tiers the
// trade prices (catalog.ts) and is asked by the business inquiry form (inquiries.ts).
import { sql } from 'drizzle-orm';
import { type AnyPgColumn, boolean, check, date, index, integer, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/** A partner's type: the trade price tiers (catalog.ts) and the business inquiry form (inquiries.ts). */
export const partnerType = pgEnum('partner_type', ['importer', 'distributor', 'retailer']);

/** An organisation's type: the brand (one row; staff act for it) or a partner type. */
export const organisationType = pgEnum('organisation_type', ['brand', 'importer', 'distributor', 'retailer']);

/** shared/tax.ts DUTY_TREATMENTS. */
export const dutyTreatment = pgEnum('duty_treatment', ['in_bond', 'releases', 'duty_paid_upstream']);

export const organisationStatus = pgEnum('organisation_status', ['pending', 'active', 'suspended']);

export const organisations = pgTable(
  'organisations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    type: organisationType('type').notNull(),
    legalName: text('legal_name').notNull(),
    tradingName: text('trading_name').notNull(),
    licenceNumber: text('licence_number').notNull(),
    /** Who issued the licence: a country, state or province ("US-CA", "GB", "Ontario"). */
    licenceJurisdiction: text('licence_jurisdiction').notNull(),
    /** The last day the licence is valid (a calendar date, no time zone). */
    licenceExpiresOn: date('licence_expires_on', { mode: 'string' }).notNull(),
    addressLine1: text('address_line1').notNull(),
    addressLine2: text('address_line2').notNull().default(''),
    city: text('city').notNull(),
    region: text('region').notNull().default(''),
    postalCode: text('postal_code').notNull().default(''),
    /** ISO 3166-1 alpha-2. */
    country: text('country').notNull(),
    /** Market code (shared/markets.ts): the currency its prices and invoices are in. */
    market: text('market').notNull(),
    currency: text('currency').notNull(),
    email: text('email').notNull().default(''),
    phone: text('phone').notNull().default(''),
    /** Its VAT (GST, sales tax) registration number, as printed on its invoices; '' when none. */
    vatNumber: text('vat_number').notNull().default(''),
    /** Where its customers pay it: the account's name, IBAN (or local account number) and BIC; '' when not given. */
    bankAccountName: text('bank_account_name').notNull().default(''),
    bankAccount: text('bank_account').notNull().default(''),
    bankBic: text('bank_bic').notNull().default(''),
    /**
     * Its Peppol endpoint (EN 16931 BT-34/BT-49): the electronic address scheme (EAS code, e.g.
     * "0088" for a GLN, "9932" for a UK VAT number) and the identifier; '' when not given.
     */
    peppolScheme: text('peppol_scheme').notNull().default(''),
    peppolId: text('peppol_id').notNull().default(''),
    /** Whether the invoice emails it receives carry the UBL e-invoice beside the PDF. */
    einvoiceByEmail: boolean('einvoice_by_email').notNull().default(false),
    status: organisationStatus('status').notNull().default('pending'),
    /**
     * Its supplier in the tree: the brand for an importer, an importer for a distributor, a
     * distributor for a retailer (the service enforces the types); null only for the brand.
     */
    supplierId: uuid('supplier_id').references((): AnyPgColumn => organisations.id, { onDelete: 'restrict' }),
    /** Why it was suspended (shown to its users), when it is. */
    statusReason: text('status_reason').notNull().default(''),
    /** The last licence-expiry warning sent (the daily job warns at 30 days and again at 7). */
    licenceWarnedAt: timestamp('licence_warned_at', { withTimezone: true }),
    licenceWarnedStage: integer('licence_warned_stage'),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('organisations_supplier_idx').on(t.supplierId),
    index('organisations_type_status_idx').on(t.type, t.status),
    index('organisations_licence_expiry_idx').on(t.licenceExpiresOn),
    uniqueIndex('organisations_licence_key').on(t.licenceJurisdiction, sql`lower(${t.licenceNumber})`),
    check('organisations_currency_iso', sql`${t.currency} ~ '^[A-Z]{3}$'`),
    // An endpoint is a scheme and an identifier, or neither.
    check(
      'organisations_peppol_endpoint',
      sql`(${t.peppolScheme} = '') = (${t.peppolId} = '') and (${t.peppolScheme} = '' or ${t.peppolScheme} ~ '^[0-9A-Z]{2,4}$')`,
    ),
    check('organisations_not_own_supplier', sql`${t.supplierId} is null or ${t.supplierId} <> ${t.id}`),
    // The brand alone has no supplier, and there is one brand.
    check('organisations_supplier_unless_brand', sql`(${t.type} = 'brand') = (${t.supplierId} is null)`),
    uniqueIndex('organisations_one_brand')
      .on(t.type)
      .where(sql`${t.type} = 'brand'`),
  ],
);

/**
 * The commercial terms between a customer and its supplier (the brand's row for an importer):
 * one row per customer, as each has one supplier. Parts 2 and 3 (orders, invoices, payments) read
 * them. Defaults per market: shared/partners.ts `DEFAULT_TERMS`.
 */
export const tradeTerms = pgTable(
  'trade_terms',
  {
    customerId: uuid('customer_id')
      .primaryKey()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    supplierId: uuid('supplier_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'restrict' }),
    /** Days from the invoice to its due date. */
    paymentTermsDays: integer('payment_terms_days').notNull(),
    /** The most the customer may owe, in minor units of `currency`. */
    creditLimitMinor: integer('credit_limit_minor').notNull(),
    currency: text('currency').notNull(),
    /**
     * The flat tax rate before issue 44, in basis points (2000 = 20 %): kept for the record; documents
     * now take VAT from the tax rules (shared/tax.ts) and duty from `dutyTreatment`.
     */
    taxRateBp: integer('tax_rate_bp').notNull(),
    /** How this leg treats excise duty: in bond, releases (charges duty), or duty paid upstream. */
    dutyTreatment: dutyTreatment('duty_treatment').notNull().default('duty_paid_upstream'),
    version: integer('version').notNull().default(1),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('trade_terms_supplier_idx').on(t.supplierId),
    check('trade_terms_payment_days', sql`${t.paymentTermsDays} between 0 and 365`),
    check('trade_terms_credit_nonnegative', sql`${t.creditLimitMinor} >= 0`),
    check('trade_terms_tax_range', sql`${t.taxRateBp} between 0 and 10000`),
    check('trade_terms_currency_iso', sql`${t.currency} ~ '^[A-Z]{3}$'`),
  ],
);
