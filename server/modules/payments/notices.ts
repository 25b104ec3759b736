// Who hears about a payment or an overdue invoice, and what they are told: a bell entry for the
// organisation (its members holding Order Management see it) and emails — as for invoices, money of
// the whole organisation: its own address and every active member (notifications/recipients.ts) —
// written inside the transaction of the change they announce.
import { href } from 'react-router';
import type { DbOrTx } from '../../db/client';
import type { Mailer } from '../../mail/mailer';
import { paymentEmail } from '../../mail/templates';
import { organisationAndMembers } from '../notifications';
import type { NotificationService, StoredNotification } from '../notifications';

const PERMISSION = 'orders:manage';

export const paymentsPath = () => href('/partner/dashboard/payments');

export type PaymentNewsKind = 'payment_recorded' | 'payment_settled' | 'payment_failed' | 'credit_applied' | 'invoice_overdue';

export interface PaymentNews {
  kind: PaymentNewsKind;
  /** The organisation told. */
  organisationId: string;
  title: string;
  /** The email's paragraphs; the first is also the bell entry's body. */
  lines: string[];
}

export function createPaymentNotices(notifications: NotificationService, mailer: Mailer, origin: string) {
  /** Stores the bell entry and the emails of one piece of news inside `tx`; announce the result after the commit. */
  async function tell(tx: DbOrTx, news: PaymentNews): Promise<StoredNotification> {
    const link = paymentsPath();
    const stored = await notifications.notify(tx, {
      kind: news.kind,
      title: news.title,
      body: news.lines[0] ?? '',
      link,
      permission: PERMISSION,
      organisationId: news.organisationId,
    });
    for (const to of await organisationAndMembers(tx, news.organisationId)) await mailer.send(paymentEmail(to, news.title, news.lines, origin + link), tx);
    return stored;
  }
  return { tell };
}
