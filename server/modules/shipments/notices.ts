// Who hears about a shipment or a receipt, and what they are told: the bell (the side's organisation,
// members holding Order Management) and email (the organisation's address, and the people concerned:
// on the retailer's side those who placed the orders shipped, on the distributor's who made the
// shipment), written inside the transaction of the change they announce.
import type { AnyOrganisationType } from '../../../shared/partners';
import { pagesAsBuyer, pagesAsSupplier, tradeDocumentPath } from '../../../shared/trade-pages';
import type { DbOrTx } from '../../db/client';
import type { Mailer } from '../../mail/mailer';
import { shipmentEmail } from '../../mail/templates';
import type { Audience } from '../../auth/authorize';
import { brandId } from '../../db/brand';
import { organisationRecipients, staffTeam } from '../notifications';
import type { NotificationService, StoredNotification } from '../notifications';
import { organisationTypeOf } from '../trade';

const PERMISSION = 'orders:manage' as const;

/**
 * Where a shipment's page is for each side, by the side's organisation type (shared/trade-pages.ts):
 * the sender's Shipments (an importer's under supplier/, a distributor's at spec §2's path, the
 * brand's in the admin area), the recipient's Receipts (the retailer's Upload Receipts). Without a
 * type, spec §2's distributor and retailer pages.
 */
export const senderShipmentPath = (id: number, type?: AnyOrganisationType | null) =>
  tradeDocumentPath(type, 'shipment', id) ?? pagesAsSupplier(null).shipment(id);
export const recipientShipmentPath = (id: number, type?: AnyOrganisationType | null) =>
  tradeDocumentPath(type, 'receipt', id) ?? pagesAsBuyer(null).receipt(id);

export type ShipmentNewsKind = 'created' | 'shipped' | 'in_transit' | 'exception' | 'resume' | 'discarded' | 'received' | 'discrepancy' | 'resolved';

export interface ShipmentNews {
  kind: ShipmentNewsKind;
  shipment: { id: number; number: string; senderId: string; recipientId: string };
  to: 'sender' | 'recipient';
  /** People of that side to email besides the organisation's address (inactive ones or other organisations' are skipped). */
  people: (string | null)[];
  /** A reason or note to quote. */
  text?: string;
}

const HEADINGS: Record<ShipmentNewsKind, (n: string) => string> = {
  created: (n) => `Shipment ${n} is being prepared`,
  shipped: (n) => `Shipment ${n} was shipped`,
  in_transit: (n) => `Shipment ${n} is in transit`,
  exception: (n) => `Shipment ${n} is held up`,
  resume: (n) => `Shipment ${n} is back in transit`,
  discarded: (n) => `Shipment ${n} was called off`,
  received: (n) => `Shipment ${n} was received in full`,
  discrepancy: (n) => `Shipment ${n} arrived short or damaged`,
  resolved: (n) => `The discrepancy on shipment ${n} was answered`,
};

/** The side's addresses: its own and those of the people concerned (each while active and a member), each once. */
async function recipients(tx: DbOrTx, organisationId: string, people: (string | null)[]): Promise<string[]> {
  const ids = [...new Set(people.filter((p): p is string => !!p))];
  const out = new Set<string>();
  for (const id of ids.length ? ids : [null]) for (const address of await organisationRecipients(tx, organisationId, id)) out.add(address);
  return [...out];
}

export function createShipmentNotices(notifications: NotificationService, mailer: Mailer, origin: string) {
  /** Stores the bell entry and the emails of one piece of news inside `tx`; announce the result after the commit. */
  async function tell(tx: DbOrTx, news: ShipmentNews): Promise<StoredNotification> {
    const { shipment, kind, text } = news;
    const party = news.to === 'sender' ? shipment.senderId : shipment.recipientId;
    // The brand's side is its staff (no member of the brand's row): the bell and emails of staff.
    const organisationId = party === (await brandId(tx)) ? null : party;
    const type = await organisationTypeOf(tx, party);
    const link = news.to === 'sender' ? senderShipmentPath(shipment.id, type) : recipientShipmentPath(shipment.id, type);
    const heading = HEADINGS[kind](shipment.number);
    const audience: Audience = organisationId ? { permission: PERMISSION, organisationId } : { permission: PERMISSION };
    const stored = await notifications.notify(tx, { ...audience, kind: `shipment_${kind}`, title: heading, body: text ?? '', link });
    const lines = [`${heading}.`, ...(text ? [text] : [])];
    const to = organisationId ? await recipients(tx, organisationId, news.people) : await staffTeam(tx, PERMISSION);
    for (const address of to) await mailer.send(shipmentEmail(address, heading, lines, origin + link), tx);
    return stored;
  }
  return { tell };
}
