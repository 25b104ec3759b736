import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { cocktailInput } from './cocktails';
import { commitBody } from './code';
import { contactForm } from './inquiries';
import { creditNoteInput } from './invoices';
import { requestComment, requestDecision } from './marketing-requests';
import { cancelOrderInput, orderMessageInput, rejectOrderInput } from './orders';
import { failPaymentInput } from './payments';
import { shipmentStatusInput } from './shipments';
import { stockAdjustment } from './stock';
import { ILL_FORMED_MESSAGE, isBlank, NUL_MESSAGE, requiredText, textProblem, unstorableText } from './text';

describe('textProblem', () => {
  it('accepts ordinary text, including characters outside the BMP as whole surrogate pairs', () => {
    for (const s of ['', 'Gin & tonic', 'Reykjavík', '日本酒', '😀 cheers 🍸', '\u202e', 'tab\tand\nnewline']) expect(textProblem(s), s).toBeNull();
  });

  it('refuses NUL anywhere in the string', () => {
    expect(textProblem('\u0000')).toBe(NUL_MESSAGE);
    expect(textProblem('a\u0000b')).toBe(NUL_MESSAGE);
  });

  it('refuses a lone high or low surrogate, and pairs in the wrong order', () => {
    for (const s of ['\ud800', 'a\ud83d', '\udfffb', 'x\ude00y', '\ude00\ud83d', '😀'.slice(0, 1)])
      expect(textProblem(s), JSON.stringify(s)).toBe(ILL_FORMED_MESSAGE);
  });
});

describe('unstorableText', () => {
  it('finds nothing in a clean body, and ignores numbers, booleans and null', () => {
    expect(unstorableText({ name: 'Fuzz Gin', abv: 40, tags: ['gin', null, true], nested: { deep: [{ note: '😀' }] } })).toBeNull();
    expect(unstorableText(42)).toBeNull();
    expect(unstorableText(null)).toBeNull();
  });

  it('names the field by its dotted path, at any depth, and the value itself as ""', () => {
    expect(unstorableText({ ingredients: [{ name: 'gin' }, { name: 'lem\ud800on' }] })).toEqual({ path: 'ingredients.1.name', message: ILL_FORMED_MESSAGE });
    expect(unstorableText({ description: 'x\u0000y' })).toEqual({ path: 'description', message: NUL_MESSAGE });
    expect(unstorableText('\ud800')).toEqual({ path: '', message: ILL_FORMED_MESSAGE });
  });

  it('checks keys too, naming the object that holds the key', () => {
    expect(unstorableText({ prices: { '\udc00': 1 } })).toEqual({ path: 'prices', message: ILL_FORMED_MESSAGE });
  });

  it('reports the first field in document order', () => {
    expect(unstorableText({ a: 'ok', b: ['\u0000'], c: '\ud800' })?.path).toBe('b.0');
  });

  it('walks a very deeply nested value without overflowing the stack', () => {
    let deep: unknown = '\ud800';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(unstorableText(deep)?.message).toBe(ILL_FORMED_MESSAGE);
  });
});

/** Every code point a reader cannot see: format characters (Cf), other default-ignorables, whitespace. */
const INVISIBLE_CHARS: string[] = [];
for (let cp = 0; cp <= 0x10ffff; cp++) {
  if (cp >= 0xd800 && cp <= 0xdfff) continue;
  const c = String.fromCodePoint(cp);
  if (/^[\p{Cf}\p{Default_Ignorable_Code_Point}\s]$/u.test(c)) INVISIBLE_CHARS.push(c);
}
const invisible = fc.array(fc.constantFrom(...INVISIBLE_CHARS), { minLength: 0, maxLength: 12 }).map((cs) => cs.join(''));

describe('required text: nothing visible is nothing', () => {
  it('knows the usual suspects', () => {
    for (const c of ['\u200b', '\u200c', '\u200d', '\u2060', '\ufeff', '\u00ad', '\u202e', '\u2066', '\u{e0020}', '\u3164', '\u00a0', '\u3000'])
      expect(INVISIBLE_CHARS, JSON.stringify(c)).toContain(c);
    expect(isBlank('\u200b')).toBe(true);
  });

  it('refuses any string of format characters and whitespace, with the field’s own message', () => {
    const schema = requiredText('Say why.').max(50);
    fc.assert(
      fc.property(invisible, (s) => {
        expect(isBlank(s)).toBe(true);
        const r = schema.safeParse(s);
        expect(r.success).toBe(false);
        expect(r.error?.issues[0]?.message).toBe('Say why.');
      }),
    );
  });

  it('accepts one visible character among them, and keeps the text inside as written', () => {
    fc.assert(
      fc.property(invisible, fc.constantFrom('a', 'é', '日', '😀', '👩‍🍳', '.'), invisible, (before, seen, after) => {
        expect(isBlank(before + seen + after)).toBe(false);
        expect(requiredText('Say why.').safeParse(before + seen + after).success).toBe(true);
      }),
    );
    expect(requiredText('x').parse(' 👩‍🍳 ')).toBe('👩‍🍳');
  });

  // The schemas that ask for a reason, a message or a name: each refuses an invisible one.
  const cases: [string, z.ZodType, (s: string) => unknown, string][] = [
    ['reject reason', rejectOrderInput, (s) => ({ version: 1, reason: s }), 'reason'],
    ['cancel reason', cancelOrderInput, (s) => ({ version: 1, reason: s }), 'reason'],
    ['order message', orderMessageInput, (s) => ({ body: s }), 'body'],
    ['failed payment', failPaymentInput, (s) => ({ version: 1, reason: s }), 'reason'],
    ['stock adjustment', stockAdjustment, (s) => ({ delta: 5, reason: s }), 'reason'],
    ['credit note', creditNoteInput, (s) => ({ lines: [{ itemId: 1, cases: 1 }], reason: s }), 'reason'],
    ['request comment', requestComment, (s) => ({ body: s }), 'body'],
    ['commit message', commitBody, (s) => ({ message: s }), 'message'],
    ['contact name', contactForm, (s) => ({ name: s, email: 'a@example.com', subject: 'general', message: 'Hello there, a question.' }), 'name'],
    ['cocktail name', cocktailInput, (s) => ({ name: s }), 'name'],
    ['decline comment', requestDecision, (s) => ({ decision: 'decline', comment: s, version: 1 }), 'comment'],
    ['shipment exception', shipmentStatusInput, (s) => ({ action: 'exception', version: 1, reason: s }), 'reason'],
  ];
  it.each(cases)('%s', (_, schema, body, field) => {
    fc.assert(
      fc.property(invisible, (s) => {
        const r = schema.safeParse(body(s));
        expect(r.success).toBe(false);
        expect(r.error?.issues.map((i) => i.path.join('.'))).toContain(field);
      }),
      { numRuns: 50 },
    );
  });
});
