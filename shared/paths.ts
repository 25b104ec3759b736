// Page and API paths shared by both sides.
export const PUBLIC_NAV = [
  { to: '/about', label: 'About' },
  { to: '/products', label: 'Products' },
  { to: '/cocktails', label: 'Cocktails' },
  { to: '/events', label: 'Events' },
  { to: '/store-locator', label: 'Store Locator' },
  { to: '/buy-online', label: 'Buy Online' },
  { to: '/contact', label: 'Contact' },
] as const;

export const FOOTER_LINKS = [
  { to: '/drink-responsibly', label: 'Drink Responsibly' },
  { to: '/business-inquiry', label: 'Business Inquiry' },
  { to: '/contact', label: 'Contact' },
  { to: '/partner-login', label: 'Partner Login' },
  { to: '/admin-login', label: 'Staff Login' },
] as const;

export const LEGAL_LINKS = [
  { to: '/privacy', label: 'Privacy Policy' },
  { to: '/terms', label: 'Terms of Use' },
  { to: '/cookies', label: 'Cookie Notice' },
  { to: '/imprint', label: 'Imprint' },
] as const;

/**
 * The public header's one account entry (product.md: the header offers sign-in or the account to
 * every visitor). Always /account, which sends a signed-out visitor to /auth/login and back: the
 * header is the same HTML for everyone, so cached public pages stay shared.
 */
export const ACCOUNT_LINK = { to: '/account', label: 'Account' } as const;

/** Spec §2: header, footer and chat are hidden on these paths; a Home button shows instead. */
export function isChromeHidden(pathname: string): boolean {
  return (
    pathname.includes('/admin') ||
    pathname.includes('/dashboard') ||
    pathname === '/admin-login' ||
    pathname === '/partner-login' ||
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
export const UNCACHED_PAGES = ['/contact', '/business-inquiry'];
