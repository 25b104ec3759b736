// Who hears about a marketing request, and what they are told: the bell (an audience) and email,
// written inside the transaction of the change they announce. The partner's side is the
// organisation — its members who may make requests see the entry; the requester and the
// organisation's address get the email. The brand's side is staff who handle requests — every one of
// them for a new request; the colleague handling it (who decided it, or last wrote in its thread) for
// a partner's comment, or all of them while nobody has.
import { and, desc, eq, isNotNull } from 'drizzle-orm';
import { href } from 'react-router';
import type { Audience } from '../../auth/authorize';
import type { DbOrTx } from '../../db/client';
import { marketingRequestComments, type organisations, users } from '../../db/schema';
import type { Mailer } from '../../mail/mailer';
import { marketingRequestEmail } from '../../mail/templates';
import type { NotificationService, StoredNotification } from '../notifications';
import { organisationRecipients, staffTeam } from '../notifications';
import type { RequestRow } from './queries';

const PERMISSION = 'marketing:requests';

export const staffRequestPath = (id: number) => href('/admin/dashboard/marketing/requests/:id', { id: String(id) });
export const partnerRequestPath = (id: number) => href('/partner/dashboard/marketing/requests/:id', { id: String(id) });

type Org = Pick<typeof organisations.$inferSelect, 'id' | 'tradingName' | 'email'>;

/** The colleague handling the request (who decided it, or last wrote in its thread), if still active. */
async function handler(tx: DbOrTx, request: RequestRow): Promise<string | null> {
  let id = request.decidedBy;
  if (!id) {
    const [last] = await tx
      .select({ authorId: marketingRequestComments.authorId })
      .from(marketingRequestComments)
      .where(
        and(eq(marketingRequestComments.requestId, request.id), eq(marketingRequestComments.fromStaff, true), isNotNull(marketingRequestComments.authorId)),
      )
      .orderBy(desc(marketingRequestComments.id))
      .limit(1);
    id = last?.authorId ?? null;
  }
  if (!id) return null;
  const [user] = await tx
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.id, id), eq(users.status, 'active')));
  return user?.email ?? null;
}

export type NewsKind = 'created' | 'partner_comment' | 'approved' | 'declined' | 'fulfilled' | 'staff_comment';

export interface News {
  kind: NewsKind;
  request: RequestRow;
  org: Org;
  /** The comment (a decision's, a fulfilment's or the thread's). */
  comment?: string;
  /** Who wrote it (a partner's comment), for the staff's email. */
  authorName?: string;
}

export function createNotices(notifications: NotificationService, mailer: Mailer, origin: string) {
  /** Stores the bell entry and the emails of one piece of news inside `tx`; announce the result after the commit. */
  async function tell(tx: DbOrTx, news: News): Promise<StoredNotification> {
    const { kind, request, org, comment } = news;
    const title = `“${request.title}”`;
    if (kind === 'created' || kind === 'partner_comment') {
      const audience: Audience = { permission: PERMISSION, organisationId: org.id };
      const link = staffRequestPath(request.id);
      const heading = kind === 'created' ? `New marketing request from ${org.tradingName}` : `${org.tradingName} commented on a marketing request`;
      const stored = await notifications.notify(tx, { ...audience, kind: `marketing_request_${kind}`, title: heading, body: request.title, link });
      const to =
        kind === 'created' ? await staffTeam(tx, PERMISSION) : await handler(tx, request).then(async (one) => (one ? [one] : staffTeam(tx, PERMISSION)));
      const lines =
        kind === 'created'
          ? [`${org.tradingName} asked for ${title}.`, request.details || 'No further details were given.', 'Approve or decline it in Collateral & Events.']
          : [`${news.authorName ?? 'Someone'} of ${org.tradingName} wrote on ${title}:`, comment ?? ''];
      for (const address of to) await mailer.send(marketingRequestEmail(address, heading, lines, origin + link), tx);
      return stored;
    }
    const audience: Audience = { permission: 'marketing:request', organisationId: org.id };
    const link = partnerRequestPath(request.id);
    const heading = {
      approved: 'Your marketing request was approved',
      declined: 'Your marketing request was declined',
      fulfilled: 'Your marketing request was fulfilled',
      staff_comment: 'Frolic commented on your marketing request',
    }[kind];
    const stored = await notifications.notify(tx, { ...audience, kind: `marketing_request_${kind}`, title: heading, body: request.title, link });
    const said = comment ? [kind === 'staff_comment' ? comment : `Frolic's comment: ${comment}`] : [];
    const lines = [
      `Hello ${org.tradingName},`,
      kind === 'staff_comment' ? `Frolic wrote on your request ${title}:` : `Frolic ${kind === 'fulfilled' ? 'fulfilled' : kind} your request ${title}.`,
      ...said,
    ];
    for (const address of await organisationRecipients(tx, org.id, request.requestedBy))
      await mailer.send(marketingRequestEmail(address, heading, lines, origin + link), tx);
    return stored;
  }
  return { tell };
}
