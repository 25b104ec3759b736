// Navigation: the save of one menu — the whole tree and the version the editor read. The shape is
// checked here; what the links point to (an http(s) address, a real route, a published page) by the
// service, with stable codes.
import { z } from './zod';
import { requiredText } from './text';
import { MAX_RECORD_ID } from '../limits';
import { NAV_CHILDREN_MAX, NAV_ITEMS_MAX, NAV_LABEL_MAX, NAV_LINK_KINDS, NAV_MENUS, NAV_TARGET_MAX } from '../navigation-constants';

export * from '../navigation-constants';

const navLink = z.object({
  label: requiredText('Enter a label.').max(NAV_LABEL_MAX, `Keep the label to ${NAV_LABEL_MAX} characters.`),
  kind: z.enum(NAV_LINK_KINDS, { error: 'Choose page, route or external address.' }),
  target: z.string().trim().max(NAV_TARGET_MAX, 'This address is too long.').default(''),
  pageId: z.number().int().min(1).max(MAX_RECORD_ID).nullable().default(null),
});

export const navItemInput = navLink.extend({
  children: z.array(navLink).max(NAV_CHILDREN_MAX, `At most ${NAV_CHILDREN_MAX} links under one item.`).default([]),
});
export type NavItemInput = z.infer<typeof navItemInput>;

export const navMenuName = z.enum(NAV_MENUS, { error: 'No such menu.' });

export const navMenuSave = z.object({
  /** 0 when the menu is not stored yet. */
  version: z.number().int().min(0).max(MAX_RECORD_ID),
  items: z.array(navItemInput).max(NAV_ITEMS_MAX, `At most ${NAV_ITEMS_MAX} links in one menu.`),
});
export type NavMenuSave = z.infer<typeof navMenuSave>;
