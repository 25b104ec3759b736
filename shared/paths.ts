// Page and API paths shared by both sides.
import { href } from 'react-router';

/**
 * The role redirect (`dashboard/*` in app/routes.ts) at its root, which sends each role to its area.
 * href() cannot name a splat route without a segment ('/dashboard/*' needs one), so it is written here once.
 */
// eslint-disable-next-line no-restricted-syntax -- the one page path href() cannot build
export const ROLE_REDIRECT_PATH = '/dashboard';

export const PUBLIC_NAV = [
  { to: href('/about'), label: 'About' },
  { to: href('/products'), label: 'Products' },
  { to: href('/cocktails'), label: 'Cocktails' },
  { to: href('/events'), label: 'Events' },
  { to: href('/store-locator'), label: 'Store Locator' },
  { to: href('/buy-online'), label: 'Buy Online' },
  { to: href('/contact'), label: 'Contact' },
] as const;

export const FOOTER_LINKS = [
  { to: href('/drink-responsibly'), label: 'Drink Responsibly' },
  { to: href('/business-inquiry'), label: 'Business Inquiry' },
  { to: href('/contact'), label: 'Contact' },
  { to: href('/partner-login'), label: 'Partner Login' },
  { to: href('/admin-login'), label: 'Staff Login' },
] as const;

export const LEGAL_LINKS = [
  { to: href('/privacy'), label: 'Privacy Policy' },
  { to: href('/terms'), label: 'Terms of Use' },
  { to: href('/cookies'), label: 'Cookie Notice' },
  { to: href('/imprint'), label: 'Imprint' },
] as const;

/**
 * The public header's one account entry (product.md: the header offers sign-in or the account to
 * every visitor). Always /account, which sends a signed-out visitor to /auth/login and back: the
 * header is the same HTML for everyone, so cached public pages stay shared.
 */
export const ACCOUNT_LINK = { to: href('/account'), label: 'Account' } as const;

/** Spec §2: header, footer and chat are hidden on these paths; a Home button shows instead. */
export function isChromeHidden(pathname: string): boolean {
  return (
    pathname.includes('/admin') ||
    pathname.includes(ROLE_REDIRECT_PATH) ||
    pathname === href('/admin-login') ||
    pathname === href('/partner-login') ||
    pathname.includes('/auth/')
  );
}

/** Only same-site relative paths are followed after the gate or sign-in. */
export function safeReturnTo(value: unknown, fallback = '/'): string {
  // Printable ASCII only: browsers strip tabs and newlines ("/\t/evil" becomes "//evil") and
  // non-Latin-1 characters cannot go in a Location header.
  if (typeof value !== 'string' || !/^\/[\x21-\x7e]*$/.test(value) || value.startsWith('//') || value.includes('\\')) {
    return fallback;
  }
  return value;
}

/** Pages that carry per-visit form state (a time stamp against bots): never served from the page cache. */
export const UNCACHED_PAGES = [href('/contact'), href('/business-inquiry')];
