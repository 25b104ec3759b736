// Content management's constants without the validation library (kept out of page bundles): the
// page statuses and labels, the slug format, the brand's pages that keep a route of their own, and
// the Content Management tabs.
export const PAGE_STATUSES = ['published', 'draft'] as const;
export type PageStatus = (typeof PAGE_STATUSES)[number];
export const PAGE_STATUS_LABELS: Record<PageStatus, string> = { published: 'Published', draft: 'Draft' };

/** Lowercase letters and digits in words joined by single hyphens: `our-story`. */
export const PAGE_SLUG_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;
export const PAGE_SLUG_MAX = 80;
export const PAGE_TITLE_MAX = 150;
export const PAGE_DESCRIPTION_MAX = 300;
/** About 30,000 words: far above any page, low enough that a save is one small request. */
export const PAGE_CONTENT_MAX = 200_000;

/**
 * The brand's own pages whose routes (app/routes.ts) render their CMS page: the copy is edited in
 * Content Management, the address stays. Their slugs are first segments of the route table, so no
 * other page may take them, and they cannot be renamed or deleted (the route would lose its copy).
 */
export const ROUTE_PAGE_SLUGS = ['about', 'drink-responsibly', 'privacy', 'terms', 'cookies', 'imprint'] as const;
export type RoutePageSlug = (typeof ROUTE_PAGE_SLUGS)[number];
export const isRoutePageSlug = (slug: string): slug is RoutePageSlug => (ROUTE_PAGE_SLUGS as readonly string[]).includes(slug);

export const CONTENT_TABS = ['pages', 'navigation', 'media'] as const;
export type ContentTab = (typeof CONTENT_TABS)[number];
export const CONTENT_TAB_LABELS: Record<ContentTab, string> = { pages: 'Pages', navigation: 'Navigation', media: 'Media Library' };

/** A slug suggested from a title: `Our Story!` → `our-story`. */
export function slugFromTitle(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, PAGE_SLUG_MAX)
    .replace(/-+$/, '');
}
