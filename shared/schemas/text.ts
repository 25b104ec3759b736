// Text the database cannot store, refused in one place for every body: `parse()` (the JSON API),
// `adminAction()` (the staff editors' JSON) and the page-form rule (server/http/page-forms.ts) all
// call `unstorableText` on what they received, so no schema has to remember it field by field.
//
// - NUL (U+0000): no PostgreSQL text column or parameter accepts it (the driver's error is a 500).
// - A lone UTF-16 surrogate (`"\ud800"` in JSON): half of a character, not text. A `text` column
//   silently stores U+FFFD instead, and a `jsonb` value (audit rows, notification payloads) is
//   refused by PostgreSQL — again a 500. JSON is the only way in: browsers' form posts are UTF-8,
//   which cannot encode one.

import { z } from './zod';

export const NUL_MESSAGE = 'Remove the invisible NUL character (\\0) from this text.';
export const ILL_FORMED_MESSAGE = 'This text contains a broken character (half of an emoji or symbol): retype it.';

/** With the `u` flag a well-formed pair is one code point, so only a lone surrogate is in category Cs. */
const LONE_SURROGATE = /\p{Cs}/u;

/** Why `s` cannot be stored, or null when it can. */
export function textProblem(s: string): string | null {
  if (s.includes('\u0000')) return NUL_MESSAGE;
  if (LONE_SURROGATE.test(s)) return ILL_FORMED_MESSAGE;
  return null;
}

export interface TextIssue {
  /** Dotted path of the field (`ingredients.2.name`); `''` for the value itself. */
  path: string;
  message: string;
}

/** Where a value sits: its key and its parent's place (built into `a.b.0` only when reported). */
interface Place {
  key: string;
  parent: Place | null;
}
const pathOf = (place: Place | null): string => {
  const keys: string[] = [];
  for (let p = place; p; p = p.parent) keys.push(p.key);
  return keys.reverse().join('.');
};

/**
 * The first string — value or key, at any depth — that cannot be stored, or null. Walks with an
 * explicit stack rather than recursion, so a deeply nested body cannot overflow it (bodies are
 * bounded by the size limits before they get here).
 */
export function unstorableText(value: unknown): TextIssue | null {
  const stack: [unknown, Place | null][] = [[value, null]];
  while (stack.length) {
    const [v, place] = stack.pop()!;
    if (typeof v === 'string') {
      const message = textProblem(v);
      if (message) return { path: pathOf(place), message };
      continue;
    }
    if (v === null || typeof v !== 'object') continue;
    const entries = Object.entries(v);
    for (const [key] of entries) {
      const message = textProblem(key);
      if (message) return { path: pathOf(place), message };
    }
    // Pushed in reverse, so the first field is looked at (and reported) first.
    for (let i = entries.length - 1; i >= 0; i--) stack.push([entries[i]![1], { key: entries[i]![0], parent: place }]);
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// Required text: a reason, a message, a name. What counts is what a person can see: format
// characters (Unicode Cf: zero-width space, joiners, direction marks, the BOM, tag characters),
// other default-ignorable code points (variation selectors, Hangul fillers) and whitespace are
// stripped before the emptiness check, so "\u200B" is no reason. The stored value keeps them
// inside the text (a zero-width joiner builds an emoji, a ZWNJ spells Persian); only `trim()`
// applies to it.

const INVISIBLE = /[\p{Cf}\p{Default_Ignorable_Code_Point}\s]/gu;

/** `s` with nothing a reader would see removed: empty when `s` is blank. */
export const visibleText = (s: string): string => s.replace(INVISIBLE, '');

/** True when `s` holds nothing a person can see (empty, whitespace, format characters only). */
export const isBlank = (s: string | null | undefined): boolean => !s || visibleText(s) === '';

/**
 * A string a person must fill in (a reason, a message, a name): trimmed, and refused with `message`
 * when nothing visible is left. Chain `.max(…)` for the length.
 */
export const requiredText = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .refine((s) => !isBlank(s), { message, abort: true });
