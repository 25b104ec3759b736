// Who hears about a payment or an overdue invoice, and what they are told: a bell entry for the
// organisation (its members holding Order Management see it) and emails — as for invoices, money of
// the whole organisation: its own address and every active member (notifications/recipients.ts) —
// written inside the transaction of the change they announce. The brand's side is its staff (nobody
// is a member of the brand's row): the bell and emails of staff holding Order Management, the link to
// its screen (shared/trade-pages.ts).
import { href } from 'react-router';
import type { AnyOrganisationType } from '../../../shared/partners';
import { buyerPages, supplierPages } from '../../../shared/trade-pages';
import { brandId } from '../../db/brand';
import type { DbOrTx } from '../../db/client';
import type { Mailer } from '../../mail/mailer';
import { paymentEmail } from '../../mail/templates';
import { organisationAndMembers, staffTeam } from '../notifications';
import type { NotificationService, StoredNotification } from '../notifications';
import { organisationTypeOf } from '../trade';

const PERMISSION = 'orders:manage';

export type PaymentsSide = 'paying' | 'receiving';

/**
 * The Payments page on the told organisation's side (shared/trade-pages.ts): the paying side is every
 * buyer's, the receiving side a supplier's (an importer's and a distributor's own tab; the brand's is
 * staff's, in the admin area). Without a side, the page as it opens for that organisation.
 */
export const paymentsPath = (type?: AnyOrganisationType | null, side?: PaymentsSide): string =>
  (side === 'paying' ? buyerPages(type)?.payments : supplierPages(type)?.payments) ?? href('/partner/dashboard/payments');

export type PaymentNewsKind = 'payment_recorded' | 'payment_settled' | 'payment_failed' | 'credit_applied' | 'invoice_overdue';

/** The side of the Payments page each piece of news is about: the payee hears of a payment and of credit used, the payer of its outcome. */
const SIDE_OF: Record<PaymentNewsKind, PaymentsSide | undefined> = {
  payment_recorded: 'receiving',
  credit_applied: 'receiving',
  payment_settled: 'paying',
  payment_failed: 'paying',
  invoice_overdue: undefined,
};

export interface PaymentNews {
  kind: PaymentNewsKind;
  /** The organisation told. */
  organisationId: string;
  title: string;
  /** The email's paragraphs; the first is also the bell entry's body. */
  lines: string[];
  /** The side of the Payments page the link opens (by the kind when not given: an overdue invoice's customer pays, its issuer receives). */
  side?: PaymentsSide;
}

export function createPaymentNotices(notifications: NotificationService, mailer: Mailer, origin: string) {
  /** Stores the bell entry and the emails of one piece of news inside `tx`; announce the result after the commit. */
  async function tell(tx: DbOrTx, news: PaymentNews): Promise<StoredNotification> {
    const brand = news.organisationId === (await brandId(tx));
    const link = paymentsPath(await organisationTypeOf(tx, news.organisationId), news.side ?? SIDE_OF[news.kind]);
    const stored = await notifications.notify(tx, {
      kind: news.kind,
      title: news.title,
      body: news.lines[0] ?? '',
      link,
      permission: PERMISSION,
      ...(brand ? {} : { organisationId: news.organisationId }),
    });
    const recipients = brand ? await staffTeam(tx, PERMISSION) : await organisationAndMembers(tx, news.organisationId);
    for (const to of recipients) await mailer.send(paymentEmail(to, news.title, news.lines, origin + link), tx);
    return stored;
  }
  return { tell };
}
