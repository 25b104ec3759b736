// Tax rules as staff holding Finance enter them (issue 44; server/db/schema/tax.ts stores them): a
// VAT rule — a jurisdiction's domestic category and rate from a date — or a set of excise duty bands
// by strength from a date, which re-states every band of the jurisdiction on its date (rulesInForce
// reads the latest set whole). People type percentages and an amount per litre of pure alcohol; the
// rows keep basis points, tenths of a percent and minor units per hectolitre, converted here exactly
// (from the decimal text, never through a float). Whether the date is already past is the service's
// to say (it knows today); everything else about a rule is checked here.
import { MARKETS } from '../markets';
import { EU_MEMBER_STATES, VAT_CATEGORY_LABELS } from '../tax';
import { calendarDate } from './partners';
import { recordId } from './admin';
import { z } from './zod';

/** The jurisdictions rules are kept for: each market but the EU, whose member states have their own. */
export const TAX_JURISDICTIONS: readonly string[] = [...MARKETS.filter((m) => m.code !== 'EU').map((m) => m.code), ...EU_MEMBER_STATES];

const EU_STATE_NAMES: Record<(typeof EU_MEMBER_STATES)[number], string> = {
  AT: 'Austria', BE: 'Belgium', BG: 'Bulgaria', HR: 'Croatia', CY: 'Cyprus', CZ: 'Czechia', DK: 'Denmark', EE: 'Estonia', FI: 'Finland',
  FR: 'France', DE: 'Germany', GR: 'Greece', HU: 'Hungary', IE: 'Ireland', IT: 'Italy', LV: 'Latvia', LT: 'Lithuania', LU: 'Luxembourg',
  MT: 'Malta', NL: 'Netherlands', PL: 'Poland', PT: 'Portugal', RO: 'Romania', SK: 'Slovakia', SI: 'Slovenia', ES: 'Spain', SE: 'Sweden',
}; // prettier-ignore

/** A jurisdiction as people read it: "United Kingdom", "Germany (EU)". */
export function jurisdictionName(code: string): string {
  const state = (EU_STATE_NAMES as Record<string, string>)[code];
  if (state) return `${state} (EU)`;
  return MARKETS.find((m) => m.code === code)?.name ?? code;
}

/** The currencies documents are issued in (the markets'): a duty rule in another would never apply. */
export const TAX_CURRENCIES: readonly string[] = [...new Set(MARKETS.map((m) => m.currency))];

/** The currency a jurisdiction's duty is first offered in: its market's (the euro for a member state). */
export function jurisdictionCurrency(code: string): string {
  if ((EU_MEMBER_STATES as readonly string[]).includes(code)) return 'EUR';
  return MARKETS.find((m) => m.code === code)?.currency ?? 'USD';
}

/** The domestic categories a rule may set; K and G are decided per sale (shared/tax.ts vatDecision). */
export const RULE_VAT_CATEGORIES = ['S', 'Z', 'E'] as const;
export type RuleVatCategory = (typeof RULE_VAT_CATEGORIES)[number];

export const RULE_VAT_CATEGORY_LABELS: Record<RuleVatCategory, string> = {
  S: `S — ${VAT_CATEGORY_LABELS.S}`,
  Z: `Z — ${VAT_CATEGORY_LABELS.Z}`,
  E: `E — ${VAT_CATEGORY_LABELS.E}`,
};

/** How a seeded or entered figure nobody verified is labelled wherever it is shown. */
export const EXAMPLE_FIGURE_LABEL = 'Example figure — verify before relying on it';

const jurisdiction = z
  .string({ error: 'Choose the jurisdiction.' })
  .trim()
  .toUpperCase()
  .refine((c) => TAX_JURISDICTIONS.includes(c), 'Choose a market (not the EU as a whole: one of its member states) or an EU member state.');

/**
 * A decimal typed by a person (or a JSON number) with at most `places` decimal places, as a whole
 * number of its smallest step: `scaled(2)` reads "20.5" as 2050. Exact: the digits are shifted as text.
 */
function scaled(places: number, rule: { min: number; max: number; required: string; places: string; range: string }) {
  return z.unknown().transform((v, ctx): number => {
    const text = typeof v === 'number' && Number.isFinite(v) ? String(v) : typeof v === 'string' ? v.trim() : '';
    const m = /^(\d{1,9})(?:\.(\d+))?$/.exec(text);
    if (!m) {
      ctx.addIssue({ code: 'custom', message: rule.required });
      return z.NEVER;
    }
    const fraction = (m[2] ?? '').replace(/0+$/, '');
    if (fraction.length > places) {
      ctx.addIssue({ code: 'custom', message: rule.places });
      return z.NEVER;
    }
    const n = Number(m[1]) * 10 ** places + Number(fraction.padEnd(places, '0') || '0');
    if (n < rule.min || n > rule.max) {
      ctx.addIssue({ code: 'custom', message: rule.range });
      return z.NEVER;
    }
    return n;
  });
}

const effectiveFrom = calendarDate('effective date');
const source = z.string().trim().max(500, 'Keep the source under 500 characters.').default('');
const example = z.boolean({ error: 'Say whether this is an example figure (yes or no).' }).default(false);

/** A VAT rule: `ratePercent` as typed (20, 25.5), stored as `rateBp`. */
export const vatRuleInput = z
  .object({
    kind: z.literal('vat'),
    jurisdiction,
    category: z.enum(RULE_VAT_CATEGORIES, { error: 'Choose the category: S (standard rate), Z (zero rated) or E (exempt).' }),
    ratePercent: scaled(2, {
      min: 0,
      max: 10_000,
      required: 'Enter the rate as a percentage, e.g. 20 or 25.5.',
      places: 'Enter the rate with at most two decimal places.',
      range: 'The rate is a percentage from 0 to 100.',
    }).optional(),
    exemptionReason: z.string().trim().max(200, 'Keep the exemption reason under 200 characters.').default(''),
    effectiveFrom,
    source,
    example,
  })
  .superRefine((input, ctx) => {
    const rate = input.ratePercent;
    if (input.category === 'S' && (rate === undefined || rate === 0))
      ctx.addIssue({ code: 'custom', path: ['ratePercent'], message: 'A standard rate is more than 0 %: a 0 % rule is zero rated (Z).' });
    if (input.category !== 'S' && rate !== undefined && rate !== 0)
      ctx.addIssue({ code: 'custom', path: ['ratePercent'], message: 'A zero-rated or exempt rule charges 0 %: leave the rate empty or 0.' });
    // EN 16931 (BT-120): an exempt invoice says why.
    if (input.category === 'E' && input.exemptionReason === '')
      ctx.addIssue({ code: 'custom', path: ['exemptionReason'], message: 'Enter the reason an exempt invoice prints, e.g. "Sale for resale".' });
  })
  .transform(({ ratePercent, ...input }) => ({
    ...input,
    rateBp: input.category === 'S' ? (ratePercent ?? 0) : 0,
    // A standard-rated sale needs no reason.
    exemptionReason: input.category === 'S' ? '' : input.exemptionReason,
  }));
export type VatRuleInput = z.infer<typeof vatRuleInput>;

const strength = (which: string) =>
  scaled(1, {
    min: 0,
    max: 1000,
    required: `Enter where the band ${which}, as a percentage of alcohol by volume, e.g. 22 or 8.5.`,
    places: 'Enter the strength with at most one decimal place.',
    range: 'A strength is from 0 to 100 % ABV.',
  });

const band = z.object({
  abvFrom: strength('starts'),
  /** Exclusive; null (or empty) for the last band, which has no upper limit. */
  abvTo: z.preprocess((v) => (v === '' || v === undefined ? null : v), strength('ends').nullable()),
  /** Per litre of pure alcohol in the rule's currency, up to four decimal places (18.6248). */
  perLitre: scaled(4, {
    min: 0,
    max: 100_000_000,
    required: 'Enter the duty per litre of pure alcohol, e.g. 32.79.',
    places: 'Enter the duty per litre with at most four decimal places.',
    range: 'Enter the duty per litre of pure alcohol: from 0 to 10,000.',
  }),
});

const tenthsText = (tenths: number) => (tenths / 10).toLocaleString('en', { maximumFractionDigits: 1 });

/**
 * A set of excise bands: together they cover every strength from 0 % up, each starting where the one
 * before ends, the last open-ended (so no product falls between two bands or above the last). Stored
 * per hectolitre of pure alcohol in minor units: a litre's 32.79 is 327,900 (× 100 litres × 100).
 */
export const exciseRuleInput = z
  .object({
    kind: z.literal('excise'),
    jurisdiction,
    currency: z
      .string({ error: 'Choose the currency.' })
      .trim()
      .toUpperCase()
      .refine((c) => TAX_CURRENCIES.includes(c), `Choose the currency documents are issued in: ${TAX_CURRENCIES.join(', ')}.`),
    effectiveFrom,
    source,
    example,
    bands: z.array(band, { error: 'Enter the duty bands.' }).min(1, 'Enter at least one band.').max(20, 'Enter at most 20 bands.'),
  })
  .superRefine((input, ctx) => {
    const { bands } = input;
    const issue = (i: number, field: string, message: string) => ctx.addIssue({ code: 'custom', path: ['bands', i, field], message });
    if (bands[0] && bands[0].abvFrom !== 0) issue(0, 'abvFrom', 'The first band starts at 0 % ABV.');
    bands.forEach((b, i) => {
      const last = i === bands.length - 1;
      if (b.abvTo !== null && b.abvTo <= b.abvFrom) issue(i, 'abvTo', 'A band ends above the strength it starts at.');
      if (last && b.abvTo !== null) issue(i, 'abvTo', 'Leave the last band’s upper limit empty: it covers every stronger product.');
      if (!last && b.abvTo === null) issue(i, 'abvTo', 'Only the last band is open-ended: enter where this one ends.');
      const before = bands[i - 1];
      if (before && before.abvTo !== null && b.abvFrom !== before.abvTo)
        issue(i, 'abvFrom', `Start this band where the one before ends, at ${tenthsText(before.abvTo)} %: bands may not overlap or leave a gap.`);
    });
  })
  .transform(({ bands, ...input }) => ({
    ...input,
    bands: bands.map((b) => ({ abvFromTenths: b.abvFrom, abvToTenths: b.abvTo, perHlpaMinor: b.perLitre })),
  }));
export type ExciseRuleInput = z.infer<typeof exciseRuleInput>;

/** What POST /api/admin/tax-rules (and the Tax rules page) takes: a VAT rule or an excise band set. */
export const taxRuleInput = z.discriminatedUnion('kind', [vatRuleInput, exciseRuleInput], {
  error: 'Say whether this is a VAT rule (kind "vat") or a set of excise duty bands (kind "excise").',
});
export type TaxRuleInput = z.infer<typeof taxRuleInput>;

/** GET /api/admin/tax-rules?jurisdiction=DE: one jurisdiction, or (empty) all. */
export const taxRuleListQuery = z.object({
  jurisdiction: z.preprocess((v) => (v === '' ? undefined : v), jurisdiction.optional()),
});

export const taxRuleId = recordId('Tax rule not found.');

/** A rule as of today: the one in force, one still to come (which may be withdrawn), or one a later rule replaced. */
export type TaxRuleStatus = 'in_force' | 'upcoming' | 'past';

export const TAX_RULE_STATUS_LABELS: Record<TaxRuleStatus, string> = {
  in_force: 'In force',
  upcoming: 'Upcoming',
  past: 'Superseded',
};

export interface VatRuleView {
  id: number;
  category: RuleVatCategory;
  rateBp: number;
  exemptionReason: string;
  effectiveFrom: string;
  source: string;
  example: boolean;
  status: TaxRuleStatus;
}

export interface ExciseBandView {
  id: number;
  abvFromTenths: number;
  abvToTenths: number | null;
  perHlpaMinor: number;
  source: string;
  example: boolean;
}

/** The bands entered on one date: they apply together, and are withdrawn together. */
export interface ExciseSetView {
  effectiveFrom: string;
  currency: string;
  status: TaxRuleStatus;
  bands: ExciseBandView[];
}

export interface JurisdictionTaxRules {
  jurisdiction: string;
  name: string;
  /** Newest first. */
  vat: VatRuleView[];
  /** Newest first. */
  excise: ExciseSetView[];
}

export interface TaxRulesOverview {
  /** The day (UTC) "in force" is said of. */
  today: string;
  jurisdictions: JurisdictionTaxRules[];
}

/** The Tax rules page's withdrawal: a plain form with the rule's id. */
export const taxRuleWithdrawal = z.object({ intent: z.literal('withdraw'), id: taxRuleId });
