import { describe, expect, it } from 'vitest';
import { withParams } from './search-params';

describe('withParams', () => {
  it('sets, replaces and removes parameters, keeping the others and leaving the original alone', () => {
    const params = new URLSearchParams('tab=sql&table=users&after=%5B5%5D');
    expect(withParams(params, { table: 'orders', after: undefined })).toBe('?tab=sql&table=orders');
    expect(withParams(params, { q: 'a b&c' })).toBe('?tab=sql&table=users&after=%5B5%5D&q=a+b%26c');
    expect(params.toString()).toBe('tab=sql&table=users&after=%5B5%5D');
  });

  it('answers "?" when nothing is left (a link to the bare page)', () => {
    expect(withParams(new URLSearchParams('open=3'), { open: undefined })).toBe('?');
  });
});
