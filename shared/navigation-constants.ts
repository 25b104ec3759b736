// Navigation's constants without the validation library (kept out of page bundles): the menus the
// site has, their labels, the link kinds, the limits, and the built-in menus the site shows while
// none is stored (and that Start Building Navigation seeds).
import { FOOTER_LINKS, LEGAL_LINKS, PUBLIC_NAV } from './paths';

/** `header`, and the footer's groups as `footer-<group>`. */
export const NAV_MENUS = ['header', 'footer-main', 'footer-legal'] as const;
export type NavMenu = (typeof NAV_MENUS)[number];
export const NAV_MENU_LABELS: Record<NavMenu, string> = { header: 'Header', 'footer-main': 'Footer', 'footer-legal': 'Footer: Legal' };
export const isNavMenu = (s: string): s is NavMenu => (NAV_MENUS as readonly string[]).includes(s);

export const NAV_LINK_KINDS = ['page', 'route', 'external'] as const;
export type NavLinkKind = (typeof NAV_LINK_KINDS)[number];
export const NAV_LINK_KIND_LABELS: Record<NavLinkKind, string> = { page: 'Page', route: 'Site route', external: 'External address' };

export const NAV_LABEL_MAX = 60;
export const NAV_TARGET_MAX = 500;
/** Top-level items of one menu, and children of one item. */
export const NAV_ITEMS_MAX = 30;
export const NAV_CHILDREN_MAX = 15;

/** The stable codes a refused save answers (400), with the offending item's path in `details`. */
export const NAV_ERROR_CODES = {
  external: 'nav_external_not_http',
  route: 'nav_unknown_route',
  page: 'nav_page_not_published',
} as const;

/** A link as the public header and footer render it. */
export interface PublicNavItem {
  label: string;
  href: string;
  external: boolean;
  children: PublicNavItem[];
}
/** The stored menus; null while a menu is not stored (the site shows its built-in links). */
export type PublicMenus = Record<NavMenu, PublicNavItem[] | null>;

const builtIn = (links: readonly { to: string; label: string }[]): PublicNavItem[] =>
  links.map((l) => ({ label: l.label, href: l.to, external: false, children: [] }));

/** The menus built into the site: what it shows while none is stored. */
export const DEFAULT_MENUS: Record<NavMenu, PublicNavItem[]> = {
  header: builtIn(PUBLIC_NAV),
  'footer-main': builtIn(FOOTER_LINKS),
  'footer-legal': builtIn(LEGAL_LINKS),
};

/** An item as the editor holds it. `problem` flags a link the public menu skips. */
export interface NavEditorItem {
  label: string;
  kind: NavLinkKind;
  /** kind route: a site path; kind external: an http(s) URL; kind page: empty. */
  target: string;
  pageId: number | null;
  children: NavEditorItem[];
  problem?: 'page_deleted' | 'page_unpublished' | null;
}
export interface NavEditorMenu {
  menu: NavMenu;
  label: string;
  /** False while the site shows the built-in links (the items are those, not yet stored). */
  stored: boolean;
  /** 0 while not stored. */
  version: number;
  items: NavEditorItem[];
}
export interface NavPageOption {
  id: number;
  title: string;
  slug: string;
  published: boolean;
}
export interface NavEditorView {
  menus: NavEditorMenu[];
  pages: NavPageOption[];
  /** The first path segments a route link may start with. */
  routes: string[];
}
