// Tax rules as data (issue 44): per jurisdiction (a market, or an EU member state), the VAT category and
// rate for spirits and the excise duty per ABV band, each with the date it takes effect. A change is a
// new row with a later effective date; the rule in force on a day is the latest that took effect by
// then. Documents copy the rates they used onto their lines, so no rule change alters an issued one.
// `source` cites where a seeded figure was read (address and date); `example` marks a figure nobody
// verified, which screens label as an example.
import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgEnum, pgTable, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';

export const taxRuleKind = pgEnum('tax_rule_kind', ['vat', 'excise']);

export const taxRules = pgTable(
  'tax_rules',
  {
    id: serial('id').primaryKey(),
    /** A market code (GB, US, CA, AU, INT) or, in the EU market, a member state (IE, DE …). */
    jurisdiction: text('jurisdiction').notNull(),
    kind: taxRuleKind('kind').notNull(),
    /** VAT: S, Z or E (the cross-border categories K and G are decided per sale, shared/tax.ts). */
    vatCategory: text('vat_category'),
    /** VAT: basis points (2000 = 20 %). */
    rateBp: integer('rate_bp'),
    /** VAT, exempt or zero-rated: the reason an invoice prints. */
    exemptionReason: text('exemption_reason').notNull().default(''),
    /** Excise: the ABV band, in tenths of a percent, from (inclusive) to (exclusive; null: no upper bound). */
    abvFromTenths: integer('abv_from_tenths').notNull().default(0),
    abvToTenths: integer('abv_to_tenths'),
    /** Excise: per hectolitre of pure alcohol, in minor units of `currency`. */
    dutyPerHlpaMinor: integer('duty_per_hlpa_minor'),
    currency: text('currency'),
    effectiveFrom: date('effective_from', { mode: 'string' }).notNull(),
    source: text('source').notNull().default(''),
    example: boolean('example').notNull().default(false),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('tax_rules_key').on(t.jurisdiction, t.kind, t.abvFromTenths, t.effectiveFrom),
    index('tax_rules_lookup_idx').on(t.jurisdiction, t.kind, t.effectiveFrom),
    check(
      'tax_rules_vat_shape',
      sql`${t.kind} <> 'vat' or (${t.vatCategory} in ('S', 'Z', 'E') and ${t.rateBp} between 0 and 10000 and (${t.vatCategory} = 'S' or ${t.rateBp} = 0))`,
    ),
    check(
      'tax_rules_excise_shape',
      sql`${t.kind} <> 'excise' or (${t.dutyPerHlpaMinor} >= 0 and ${t.currency} ~ '^[A-Z]{3}$' and ${t.abvFromTenths} between 0 and 1000 and (${t.abvToTenths} is null or ${t.abvToTenths} > ${t.abvFromTenths}))`,
    ),
  ],
);
