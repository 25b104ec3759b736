// Partner organisations, their commercial terms and their users: one schema each for the staff
// editor, the route action and the API.
import { z } from './zod';
import { wholeNumber } from './numbers';
import { requiredText } from './text';
import { ORGANISATION_STATUSES, ORGANISATION_TYPES } from '../partners';
import { isMarketCode } from '../markets';
import { DUTY_TREATMENTS } from '../tax';
import { adminListQuery, versionField } from './admin';
import { isCountryCode } from './stores';

export * from '../partners';

const required = (label: string, max: number) => requiredText(`Enter the ${label}.`).max(max, `Keep the ${label} under ${max} characters.`);
const optional = (label: string, max: number) => z.string().trim().max(max, `Keep the ${label} under ${max} characters.`).default('');

/** A calendar date, YYYY-MM-DD, that exists (31 February does not). */
export const calendarDate = (label: string) =>
  z
    .string({ error: `Enter the ${label}.` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `Enter the ${label} as YYYY-MM-DD.`)
    .refine((d) => {
      const t = new Date(`${d}T00:00:00Z`);
      return !Number.isNaN(t.getTime()) && t.toISOString().slice(0, 10) === d;
    }, `The ${label} does not exist.`);

export const organisationInput = z.object({
  type: z.enum(ORGANISATION_TYPES, { error: 'Choose importer, distributor or retailer.' }),
  legalName: required('legal name', 200),
  tradingName: required('trading name', 200),
  licenceNumber: required('licence number', 80),
  licenceJurisdiction: required('licence jurisdiction', 80),
  licenceExpiresOn: calendarDate('licence expiry date'),
  addressLine1: required('address', 200),
  addressLine2: optional('second address line', 200),
  city: required('city', 120),
  region: optional('region', 120),
  postalCode: optional('postal code', 20),
  country: z.string({ error: 'Enter the country.' }).trim().toUpperCase().refine(isCountryCode, 'Enter the country as a two-letter ISO code, e.g. GB.'),
  market: z.string({ error: 'Choose a market.' }).refine(isMarketCode, 'Choose a market.'),
  email: z.union([z.literal(''), z.email('Enter a valid email address.').max(254)]).default(''),
  phone: optional('phone number', 40),
  /** The supplier: an importer for a distributor, a distributor for a retailer; none for an importer. */
  supplierId: z.uuid({ error: 'Choose the supplier.' }).nullable().default(null),
});
export type OrganisationInput = z.infer<typeof organisationInput>;

export const organisationUpdate = organisationInput.extend({ version: versionField });
export type OrganisationUpdate = z.infer<typeof organisationUpdate>;

export const tradeTermsInput = z.object({
  paymentTermsDays: wholeNumber({
    min: 0,
    max: 365,
    required: 'Enter the payment terms in days.',
    whole: 'Enter the payment terms in whole days.',
    tooSmall: 'Payment terms cannot be negative.',
    tooBig: 'Payment terms must be at most 365 days.',
  }),
  creditLimitMinor: wholeNumber({
    min: 0,
    max: 2_000_000_000,
    required: 'Enter the credit limit.',
    whole: 'Enter the credit limit in minor units (pence, cents).',
    tooSmall: 'The credit limit cannot be negative.',
    tooBig: 'The credit limit must be at most 20,000,000.00.',
  }),
  /** How this leg treats excise duty; VAT comes from the tax rules (the flat tax rate before issue 44 is no longer edited). */
  dutyTreatment: z.enum(DUTY_TREATMENTS, { error: 'Choose in bond, releases or duty paid upstream.' }),
  version: versionField,
});
export type TradeTermsInput = z.infer<typeof tradeTermsInput>;

export const organisationStatusInput = z.object({
  status: z.enum(ORGANISATION_STATUSES, { error: 'Choose pending, active or suspended.' }),
  reason: optional('reason', 500),
  version: versionField,
});
export type OrganisationStatusInput = z.infer<typeof organisationStatusInput>;

export const memberInvite = z.object({
  email: z.email('Enter a valid email address.').max(254),
  firstName: required('first name', 80),
  lastName: required('last name', 80),
  /** The organisation type's role, or `partner` (reads only). */
  role: z.enum([...ORGANISATION_TYPES, 'partner'], { error: 'Choose a role.' }),
});
export type MemberInvite = z.infer<typeof memberInvite>;

export const ORGANISATION_SORT = ['tradingName', 'type', 'status', 'licenceExpiresOn', 'createdAt'] as const;
export const organisationListQuery = adminListQuery(ORGANISATION_SORT).extend({
  type: z.enum(ORGANISATION_TYPES).optional(),
  status: z.enum(ORGANISATION_STATUSES).optional(),
  market: z.string().refine(isMarketCode).optional(),
  /** Licences that expire within 30 days or have expired. */
  expiring: z
    .enum(['1', 'true'])
    .optional()
    .transform((v) => v !== undefined),
});
export type OrganisationListQuery = z.infer<typeof organisationListQuery>;
