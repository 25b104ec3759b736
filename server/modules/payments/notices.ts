// Who hears about a payment or an overdue invoice, and what they are told: a bell entry for the
// organisation (its members holding Order Management see it) and emails, written inside the
// transaction of the change they announce. A side's emails go to the organisation's address and to
// its active members whose roles hold Order Management; the payer's side also to the member who
// recorded the payment (whatever their roles), so the person who paid hears how it went.
import { and, eq, inArray } from 'drizzle-orm';
import { href } from 'react-router';
import type { DbOrTx } from '../../db/client';
import { organisations, rolePermissions, userRoles, users } from '../../db/schema';
import type { Mailer } from '../../mail/mailer';
import { paymentEmail } from '../../mail/templates';
import type { NotificationService, StoredNotification } from '../notifications/service';

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
  /** A member who should hear it by email whatever their roles (who recorded the payment). */
  alsoUserId?: string | null;
}

/** The organisation's address and its active members holding Order Management (and `alsoUserId`), each once. */
async function recipients(tx: DbOrTx, organisationId: string, alsoUserId: string | null | undefined): Promise<string[]> {
  const [org] = await tx.select({ email: organisations.email }).from(organisations).where(eq(organisations.id, organisationId));
  const handlers = await tx
    .selectDistinct({ email: users.email })
    .from(users)
    .innerJoin(userRoles, eq(userRoles.userId, users.id))
    .innerJoin(rolePermissions, and(eq(rolePermissions.role, userRoles.role), eq(rolePermissions.permission, PERMISSION)))
    .where(and(eq(users.organisationId, organisationId), eq(users.status, 'active')));
  const also = alsoUserId
    ? await tx
        .select({ email: users.email })
        .from(users)
        .where(and(inArray(users.id, [alsoUserId]), eq(users.organisationId, organisationId), eq(users.status, 'active')))
    : [];
  return [...new Set([org?.email ?? '', ...handlers.map((h) => h.email), ...also.map((a) => a.email)].map((e) => e.trim().toLowerCase()).filter(Boolean))];
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
    for (const to of await recipients(tx, news.organisationId, news.alsoUserId)) await mailer.send(paymentEmail(to, news.title, news.lines, origin + link), tx);
    return stored;
  }
  return { tell };
}
