import { describe, expect, it } from 'vitest';
import { productInput, skuSchema } from './catalog';

describe('skuSchema', () => {
  it('keeps a SKU in capitals without the spaces around it', () => {
    expect(skuSchema.parse(' frl-gin-70 ')).toBe('FRL-GIN-70');
    expect(skuSchema.parse('AB')).toBe('AB');
    expect(skuSchema.parse('A'.repeat(32))).toBe('A'.repeat(32));
  });

  it('refuses what is not a SKU, saying what one looks like', () => {
    for (const bad of ['A', 'A'.repeat(33), '-FRL', 'FRL-', 'FR L', 'FRL_1', 'FRL/1', 'ÉTÉ']) {
      const res = skuSchema.safeParse(bad);
      expect(res.success, bad).toBe(false);
    }
    expect(skuSchema.safeParse('FR L').error?.issues[0]?.message).toBe(
      'Use letters, digits and hyphens, starting and ending with a letter or digit, e.g. FRL-GIN-70.',
    );
  });

  it('is optional on a product: empty means "number it" (new) or "keep it" (edit)', () => {
    const base = {
      name: 'Gin',
      slug: 'gin',
      category: 'gin',
      abv: 40,
      volumeMl: 700,
      caseSize: 6,
      description: 'A gin.',
      tastingNotes: { nose: '', palate: '', finish: '' },
      retailPrices: {},
      lowStockThreshold: 10,
      status: 'draft',
    };
    expect(productInput.parse({ ...base, sku: '' }).sku).toBeUndefined();
    expect(productInput.parse({ ...base, sku: '   ' }).sku).toBeUndefined();
    expect(productInput.parse(base).sku).toBeUndefined();
    expect(productInput.parse({ ...base, sku: 'frl-9' }).sku).toBe('FRL-9');
  });
});
