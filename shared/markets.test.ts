import { describe, expect, it } from 'vitest';
import { formatPrice, getMarket, marketPrice } from './markets';

describe('prices', () => {
  it('formats in the locale asked for, from one formatter per locale and currency', () => {
    expect(formatPrice(5495, 'GBP', 'en-GB')).toBe('£54.95');
    expect(formatPrice(5495, 'GBP', 'en-GB')).toBe('£54.95');
    expect(formatPrice(123456, 'USD', 'en-US')).toBe('$1,234.56');
    expect(formatPrice(5495, 'EUR', 'de-DE')).toBe('54,95\u00a0€');
    expect(formatPrice(5495, 'CAD', getMarket('CA').locale)).toBe('$54.95');
  });

  it('labels a market price on the server, so no page formats one while hydrating', () => {
    expect(marketPrice(2799, 'AUD', getMarket('AU').locale)).toEqual({ amountMinor: 2799, currency: 'AUD', label: '$27.99' });
    expect(marketPrice(2799, 'EUR', getMarket('EU').locale).label).toBe('€27.99');
  });
});
