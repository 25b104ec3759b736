// Navigation (issue 18): the public header's menu and the footer's menus, stored and edited in
// Content Management. A menu is a row with a version (one save replaces its items atomically, or is
// refused as a version conflict); its items are links to a CMS page, a route of the site or an
// external address, with one level of nesting. No row for a menu: the site shows its built-in links.
import { sql } from 'drizzle-orm';
import { type AnyPgColumn, check, index, integer, pgEnum, pgTable, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { pages } from './content';

export const navigationMenus = pgTable(
  'navigation_menus',
  {
    /** `header`, or `footer-<group>` (`footer-main`, `footer-legal`). */
    menu: text('menu').primaryKey(),
    version: integer('version').notNull().default(1),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [check('navigation_menus_name', sql`${t.menu} ~ '^(header|footer-[a-z0-9]+(-[a-z0-9]+)*)$'`)],
);

export const navigationLinkKind = pgEnum('navigation_link_kind', ['page', 'route', 'external']);

export const navigationItems = pgTable(
  'navigation_items',
  {
    id: serial('id').primaryKey(),
    menu: text('menu')
      .notNull()
      .references(() => navigationMenus.menu, { onDelete: 'cascade' }),
    /** One level of nesting: a child's parent is a top-level item of the same menu. */
    parentId: integer('parent_id').references((): AnyPgColumn => navigationItems.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    label: text('label').notNull(),
    kind: navigationLinkKind('kind').notNull(),
    /** kind `page`: the page (null once it is deleted — the editor flags it, the public menu skips it). */
    pageId: integer('page_id').references(() => pages.id, { onDelete: 'set null' }),
    /** kind `route`: a site path (`/products`); kind `external`: an http(s) URL; kind `page`: empty. */
    target: text('target').notNull().default(''),
  },
  (t) => [index('navigation_items_menu_idx').on(t.menu, t.parentId, t.position), index('navigation_items_page_idx').on(t.pageId)],
);
