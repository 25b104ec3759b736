// Tax on trade documents (issue 44), in integer minor units only, one module for orders, invoices,
// credit notes, statements and exports:
// - excise duty arises once per unit, on the leg whose relationship `releases` the goods from duty
//   suspension: per line, litres (bottle volume × bottles) × ABV × the rate per hectolitre of pure
//   alcohol in force at the tax point, rounded half-up per line;
// - VAT (GST, sales tax) by EN 16931 category: per category and rate, on the sum of the duty-inclusive
//   line nets, rounded half-up once per category (never per line, so lines cannot drift from it);
// - a credit note takes back, per line and per category, what makes the credits add up: the duty of
//   every case credited so far minus what earlier notes took, and the VAT on every basis credited so
//   far minus what earlier notes took — crediting everything returns the invoice's amounts exactly.
import { taxOn } from './invoice-totals';

/** EN 16931 VAT category codes (UNCL5305) the portal issues. */
export const VAT_CATEGORIES = ['S', 'Z', 'E', 'K', 'G'] as const;
export type VatCategory = (typeof VAT_CATEGORIES)[number];

export const VAT_CATEGORY_LABELS: Record<VatCategory, string> = {
  S: 'Standard rate',
  Z: 'Zero rated',
  E: 'Exempt',
  K: 'Exempt intra-Community supply',
  G: 'Export outside the VAT area',
};

/** How a supplier–customer relationship treats excise duty (trade_terms.duty_treatment). */
export const DUTY_TREATMENTS = ['in_bond', 'releases', 'duty_paid_upstream'] as const;
export type DutyTreatment = (typeof DUTY_TREATMENTS)[number];

export const DUTY_TREATMENT_LABELS: Record<DutyTreatment, string> = {
  in_bond: 'In bond: duty suspended',
  releases: 'Releases: this supplier charges duty',
  duty_paid_upstream: 'Duty paid upstream: included in the price',
};

/** What a document says about duty under each treatment. */
export const DUTY_NOTES: Record<DutyTreatment, string> = {
  in_bond: 'Duty suspended: goods supplied under duty suspension.',
  releases: 'Excise duty charged on this invoice: goods released for consumption.',
  duty_paid_upstream: 'Duty paid: prices include excise duty already paid upstream.',
};

/**
 * Each leg's default when its relationship sets none: the brand ships to importers in bond, the
 * importer releases to its distributors, and retailers buy duty-paid goods — duty once per unit.
 */
export function defaultDutyTreatment(customerType: string): DutyTreatment {
  return customerType === 'importer' ? 'in_bond' : customerType === 'distributor' ? 'releases' : 'duty_paid_upstream';
}

/** The 27 EU member states (ISO 3166-1 alpha-2; Greece as GR, its VAT prefix is EL). */
export const EU_MEMBER_STATES = [
  'AT', 'BE', 'BG', 'HR', 'CY', 'CZ', 'DK', 'EE', 'FI', 'FR', 'DE', 'GR', 'HU', 'IE', 'IT', 'LV', 'LT', 'LU', 'MT', 'NL', 'PL', 'PT', 'RO', 'SK', 'SI', 'ES', 'SE',
] as const; // prettier-ignore
const EU = new Set<string>(EU_MEMBER_STATES);
export const isEuMemberState = (country: string) => EU.has(country);

/** Where a party's tax rules come from: its member state in the EU market, its market elsewhere. */
export function taxJurisdiction(party: { market: string; country: string }): string {
  return party.market === 'EU' || isEuMemberState(party.country) ? party.country : party.market;
}

/** A VAT rule in force: the domestic category and rate of a jurisdiction. */
export interface VatRule {
  category: Extract<VatCategory, 'S' | 'Z' | 'E'>;
  rateBp: number;
  /** Printed with an exempt category (EN 16931 BT-120), e.g. "Sale for resale". */
  exemptionReason: string;
}

export interface TaxParty {
  country: string;
  market: string;
  vatNumber: string;
}

export interface VatDecision {
  category: VatCategory;
  rateBp: number;
  /** What the document prints for the category: the exemption reason, '' for the standard rate. */
  note: string;
  /** Whether the buyer's VAT number must be printed (an intra-Community supply). */
  buyerVatNumberRequired: boolean;
}

/**
 * The VAT category of a sale from `seller` to `buyer`:
 * - same country: the seller's domestic rule (`domestic`, its jurisdiction's rule in force);
 * - both in the EU, different member states, the buyer with a VAT number: K, exempt intra-Community
 *   supply (without one the seller charges its own domestic VAT);
 * - otherwise across a border (GB ↔ EU, anything with a non-EU country): G, export outside the VAT area.
 * `domestic` null when the seller's jurisdiction has no rule in force: the caller refuses.
 */
export function vatDecision(seller: TaxParty, buyer: TaxParty, domestic: VatRule | null): VatDecision | null {
  const sameCountry = seller.country === buyer.country;
  if (!sameCountry && isEuMemberState(seller.country) && isEuMemberState(buyer.country) && buyer.vatNumber !== '')
    return { category: 'K', rateBp: 0, note: 'Exempt intra-Community supply', buyerVatNumberRequired: true };
  if (!sameCountry && !(isEuMemberState(seller.country) && isEuMemberState(buyer.country)))
    return { category: 'G', rateBp: 0, note: 'Export outside the VAT area', buyerVatNumberRequired: false };
  if (!domestic) return null;
  return {
    category: domestic.category,
    rateBp: domestic.rateBp,
    note: domestic.category === 'S' ? '' : domestic.exemptionReason || VAT_CATEGORY_LABELS[domestic.category],
    buyerVatNumberRequired: false,
  };
}

/** An ABV band's excise rate: per hectolitre of pure alcohol, in minor units of `currency`. */
export interface ExciseBand {
  abvFromTenths: number;
  /** Exclusive; null for no upper bound. */
  abvToTenths: number | null;
  perHlpaMinor: number;
  currency: string;
}

/** The band a strength falls in, or null. */
export function exciseBandFor(bands: readonly ExciseBand[], abvTenths: number): ExciseBand | null {
  return bands.find((b) => abvTenths >= b.abvFromTenths && (b.abvToTenths === null || abvTenths < b.abvToTenths)) ?? null;
}

/**
 * Duty on `bottles` of `volumeMl` at `abvTenths` (403 = 40.3 %): litres of pure alcohol × the rate per
 * hectolitre of pure alcohol, rounded half-up once (exact: computed as a BigInt). 1e8 = 1,000 ml ×
 * 1,000 tenths of a percent... × 100 litres a hectolitre.
 */
export function dutyOn(volumeMl: number, bottles: number, abvTenths: number, perHlpaMinor: number): number {
  for (const [name, n] of [
    ['volume', volumeMl],
    ['bottles', bottles],
    ['strength', abvTenths],
    ['rate', perHlpaMinor],
  ] as const)
    if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`The ${name} must be a whole, non-negative number.`);
  return Number((BigInt(volumeMl) * BigInt(bottles) * BigInt(abvTenths) * BigInt(perHlpaMinor) + 50_000_000n) / 100_000_000n);
}

/** A line as tax sees it. */
export interface TaxLine {
  /** cases × case size × per-bottle price. */
  netMinor: number;
  dutyMinor: number;
  category: VatCategory;
  rateBp: number;
}

export interface VatBreakdownRow {
  category: VatCategory;
  rateBp: number;
  /** The sum of the duty-inclusive nets of its lines. */
  basisMinor: number;
  vatMinor: number;
  /** The exemption reason printed for the category ('' for the standard rate). */
  note: string;
}

export interface TaxedTotals {
  /** The sum of the line nets (before duty). */
  subtotalMinor: number;
  dutyMinor: number;
  /** The sum of the per-category VAT. */
  vatMinor: number;
  totalMinor: number;
  breakdown: VatBreakdownRow[];
}

const groupKey = (l: { category: VatCategory; rateBp: number }) => `${l.category}:${l.rateBp}`;

/** The lines' bases per category and rate, in the order the categories first appear. */
function basesOf(lines: readonly TaxLine[]): Map<string, { category: VatCategory; rateBp: number; basisMinor: number }> {
  const groups = new Map<string, { category: VatCategory; rateBp: number; basisMinor: number }>();
  for (const l of lines) {
    const key = groupKey(l);
    const g = groups.get(key) ?? { category: l.category, rateBp: l.rateBp, basisMinor: 0 };
    g.basisMinor += l.netMinor + l.dutyMinor;
    groups.set(key, g);
  }
  return groups;
}

/** A document's totals from its lines: VAT once per category and rate on its duty-inclusive basis. */
export function taxedTotals(lines: readonly TaxLine[], notes: Partial<Record<VatCategory, string>> = {}): TaxedTotals {
  const breakdown = [...basesOf(lines).values()].map((g) => ({ ...g, vatMinor: taxOn(g.basisMinor, g.rateBp), note: notes[g.category] ?? '' }));
  return summed(lines, breakdown);
}

function summed(lines: readonly TaxLine[], breakdown: VatBreakdownRow[]): TaxedTotals {
  const subtotalMinor = lines.reduce((s, l) => s + l.netMinor, 0);
  const dutyMinor = lines.reduce((s, l) => s + l.dutyMinor, 0);
  const vatMinor = breakdown.reduce((s, b) => s + b.vatMinor, 0);
  return { subtotalMinor, dutyMinor, vatMinor, totalMinor: subtotalMinor + dutyMinor + vatMinor, breakdown };
}

/**
 * A credit note's totals: its lines (each with the duty `creditedDuty` gives it), and per category the
 * VAT that keeps the credits of one invoice in step with the invoice's own rounding (`credited` = the
 * bases and VAT earlier notes of the invoice took back, per category and rate).
 */
export function creditedTotals(
  lines: readonly TaxLine[],
  credited: readonly Pick<VatBreakdownRow, 'category' | 'rateBp' | 'basisMinor' | 'vatMinor'>[],
  notes: Partial<Record<VatCategory, string>> = {},
): TaxedTotals {
  const before = new Map(credited.map((c) => [groupKey(c), c]));
  const breakdown = [...basesOf(lines).values()].map((g) => {
    const earlier = before.get(groupKey(g));
    const vatMinor = taxOn((earlier?.basisMinor ?? 0) + g.basisMinor, g.rateBp) - (earlier?.vatMinor ?? 0);
    return { ...g, vatMinor, note: notes[g.category] ?? '' };
  });
  return summed(lines, breakdown);
}

/**
 * The duty a credit note takes back on one invoice line: the duty of every case credited so far
 * (earlier notes and this one) minus what earlier notes took, so crediting every case returns the
 * line's duty exactly. `line` is the invoice line as issued (its per-line duty rate).
 */
export function creditedDuty(
  line: { volumeMl: number; caseSize: number; abvTenths: number; dutyPerHlpaMinor: number; cases: number; dutyMinor: number },
  casesBefore: number,
  cases: number,
): number {
  const upTo = (c: number) => (c === line.cases ? line.dutyMinor : dutyOn(line.volumeMl, c * line.caseSize, line.abvTenths, line.dutyPerHlpaMinor));
  return upTo(casesBefore + cases) - upTo(casesBefore);
}

/** Basis points as people read them: 2000 → "20%", 0 → "0%". */
export function vatRateLabel(category: VatCategory, rateBp: number): string {
  return `${category} ${(rateBp / 100).toLocaleString('en', { maximumFractionDigits: 2 })}%`;
}

/** A per-hectolitre rate as per litre of pure alcohol, e.g. 327900 → "32.79 per litre of pure alcohol". */
export function perLitreOfPureAlcohol(perHlpaMinor: number): number {
  return perHlpaMinor / 100;
}
