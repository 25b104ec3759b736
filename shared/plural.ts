// Counts in sentences: "1 case short", "2 cases short", "1,200 bottles". One helper for every
// sentence a count is written into (pages, refusals, emails, PDFs), on the English plural rules.
const rules = new Intl.PluralRules('en');

/** `n` and the noun that agrees with it: `plural(1, 'case')` → "1 case", `plural(3, 'person', 'people')` → "3 people". */
export function plural(n: number, one: string, other = `${one}s`): string {
  return `${n.toLocaleString('en')} ${rules.select(n) === 'one' ? one : other}`;
}

/** The noun alone, for a sentence that writes the number itself: `noun(2, 'day')` → "days". */
export function noun(n: number, one: string, other = `${one}s`): string {
  return rules.select(n) === 'one' ? one : other;
}
