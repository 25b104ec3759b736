// The formula guard every CSV export shares (stores, orders, the audit log, payment statements, the
// accounting exports): a cell a spreadsheet would run as a formula gets a leading apostrophe, and the
// store import takes it off again.

// A cell a spreadsheet would evaluate: =, +, -, @ and the tab/CR that some read as the same.
const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^-?\d+(?:\.\d+)?$/;

/** Prefixes a would-be formula with ' (plain negative numbers, such as longitudes, stay numbers). */
export function escapeCell(value: string): string {
  return FORMULA_START.test(value) && !PLAIN_NUMBER.test(value) ? `'${value}` : value;
}

/**
 * The stricter guard for a file whose columns are typed (the accounting exports): a text cell that
 * starts like a formula is always prefixed — even "-5", which is someone's text there, not a number —
 * and the numeric columns, which only ever hold amounts the export itself wrote, are not passed
 * through it at all (a credit note's -12.50 stays a number).
 */
export function escapeTextCell(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** Undoes `escapeCell`: what our export (or a careful spreadsheet user) prefixed comes back as typed. */
export function unescapeCell(value: string): string {
  return value.startsWith("'") && FORMULA_START.test(value.slice(1)) ? value.slice(1) : value;
}
