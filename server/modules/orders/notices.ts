// Who hears about a trade order, and what they are told: the bell (an audience) and email, written
// inside the transaction of the change they announce (as marketing requests do). A partner side is
// its organisation — members holding Order Management see the entry; the organisation's address and
// the member who placed the order (the buyer's side) get the email. The brand's side is the staff
// holding Order Management.
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { href } from 'react-router';
import { ORDER_STATUS_LABELS } from '../../../shared/orders';
import { ADMIN_ACCESS } from '../../../shared/policy';
import type { Audience } from '../../auth/authorize';
import type { DbOrTx } from '../../db/client';
import { organisations, profiles, rolePermissions, userRoles, users } from '../../db/schema';
import type { Mailer } from '../../mail/mailer';
import { orderEmail } from '../../mail/templates';
import type { NotificationService, StoredNotification } from '../notifications/service';

const PERMISSION = 'orders:manage';

/** Where an order's page is for each side: the partner order page, or Trade orders for the brand's staff. */
export const partnerOrderPath = (id: number) => href('/partner/dashboard/orders/:id', { id: String(id) });
export const staffOrderPath = (id: number) => href('/admin/dashboard/trade-orders/:id', { id: String(id) });

export interface OrderRef {
  id: number;
  number: string;
  buyerId: string;
  sellerId: string | null;
  placedBy: string | null;
}

export type OrderNewsKind = 'placed' | 'approved' | 'rejected' | 'cancelled' | 'shipped' | 'delivered' | 'message';

export interface OrderNews {
  kind: OrderNewsKind;
  order: OrderRef;
  /** Who is told: the buyer's side or the seller's. */
  to: 'buyer' | 'seller';
  /** A reason, note or message to quote. */
  text?: string;
}

/** Active staff holding Order Management (through an admin role, or as the master admin). */
async function staffTeam(tx: DbOrTx): Promise<string[]> {
  const viaRole = tx
    .select({ one: sql`1` })
    .from(userRoles)
    .innerJoin(rolePermissions, eq(rolePermissions.role, userRoles.role))
    .where(and(eq(userRoles.userId, users.id), eq(rolePermissions.permission, PERMISSION), inArray(userRoles.role, [...ADMIN_ACCESS])));
  const masterGrant = tx
    .select({ one: sql`1` })
    .from(rolePermissions)
    .where(and(eq(rolePermissions.role, 'master_admin'), eq(rolePermissions.permission, PERMISSION)));
  const rows = await tx
    .select({ email: users.email })
    .from(users)
    .leftJoin(profiles, eq(profiles.id, users.id))
    .where(and(eq(users.status, 'active'), or(sql`exists ${viaRole}`, and(eq(profiles.isMasterAdmin, true), sql`exists ${masterGrant}`))));
  return rows.map((r) => r.email);
}

/** The organisation's address and, for the buyer, the member who placed the order (while active). */
async function partnerRecipients(tx: DbOrTx, organisationId: string, placedBy: string | null): Promise<string[]> {
  const out = new Set<string>();
  const [org] = await tx.select({ email: organisations.email }).from(organisations).where(eq(organisations.id, organisationId));
  if (placedBy) {
    const [user] = await tx
      .select({ email: users.email })
      .from(users)
      .where(and(eq(users.id, placedBy), eq(users.status, 'active'), eq(users.organisationId, organisationId)));
    if (user) out.add(user.email.toLowerCase());
  }
  if (org?.email) out.add(org.email.toLowerCase());
  return [...out];
}

const HEADINGS: Record<OrderNewsKind, (n: string) => string> = {
  placed: (n) => `New order ${n}`,
  approved: (n) => `Order ${n} was approved`,
  rejected: (n) => `Order ${n} was rejected`,
  cancelled: (n) => `Order ${n} was cancelled`,
  shipped: (n) => `Order ${n} was shipped`,
  delivered: (n) => `Order ${n} was delivered`,
  message: (n) => `New message on order ${n}`,
};

export function createOrderNotices(notifications: NotificationService, mailer: Mailer, origin: string) {
  /** Stores the bell entry and the emails of one piece of news inside `tx`; announce the result after the commit. */
  async function tell(tx: DbOrTx, news: OrderNews): Promise<StoredNotification> {
    const { order, kind, text } = news;
    const organisationId = news.to === 'buyer' ? order.buyerId : order.sellerId;
    const audience: Audience = organisationId ? { permission: PERMISSION, organisationId } : { permission: PERMISSION };
    const link = organisationId ? partnerOrderPath(order.id) : staffOrderPath(order.id);
    const heading = HEADINGS[kind](order.number);
    const stored = await notifications.notify(tx, { ...audience, kind: `order_${kind}`, title: heading, body: text ?? '', link });
    const to = organisationId ? await partnerRecipients(tx, organisationId, news.to === 'buyer' ? order.placedBy : null) : await staffTeam(tx);
    const status = kind === 'placed' || kind === 'message' ? null : ORDER_STATUS_LABELS[kind];
    const lines = [
      kind === 'message' ? `A new message on order ${order.number}:` : `Order ${order.number} is now ${(status ?? 'Submitted').toLowerCase()}.`,
      ...(text ? [text] : []),
    ];
    for (const address of to) await mailer.send(orderEmail(address, heading, lines, origin + link), tx);
    return stored;
  }
  return { tell };
}
