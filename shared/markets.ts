// Markets: the country given at the gate selects currency and distance unit.
export interface Market {
  code: string;
  name: string;
  currency: string; // ISO 4217
  distanceUnit: 'km' | 'mi';
  locale: string;
}

export const MARKETS: Market[] = [
  { code: 'US', name: 'United States', currency: 'USD', distanceUnit: 'mi', locale: 'en-US' },
  { code: 'GB', name: 'United Kingdom', currency: 'GBP', distanceUnit: 'mi', locale: 'en-GB' },
  { code: 'EU', name: 'Europe', currency: 'EUR', distanceUnit: 'km', locale: 'en-IE' },
  { code: 'CA', name: 'Canada', currency: 'CAD', distanceUnit: 'km', locale: 'en-CA' },
  { code: 'AU', name: 'Australia', currency: 'AUD', distanceUnit: 'km', locale: 'en-AU' },
  { code: 'INT', name: 'International', currency: 'USD', distanceUnit: 'km', locale: 'en' },
];

const EUROZONE = new Set(['AT', 'BE', 'HR', 'CY', 'EE', 'FI', 'FR', 'DE', 'GR', 'IE', 'IT', 'LV', 'LT', 'LU', 'MT', 'NL', 'PT', 'SK', 'SI', 'ES']);

export const DEFAULT_MARKET = 'INT';

export function marketForCountry(country: string | undefined | null): Market {
  const code = !country ? DEFAULT_MARKET : EUROZONE.has(country) ? 'EU' : MARKETS.some((m) => m.code === country) ? country : DEFAULT_MARKET;
  return getMarket(code);
}

export function getMarket(code: string): Market {
  return MARKETS.find((m) => m.code === code) ?? (MARKETS.find((m) => m.code === DEFAULT_MARKET) as Market);
}

export function isMarketCode(code: string): boolean {
  return MARKETS.some((m) => m.code === code);
}

const formatters = new Map<string, Intl.NumberFormat>();

export function formatPrice(amountMinor: number, currency: string, locale = 'en'): string {
  const key = `${locale} ${currency}`;
  let format = formatters.get(key);
  if (!format) formatters.set(key, (format = new Intl.NumberFormat(locale, { style: 'currency', currency })));
  return format.format(amountMinor / 100);
}

/**
 * A price as the public pages show it: the amount, and its label formatted on the server in the
 * market's locale. A browser's first currency format loads ICU's currency data, a long task on a
 * phone, so public pages never format prices while hydrating (docs/decisions/033-hydrate-on-intent.md).
 */
export interface MarketPrice {
  amountMinor: number;
  currency: string;
  label: string;
}

export function marketPrice(amountMinor: number, currency: string, locale: string): MarketPrice {
  return { amountMinor, currency, label: formatPrice(amountMinor, currency, locale) };
}

export const MARKET_COOKIE = 'frolic_market';

/** The Set-Cookie value remembering a market chosen in the footer, for a year. */
export function marketCookie(code: string, secure: boolean): string {
  return `${MARKET_COOKIE}=${code}; Path=/; SameSite=Lax; Max-Age=${365 * 86_400}; HttpOnly${secure ? '; Secure' : ''}`;
}
