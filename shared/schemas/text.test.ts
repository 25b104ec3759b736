import { describe, expect, it } from 'vitest';
import { ILL_FORMED_MESSAGE, NUL_MESSAGE, textProblem, unstorableText } from './text';

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
