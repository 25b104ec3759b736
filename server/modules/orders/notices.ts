// Who hears about a trade order, and what they are told: the bell (an audience) and email, written
// inside the transaction of the change they announce (as marketing requests do). A partner side is
// its organisation — members holding Order Management see the entry; the organisation's address and
// the member who placed the order, when of that side (the buyer's member for an order, the
// supplier's for an allocation offer), get the email. The brand's side is the staff holding Order
// Management.
import { href } from 'react-router';
import { ORDER_STATUS_LABELS, type OrderStatus } from '../../../shared/orders';
import { plural } from '../../../shared/plural';
import type { Audience } from '../../auth/authorize';
import type { DbOrTx } from '../../db/client';
import type { Mailer } from '../../mail/mailer';
import { orderEmail } from '../../mail/templates';
import type { NotificationService, StoredNotification } from '../notifications';
import { organisationRecipients, staffTeam } from '../notifications';
import { brandId } from '../../db/brand';

const PERMISSION = 'orders:manage';

/** Where an order's page is for each side: the partner order page, or Trade orders for the brand's staff. */
export const partnerOrderPath = (id: number) => href('/partner/dashboard/orders/:id', { id: String(id) });
export const staffOrderPath = (id: number) => href('/admin/dashboard/trade-orders/:id', { id: String(id) });

export interface OrderRef {
  id: number;
  number: string;
  buyerId: string;
  sellerId: string;
  placedBy: string | null;
}

export type OrderNewsKind =
  'placed' | 'offered' | 'accepted' | 'declined' | 'withdrawn' | 'approved' | 'rejected' | 'cancelled' | 'shipped' | 'delivered' | 'message';

export interface OrderNews {
  kind: OrderNewsKind;
  order: OrderRef;
  /** Who is told: the buyer's side or the seller's. */
  to: 'buyer' | 'seller';
  /** A reason, note or message to quote. */
  text?: string;
  /** An allocation offer: who offered it and how many cases, for its heading. */
  offer?: { from: string; cases: number };
}

const HEADINGS: Record<OrderNewsKind, (n: string, news: OrderNews) => string> = {
  placed: (n) => `New order ${n}`,
  offered: (n, { offer }) => `${offer?.from ?? 'Your supplier'} offered you ${plural(offer?.cases ?? 0, 'case')} (order ${n})`,
  accepted: (n) => `Offer ${n} was accepted`,
  declined: (n) => `Offer ${n} was declined`,
  withdrawn: (n) => `Offer ${n} was withdrawn`,
  approved: (n) => `Order ${n} was approved`,
  rejected: (n) => `Order ${n} was rejected`,
  cancelled: (n) => `Order ${n} was cancelled`,
  shipped: (n) => `Order ${n} was shipped`,
  delivered: (n) => `Order ${n} was delivered`,
  message: (n) => `New message on order ${n}`,
};

/** The state each piece of news leaves the order in, for the email's sentence. */
const STATUS_OF: Record<Exclude<OrderNewsKind, 'placed' | 'message'>, OrderStatus> = {
  offered: 'offered',
  accepted: 'approved',
  declined: 'declined',
  withdrawn: 'cancelled',
  approved: 'approved',
  rejected: 'rejected',
  cancelled: 'cancelled',
  shipped: 'shipped',
  delivered: 'delivered',
};

export function createOrderNotices(notifications: NotificationService, mailer: Mailer, origin: string) {
  /** Stores the bell entry and the emails of one piece of news inside `tx`; announce the result after the commit. */
  async function tell(tx: DbOrTx, news: OrderNews): Promise<StoredNotification> {
    const { order, kind, text } = news;
    // The brand's side is its staff (no member of the brand's row): the bell and emails of staff.
    const party = news.to === 'buyer' ? order.buyerId : order.sellerId;
    const organisationId = party === (await brandId(tx)) ? null : party;
    const audience: Audience = organisationId ? { permission: PERMISSION, organisationId } : { permission: PERMISSION };
    const link = organisationId ? partnerOrderPath(order.id) : staffOrderPath(order.id);
    const heading = HEADINGS[kind](order.number, news);
    const stored = await notifications.notify(tx, { ...audience, kind: `order_${kind}`, title: heading, body: text ?? '', link });
    // The member who placed the order is emailed when it is in the organisation told: the buyer's for an
    // order it placed, the supplier's for an allocation offer its member made.
    const to = organisationId ? await organisationRecipients(tx, organisationId, order.placedBy) : await staffTeam(tx, PERMISSION);
    const status = kind === 'placed' || kind === 'message' ? null : ORDER_STATUS_LABELS[STATUS_OF[kind]];
    const lines = [
      kind === 'message' ? `A new message on order ${order.number}:` : `Order ${order.number} is now ${(status ?? 'Submitted').toLowerCase()}.`,
      ...(text ? [text] : []),
    ];
    for (const address of to) await mailer.send(orderEmail(address, heading, lines, origin + link), tx);
    return stored;
  }
  return { tell };
}
