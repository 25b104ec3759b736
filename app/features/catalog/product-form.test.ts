import { describe, expect, it } from 'vitest';
import { initialState, slugify, toBody, toMinor } from './product-form';

describe('the product editor state', () => {
  it('reads decimal money as minor units and refuses what is not money', () => {
    expect(toMinor('34.99')).toBe(3499);
    expect(toMinor(' 1,234.5 ')).toBe(123450);
    expect(toMinor('0.1')).toBe(10);
    expect(toMinor('')).toBeNull();
    expect(toMinor('34.999')).toBeUndefined();
    expect(toMinor('-3')).toBeUndefined();
    // A decimal comma is a decimal point, not a thousands separator (not 349900).
    expect(toMinor('34,99')).toBe(3499);
    expect(toMinor('5,5')).toBe(550);
    expect(toMinor('12,345,678')).toBe(1234567800);
    expect(toMinor('1,2345')).toBeUndefined();
    expect(toMinor('12,34.50')).toBeUndefined();
  });

  it('makes a slug from a name', () => {
    expect(slugify('Frolic Crème de Cassis — 50 cl')).toBe('frolic-creme-de-cassis-50-cl');
  });

  it('builds the body, leaving empty price cells out and naming the cells that are not money', () => {
    const state = initialState(null);
    state.prices.retail.GB = '24.95';
    state.prices.importer.US = '11';
    state.abv = '';
    const result = toBody(state);
    expect(result).toMatchObject({ body: { abv: null, retailPrices: { GB: 2495 }, tradePrices: { importer: { US: 1100 }, distributor: {}, retailer: {} } } });
    state.prices.distributor.EU = 'abc';
    expect(toBody(state)).toEqual({ errors: { 'tradePrices.distributor.EU': 'Enter a price like 34.99.' } });
  });
});
