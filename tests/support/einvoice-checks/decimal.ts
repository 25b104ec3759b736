// Exact decimals for the e-invoice rules: the published rules compare xs:decimal values exactly
// (BR-Z-08 wants the breakdown's taxable amount to equal the sum of its lines to the cent), so
// floating point would both miss and invent differences. A value is units / 10^scale.

export interface Decimal {
  readonly units: bigint;
  readonly scale: number;
}

const DECIMAL = /^([+-]?)(\d*)(?:\.(\d*))?$/;

/** The xs:decimal lexical form ("-12.50", "3", ".5"); null for anything else (an empty element too). */
export function parseDecimal(text: string | null | undefined): Decimal | null {
  const m = DECIMAL.exec((text ?? '').trim());
  if (!m || (m[2] === '' && (m[3] ?? '') === '')) return null;
  const fraction = m[3] ?? '';
  const units = BigInt(`${m[2] || '0'}${fraction}`);
  return { units: m[1] === '-' ? -units : units, scale: fraction.length };
}

export const ZERO: Decimal = { units: 0n, scale: 0 };
export const dec = (text: string): Decimal => parseDecimal(text) ?? ZERO;

function rescale(a: Decimal, scale: number): bigint {
  return a.units * 10n ** BigInt(scale - a.scale);
}

export function add(a: Decimal, b: Decimal): Decimal {
  const scale = Math.max(a.scale, b.scale);
  return { units: rescale(a, scale) + rescale(b, scale), scale };
}

export const sub = (a: Decimal, b: Decimal): Decimal => add(a, { units: -b.units, scale: b.scale });
export const mul = (a: Decimal, b: Decimal): Decimal => ({ units: a.units * b.units, scale: a.scale + b.scale });
export const abs = (a: Decimal): Decimal => ({ units: a.units < 0n ? -a.units : a.units, scale: a.scale });
export const sum = (values: readonly Decimal[]): Decimal => values.reduce(add, ZERO);

export function cmp(a: Decimal, b: Decimal): number {
  const scale = Math.max(a.scale, b.scale);
  const d = rescale(a, scale) - rescale(b, scale);
  return d === 0n ? 0 : d < 0n ? -1 : 1;
}

export const eq = (a: Decimal, b: Decimal): boolean => cmp(a, b) === 0;

/** `a div b` to 20 places or more, truncated (enough for a price over its base quantity); b is not zero. */
export function div(a: Decimal, b: Decimal): Decimal {
  const scale = Math.max(20, a.scale);
  return { units: (a.units * 10n ** BigInt(scale + b.scale - a.scale)) / b.units, scale };
}

/** XPath's round(x * 100) div 100: to `places`, a half goes towards positive infinity. */
export function round(a: Decimal, places = 0): Decimal {
  if (a.scale <= places) return a;
  const factor = 10n ** BigInt(a.scale - places);
  // floor((units + factor / 2) / factor), without fractions: floor((2 units + factor) / (2 factor)).
  const doubled = a.units * 2n + factor;
  const q = doubled >= 0n ? doubled / (2n * factor) : -((-doubled + 2n * factor - 1n) / (2n * factor));
  return { units: q, scale: places };
}

/** |a - b| < tolerance: the published rules' "within one" comparisons (BR-S-08, BR-S-09, BR-CO-17). */
export const within = (a: Decimal, b: Decimal, tolerance: Decimal): boolean => cmp(abs(sub(a, b)), tolerance) < 0;
