// Numbers as a body or a form sends them: one reading for every quantity, amount, id and page.
// A JSON body sends a number; a form (and a query string) sends decimal text. Nothing else is a
// number here — `z.coerce.number()` read `"0x10"` as 16, `"1e3"` as 1000, `true` as 1, `" 7 "` as 7
// and `""` as 0, so those are refused with the field's own sentence instead.
import { z } from './zod';

/** Decimal digits, an optional leading minus: no sign `+`, no spaces, no hex, no exponent. */
const WHOLE_TEXT = /^-?\d+$/;
/** The same with an optional decimal part (`-0.1278`, `40.5`); no leading `.`, no exponent. */
const DECIMAL_TEXT = /^-?\d+(?:\.\d+)?$/;

const fmt = (n: number) => n.toLocaleString('en');
const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

export interface NumberRule {
  min: number;
  max: number;
  /** Missing, blank, or not a number at all (`true`, `"0x10"`, `"1e3"`, `" 7"`). */
  required: string;
  /** A number with a fraction where only whole ones are allowed. Defaults to `required`. */
  whole?: string;
  tooSmall: string;
  tooBig: string;
}

/** The sentences for `label` ("the case size") between `min` and `max`, when a field has no words of its own. */
export function numberRule(label: string, min: number, max: number, unit = ''): NumberRule {
  const u = unit ? ` ${unit}` : '';
  return {
    min,
    max,
    required: `Enter ${label} as a whole number.`,
    tooSmall: min === 0 ? `${capitalise(label)} cannot be negative.` : `${capitalise(label)} must be at least ${fmt(min)}${u}.`,
    tooBig: `${capitalise(label)} cannot be more than ${fmt(max)}${u}.`,
  };
}

function read(pattern: RegExp, required: string) {
  return z.unknown().transform((v, ctx): number => {
    if (typeof v === 'number' && Number.isFinite(v)) return v;
    if (typeof v === 'string' && pattern.test(v)) return Number(v);
    ctx.addIssue({ code: 'custom', message: required });
    return z.NEVER;
  });
}

/**
 * A whole number from `rule.min` to `rule.max`: a JSON integer, or a string of decimal digits
 * (what forms and query strings send). Chain `.optional()`, `.nullable()` or `.default(…)` as needed.
 */
export function wholeNumber(rule: NumberRule) {
  return read(WHOLE_TEXT, rule.required).pipe(
    z
      .number({ error: rule.required })
      .int(rule.whole ?? rule.required)
      .min(rule.min, rule.tooSmall)
      .max(rule.max, rule.tooBig),
  );
}

/** A number that may have a fraction (a latitude, a cocktail's 1.5 oz): a JSON number or decimal text. */
export function decimalNumber(rule: Omit<NumberRule, 'whole'>) {
  return read(DECIMAL_TEXT, rule.required).pipe(z.number({ error: rule.required }).min(rule.min, rule.tooSmall).max(rule.max, rule.tooBig));
}

/** `?page=` and the like: 1 to `max`, `fallback` when absent. */
export const pageNumber = (label: string, max: number, fallback: number) => wholeNumber(numberRule(label, 1, max)).default(fallback);
