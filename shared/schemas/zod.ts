// zod as every shared schema imports it: with one error map behind the schemas' own sentences, so
// no field ever shows zod's default text ("Too small: expected number to be >=7"). A schema that
// names its message keeps it; this map only writes one where none was written, from the field's
// name and its limit ("Password expiry days must be at least 7."). The map is zod's global
// configuration, so it also covers the server's few schemas of its own once any of these loads.
import { z } from 'zod';

type Issue = z.core.$ZodRawIssue;

const fmt = (n: number | bigint) => (typeof n === 'bigint' ? n.toString() : n.toLocaleString('en'));

/** `creditLimitMinor` → "credit limit", `lines.0.productId` → "product", `` → "this value". */
export function fieldLabel(path: readonly PropertyKey[] | undefined): string {
  const key = [...(path ?? [])].reverse().find((k): k is string => typeof k === 'string' && !/^\d+$/.test(k));
  if (!key) return 'this value';
  const words = key
    .replace(/(Minor|Bp|Ids?)$/, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words || 'this value';
}

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** A sentence for an issue whose schema wrote none. */
export function fallbackMessage(issue: Issue): string {
  const label = fieldLabel(issue.path);
  const Label = capitalise(label);
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined || issue.input === null || issue.input === '') return `Enter ${label}.`;
      if (issue.expected === 'number' || issue.expected === 'int') return `Enter ${label} as a number.`;
      if (issue.expected === 'boolean') return `Choose yes or no for ${label}.`;
      if (issue.expected === 'array') return `Choose ${label} from the list.`;
      return `Enter a valid ${label}.`;
    case 'too_small': {
      const min = fmt(issue.minimum);
      if (issue.origin === 'string') return Number(issue.minimum) <= 1 ? `Enter ${label}.` : `${Label} must be at least ${min} characters.`;
      if (issue.origin === 'array' || issue.origin === 'set') return `Choose at least ${min} for ${label}.`;
      return issue.inclusive === false ? `${Label} must be more than ${min}.` : `${Label} must be at least ${min}.`;
    }
    case 'too_big': {
      const max = fmt(issue.maximum);
      if (issue.origin === 'string') return `Keep ${label} to ${max} characters.`;
      if (issue.origin === 'array' || issue.origin === 'set') return `Choose at most ${max} for ${label}.`;
      return issue.inclusive === false ? `${Label} must be less than ${max}.` : `${Label} cannot be more than ${max}.`;
    }
    case 'invalid_value':
      return `Choose one of the options for ${label}.`;
    case 'invalid_format':
      return `Enter a valid ${label}.`;
    case 'not_multiple_of':
      return `${Label} must be a multiple of ${fmt(issue.divisor as number)}.`;
    case 'unrecognized_keys':
      return `Remove the unknown ${issue.keys.length === 1 ? 'field' : 'fields'} ${issue.keys.join(', ')}.`;
    default:
      return `Check ${label}.`;
  }
}

z.config({ customError: fallbackMessage });

export { z };
