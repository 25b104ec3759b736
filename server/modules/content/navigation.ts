// Navigation (issue 18): the header's menu and the footer's menus, stored and edited by the master
// admin in Content Management, and what the public header and footer show. A save replaces one
// menu's whole tree in one transaction with its audit row, naming the version the editor read (409
// version_conflict). What a link points to is checked here with stable codes: an external address
// only http(s), a route only an address of the site's route table, a page only a published one. A
// page unpublished or deleted after it was linked is flagged in the editor and skipped by the
// public menu. A save moves the content version on, on every instance, so the cached menus and the
// page cache follow at once. While a menu is not stored the site shows its built-in links.
import { asc, eq, inArray } from 'drizzle-orm';
import {
  DEFAULT_MENUS,
  NAV_ERROR_CODES,
  NAV_MENU_LABELS,
  NAV_MENUS,
  type NavEditorItem,
  type NavEditorMenu,
  type NavEditorView,
  type NavMenu,
  type PublicMenus,
  type PublicNavItem,
} from '../../../shared/navigation-constants';
import type { NavItemInput, NavMenuSave } from '../../../shared/schemas/navigation';
import { type ContentVersion, createContentCache } from '../../cache/content-version';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { navigationItems, navigationMenus, pages } from '../../db/schema';
import { AppError, versionConflict } from '../../core/errors';
import type { Actor } from '../../core/actor';
import { recordAudit } from '../audit';

export const NAVIGATION_DOMAIN = 'navigation';

export interface NavigationService {
  /** Every menu as the editor shows it (built-in links for a menu not stored), the pages to link and the routes. */
  editor(): Promise<NavEditorView>;
  /** Replaces one menu's items; `input.version` is the version the editor read (0: not stored yet). */
  save(menu: NavMenu, input: NavMenuSave, actor: Actor): Promise<NavEditorMenu>;
  /** Start Building Navigation: stores the built-in links of every menu not stored yet. */
  seed(actor: Actor): Promise<NavEditorView>;
  /** What the public header and footer show (null: not stored, the built-in links). Cached per content version. */
  publicMenus(): Promise<PublicMenus>;
}

type ItemRow = typeof navigationItems.$inferSelect;
interface PageState {
  published: boolean;
  slug: string | null;
}
interface Problem {
  code: string;
  path: string;
  message: string;
}

/** A site path: `/`, printable ASCII, no `//` or backslash (as safeReturnTo), and its first segment. */
function firstSegment(target: string): string | null {
  if (!/^\/[\x21-\x7e]*$/.test(target) || target.startsWith('//') || target.includes('\\')) return null;
  return (target.slice(1).split(/[/?#]/)[0] ?? '').toLowerCase();
}

function isHttpUrl(target: string): boolean {
  try {
    const url = new URL(target);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '' && !url.username && !url.password;
  } catch {
    return false;
  }
}

/** The rows of one menu as a tree, in order. */
function treeOf(rows: ItemRow[]): (ItemRow & { children: ItemRow[] })[] {
  const sorted = [...rows].sort((a, b) => a.position - b.position || a.id - b.id);
  const top = sorted.filter((r) => r.parentId === null).map((r) => ({ ...r, children: [] as ItemRow[] }));
  const byId = new Map(top.map((r) => [r.id, r]));
  for (const r of sorted) if (r.parentId !== null) byId.get(r.parentId)?.children.push(r);
  return top;
}

export function createNavigationService(db: Db, content: ContentVersion, siteSegments: () => Promise<readonly string[]>): NavigationService {
  const cached = createContentCache(content, 10);

  async function pageStates(tx: DbOrTx, ids: number[]): Promise<Map<number, PageState>> {
    if (!ids.length) return new Map();
    const rows = await tx
      .select({ id: pages.id, status: pages.status, publishedSlug: pages.publishedSlug })
      .from(pages)
      .where(inArray(pages.id, [...new Set(ids)]));
    return new Map(rows.map((r) => [r.id, { published: r.status === 'published' && r.publishedSlug !== null, slug: r.publishedSlug }]));
  }

  async function storedMenus(tx: DbOrTx) {
    const [menus, items] = await Promise.all([
      tx.select().from(navigationMenus),
      tx.select().from(navigationItems).orderBy(asc(navigationItems.position), asc(navigationItems.id)),
    ]);
    const states = await pageStates(
      tx,
      items.map((i) => i.pageId).filter((x): x is number => x !== null),
    );
    return { menus: new Map(menus.map((m) => [m.menu, m])), items, states };
  }

  /** Why a link cannot be saved, or null. */
  async function check(tx: DbOrTx, items: NavItemInput[]): Promise<Problem[]> {
    const problems: Problem[] = [];
    const segments = new Set(await siteSegments());
    const linked = items.flatMap((i) => [i, ...i.children]).filter((i) => i.kind === 'page' && i.pageId !== null);
    const states = await pageStates(
      tx,
      linked.map((i) => i.pageId!),
    );
    const one = (item: Omit<NavItemInput, 'children'>, path: string) => {
      if (item.kind === 'external' && !isHttpUrl(item.target)) {
        problems.push({ code: NAV_ERROR_CODES.external, path: `${path}.target`, message: 'An external address must start with http:// or https://.' });
      } else if (item.kind === 'route') {
        const first = firstSegment(item.target);
        if (first === null || (first !== '' && !segments.has(first))) {
          problems.push({ code: NAV_ERROR_CODES.route, path: `${path}.target`, message: `${item.target || 'This'} is not an address of the site.` });
        }
      } else if (item.kind === 'page') {
        const state = item.pageId === null ? undefined : states.get(item.pageId);
        if (!state?.published) {
          problems.push({
            code: NAV_ERROR_CODES.page,
            path: `${path}.pageId`,
            message: state ? 'This page is not published: publish it first, or link another.' : 'Choose a page: the one linked no longer exists.',
          });
        }
      }
    };
    items.forEach((item, i) => {
      one(item, `items.${i}`);
      item.children.forEach((child, j) => one(child, `items.${i}.children.${j}`));
    });
    return problems;
  }

  function refuse(problems: Problem[]): AppError {
    const first = problems[0]!;
    return new AppError(first.code, 'invalid', first.message, {
      details: problems,
      hint: 'Links may go to a published page, an address of this site (/products) or an http(s) address.',
    });
  }

  /** What the audit row keeps of a tree: label and where it goes. */
  const summary = (items: { label: string; kind: string; target: string; pageId: number | null; children?: unknown[] }[]): unknown[] =>
    items.map((i) => ({
      label: i.label,
      to: i.kind === 'page' ? `page:${i.pageId}` : i.target,
      ...(i.children?.length ? { children: summary(i.children as typeof items) } : {}),
    }));

  async function writeItems(tx: Tx, menu: NavMenu, items: NavItemInput[]): Promise<void> {
    await tx.delete(navigationItems).where(eq(navigationItems.menu, menu));
    if (!items.length) return;
    const norm = (i: Omit<NavItemInput, 'children'>, position: number, parentId: number | null) => ({
      menu,
      parentId,
      position,
      label: i.label,
      kind: i.kind,
      pageId: i.kind === 'page' ? i.pageId : null,
      target: i.kind === 'page' ? '' : i.target,
    });
    const top = await tx
      .insert(navigationItems)
      .values(items.map((i, n) => norm(i, n, null)))
      .returning({ id: navigationItems.id, position: navigationItems.position });
    const idAt = new Map(top.map((r) => [r.position, r.id]));
    const children = items.flatMap((i, n) => i.children.map((c, m) => norm(c, m, idAt.get(n)!)));
    if (children.length) await tx.insert(navigationItems).values(children);
  }

  function editorItems(rows: ItemRow[], states: Map<number, PageState>): NavEditorItem[] {
    const one = (r: ItemRow): Omit<NavEditorItem, 'children'> => ({
      label: r.label,
      kind: r.kind,
      target: r.target,
      pageId: r.pageId,
      problem:
        r.kind !== 'page' ? null : r.pageId === null || !states.has(r.pageId) ? 'page_deleted' : states.get(r.pageId)!.published ? null : 'page_unpublished',
    });
    return treeOf(rows).map((r) => ({ ...one(r), children: r.children.map((c) => ({ ...one(c), children: [] })) }));
  }

  async function editor(): Promise<NavEditorView> {
    const { menus, items, states } = await storedMenus(db);
    const [pageRows, routes] = await Promise.all([
      db
        .select({ id: pages.id, title: pages.title, slug: pages.slug, publishedSlug: pages.publishedSlug, status: pages.status })
        .from(pages)
        .orderBy(asc(pages.title)),
      siteSegments(),
    ]);
    return {
      menus: NAV_MENUS.map((menu): NavEditorMenu => {
        const row = menus.get(menu);
        if (!row) {
          return {
            menu,
            label: NAV_MENU_LABELS[menu],
            stored: false,
            version: 0,
            items: DEFAULT_MENUS[menu].map((l) => ({ label: l.label, kind: 'route', target: l.href, pageId: null, children: [], problem: null })),
          };
        }
        return {
          menu,
          label: NAV_MENU_LABELS[menu],
          stored: true,
          version: row.version,
          items: editorItems(
            items.filter((i) => i.menu === menu),
            states,
          ),
        };
      }),
      pages: pageRows.map((p) => ({ id: p.id, title: p.title, slug: p.publishedSlug ?? p.slug, published: p.status === 'published' })),
      routes: [...routes].sort(),
    };
  }

  return {
    editor,

    async save(menu, input, actor) {
      const problems = await check(db, input.items);
      if (problems.length) throw refuse(problems);
      await db.transaction(async (tx) => {
        const [row] = await tx.select().from(navigationMenus).where(eq(navigationMenus.menu, menu)).for('update');
        const now = new Date();
        let oldItems: unknown[] | null = null;
        if (!row) {
          if (input.version !== 0) throw versionConflict('menu', 0, input.version);
          const created = await tx
            .insert(navigationMenus)
            .values({ menu, version: 1, updatedAt: now, updatedBy: actor.userId })
            .onConflictDoNothing()
            .returning();
          // Another editor stored it between our read and our insert.
          if (!created.length) throw versionConflict('menu', 1, input.version);
        } else {
          if (row.version !== input.version) throw versionConflict('menu', row.version, input.version);
          const before = await tx.select().from(navigationItems).where(eq(navigationItems.menu, menu));
          oldItems = summary(treeOf(before));
          await tx
            .update(navigationMenus)
            .set({ version: row.version + 1, updatedAt: now, updatedBy: actor.userId })
            .where(eq(navigationMenus.menu, menu));
        }
        // A page unpublished between the check and here: checked again under the menu's lock.
        const again = await check(tx, input.items);
        if (again.length) throw refuse(again);
        await writeItems(tx, menu, input.items);
        await recordAudit(tx, actor, {
          action: row ? 'UPDATE' : 'INSERT',
          tableName: 'navigation_menus',
          recordId: menu,
          oldValues: row ? { version: row.version, items: oldItems } : null,
          newValues: { version: row ? row.version + 1 : 1, items: summary(input.items) },
        });
      });
      await content.changed(NAVIGATION_DOMAIN);
      return (await editor()).menus.find((m) => m.menu === menu)!;
    },

    async seed(actor) {
      let seeded = false;
      await db.transaction(async (tx) => {
        const existing = new Set((await tx.select({ menu: navigationMenus.menu }).from(navigationMenus)).map((r) => r.menu));
        for (const menu of NAV_MENUS) {
          if (existing.has(menu)) continue;
          const created = await tx.insert(navigationMenus).values({ menu, version: 1, updatedBy: actor.userId }).onConflictDoNothing().returning();
          if (!created.length) continue;
          const items: NavItemInput[] = DEFAULT_MENUS[menu].map((l) => ({ label: l.label, kind: 'route', target: l.href, pageId: null, children: [] }));
          await writeItems(tx, menu, items);
          await recordAudit(tx, actor, {
            action: 'INSERT',
            tableName: 'navigation_menus',
            recordId: menu,
            newValues: { version: 1, origin: 'seed', items: summary(items) },
          });
          seeded = true;
        }
      });
      if (seeded) await content.changed(NAVIGATION_DOMAIN);
      return editor();
    },

    publicMenus() {
      return cached('menus', async (): Promise<PublicMenus> => {
        const { menus, items, states } = await storedMenus(db);
        const link = (r: ItemRow): Omit<PublicNavItem, 'children'> | null => {
          if (r.kind === 'page') {
            const state = r.pageId === null ? undefined : states.get(r.pageId);
            return state?.published && state.slug ? { label: r.label, href: `/${state.slug}`, external: false } : null;
          }
          return { label: r.label, href: r.target, external: r.kind === 'external' };
        };
        const out = {} as PublicMenus;
        for (const menu of NAV_MENUS) {
          if (!menus.has(menu)) {
            out[menu] = null;
            continue;
          }
          // A link to a page no longer published is left out (with its children: they were grouped under it).
          out[menu] = treeOf(items.filter((i) => i.menu === menu)).flatMap((r) => {
            const top = link(r);
            if (!top) return [];
            const children = r.children.map(link).filter((c): c is Omit<PublicNavItem, 'children'> => c !== null);
            return [{ ...top, children: children.map((c) => ({ ...c, children: [] })) }];
          });
        }
        return out;
      });
    },
  };
}
