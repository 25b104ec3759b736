// The three-tier trade network (product.md §3), shared by server and browser: organisation types and
// their place in the tree, statuses, the default commercial terms per market, and what a partner
// whose organisation cannot trade is told.
import { getMarket } from './markets';
import type { Role } from './policy';
import { defaultDutyTreatment, type DutyTreatment } from './tax';

/** A partner organisation's type. */
export const ORGANISATION_TYPES = ['importer', 'distributor', 'retailer'] as const;
export type OrganisationType = (typeof ORGANISATION_TYPES)[number];

/**
 * The type of any row of `organisations`: a partner's, or the brand's one row (staff act for it; no
 * user is its member, and the partner screens never list it).
 */
export type AnyOrganisationType = OrganisationType | 'brand';

/** A partner organisation's type, from a row known not to be the brand's (its members, the partner lists). */
export function partnerTypeOf(type: AnyOrganisationType): OrganisationType {
  if (type === 'brand') throw new Error('The brand is not a partner organisation.');
  return type;
}

export const ORGANISATION_STATUSES = ['pending', 'active', 'suspended'] as const;
export type OrganisationStatus = (typeof ORGANISATION_STATUSES)[number];

export const ORGANISATION_TYPE_LABELS: Record<OrganisationType, string> = { importer: 'Importer', distributor: 'Distributor', retailer: 'Retailer' };
export const ORGANISATION_STATUS_LABELS: Record<OrganisationStatus, string> = { pending: 'Pending', active: 'Active', suspended: 'Suspended' };

/** Who supplies an organisation of each type: the brand supplies importers (null). */
export const SUPPLIER_TYPE: Record<OrganisationType, OrganisationType | null> = { importer: null, distributor: 'importer', retailer: 'distributor' };

/**
 * The roles a member of an organisation of this type may hold: the role of its type, or the
 * generic `partner` role (its people who only read).
 */
export function memberRoles(type: OrganisationType): Role[] {
  return [type, 'partner'];
}

/**
 * Whether these roles may place, approve or record anything for their organisation: the role of its
 * type does; the generic `partner` role (and a custom partner role alone) reads only.
 */
export function tradesFor(roles: readonly string[]): boolean {
  return roles.some((r) => (ORGANISATION_TYPES as readonly string[]).includes(r));
}

/** What a member with read-only access is told when they try to place or approve something, and the stable code. */
export const READ_ONLY_REFUSAL = {
  code: 'read_only_access',
  title: 'Read-only access',
  message:
    "Your access is read-only: you can look at what your organisation sees, but not place, approve or record anything. Ask Frolic to give your account your organisation's role.",
} as const;

/** Commercial terms a new supplier–customer relationship starts with, per market. */
export interface TradeTermsDefaults {
  paymentTermsDays: number;
  /** In minor units of the market's currency. */
  creditLimitMinor: number;
  /**
   * Basis points (2000 = 20 %): the flat tax rate before issue 44, still written (trade_terms.tax_rate_bp
   * is NOT NULL) but read by no new document — VAT comes from the tax rules (shared/tax.ts).
   */
  taxRateBp: number;
}

const TERMS: Record<string, TradeTermsDefaults> = {
  US: { paymentTermsDays: 30, creditLimitMinor: 5_000_000, taxRateBp: 0 },
  GB: { paymentTermsDays: 30, creditLimitMinor: 4_000_000, taxRateBp: 2000 },
  EU: { paymentTermsDays: 30, creditLimitMinor: 4_500_000, taxRateBp: 2100 },
  CA: { paymentTermsDays: 30, creditLimitMinor: 6_000_000, taxRateBp: 500 },
  AU: { paymentTermsDays: 30, creditLimitMinor: 7_000_000, taxRateBp: 1000 },
  INT: { paymentTermsDays: 30, creditLimitMinor: 5_000_000, taxRateBp: 0 },
};

/**
 * The default terms (and the currency) of a market, with the duty treatment of a customer of
 * `customerType`'s leg (shared/tax.ts defaultDutyTreatment: in bond to an importer, released to a
 * distributor, duty paid for a retailer; duty paid, the column's default, when no type is given).
 */
export function defaultTerms(market: string, customerType?: OrganisationType): TradeTermsDefaults & { currency: string; dutyTreatment: DutyTreatment } {
  const m = getMarket(market);
  return { ...(TERMS[m.code] ?? (TERMS.INT as TradeTermsDefaults)), currency: m.currency, dutyTreatment: defaultDutyTreatment(customerType ?? 'retailer') };
}

/**
 * Whether an organisation may trade — place or approve anything — today: `active`, or why not. A
 * partner who cannot still signs in and reads.
 */
export type Standing = 'active' | 'pending' | 'suspended' | 'licence_expired';

/** `today` is the calendar date (YYYY-MM-DD, UTC) to compare the licence's last valid day with. */
export function standingOf(org: { status: OrganisationStatus; licenceExpiresOn: string }, today: string): Standing {
  if (org.status === 'suspended') return 'suspended';
  if (org.status === 'pending') return 'pending';
  return org.licenceExpiresOn < today ? 'licence_expired' : 'active';
}

export function todayUtc(now: number = Date.now()): string {
  return new Date(now).toISOString().slice(0, 10);
}

/** The message a partner sees when it cannot place or approve anything, and the stable error code. */
export const STANDING_REFUSAL: Record<Exclude<Standing, 'active'>, { code: string; title: string; message: string }> = {
  pending: {
    code: 'organisation_pending',
    title: 'Awaiting approval',
    message: 'Your organisation is awaiting approval by Frolic: you can look around, but you cannot place or approve anything until it is activated.',
  },
  suspended: {
    code: 'organisation_suspended',
    title: 'Organisation suspended',
    message: 'Your organisation is suspended: you can read, but you cannot place or approve anything. Contact your Frolic account manager.',
  },
  licence_expired: {
    code: 'licence_expired',
    title: 'Licence expired',
    message: "Your organisation's licence has expired: you can read, but you cannot place or approve anything until Frolic records the renewed licence.",
  },
};

/** Days before expiry the daily job warns (staff and the organisation), once per stage. */
export const LICENCE_WARNING_DAYS = [30, 7] as const;
