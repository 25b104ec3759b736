// The daily licence check (job `partners.licence-check`): an organisation whose licence ends within
// 30 days is warned, again at 7 days, and once more when it has expired — each stage once
// (`licence_warned_stage`). A warning is a notification for staff who run partners, one for the
// organisation's people, and an email to the organisation's address and its members; the stage,
// the notifications, the emails and the audit row commit together, so a job run twice warns once.
// An expired licence stops the members trading (their standing is computed at each session
// resolve); the check evicts their cached sessions so it shows at once.
import { and, eq, gt, isNull, lte, ne, or } from 'drizzle-orm';
import { href } from 'react-router';
import { addDays, daysUntil, licenceWarningStage } from '../../../shared/licence';
import { LICENCE_WARNING_DAYS, ORGANISATION_TYPE_LABELS, partnerTypeOf, todayUtc } from '../../../shared/partners';
import type { Db, DbOrTx } from '../../db/client';
import { organisations, users } from '../../db/schema';
import { SYSTEM_ACTOR } from '../../core/actor';
import { recordAudit } from '../audit';
import type { NotificationService, StoredNotification } from '../notifications';
import type { Mailer } from '../../mail/mailer';
import * as templates from '../../mail/templates';

type Organisation = typeof organisations.$inferSelect;

export interface LicenceCheckDeps {
  db: Db;
  notifications: NotificationService;
  mailer: Mailer;
  origin: string;
  now: () => number;
  /** Evicts the members' cached sessions (their standing changed). */
  announceMembers: (organisationId: string) => Promise<void>;
}

const longDate = (d: string) =>
  new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${d}T00:00:00Z`));

/** Who is emailed: the organisation's own address and its active members, each once. */
async function recipients(tx: DbOrTx, org: Organisation): Promise<string[]> {
  const members = await tx
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.organisationId, org.id), eq(users.status, 'active')));
  return [...new Set([org.email, ...members.map((m) => m.email)].map((e) => e.trim().toLowerCase()).filter(Boolean))];
}

export function createLicenceCheck(deps: LicenceCheckDeps) {
  const { db, notifications, mailer, now } = deps;

  /** Warns one organisation at `stage` unless it was warned at this stage (or a later one) already. */
  async function warn(org: Organisation, stage: number, today: string): Promise<StoredNotification[]> {
    return db.transaction(async (tx) => {
      const [claimed] = await tx
        .update(organisations)
        .set({ licenceWarnedStage: stage, licenceWarnedAt: new Date(now()) })
        .where(
          and(
            eq(organisations.id, org.id),
            // Renewed meanwhile (the date changed): this warning is stale.
            eq(organisations.licenceExpiresOn, org.licenceExpiresOn),
            or(isNull(organisations.licenceWarnedStage), gt(organisations.licenceWarnedStage, stage)),
          ),
        )
        .returning({ id: organisations.id });
      if (!claimed) return [];
      const days = daysUntil(org.licenceExpiresOn, today);
      const expired = stage === 0;
      const lastDay = longDate(org.licenceExpiresOn);
      const when = expired
        ? `expired (last valid day ${lastDay})`
        : days === 0
          ? `expires today`
          : `expires in ${days} day${days === 1 ? '' : 's'} (${lastDay})`;
      const staffNotice = await notifications.notify(tx, {
        kind: 'licence_warning',
        title: expired ? `Licence of ${org.tradingName} has expired` : `Licence of ${org.tradingName} ${when}`,
        body: `${ORGANISATION_TYPE_LABELS[partnerTypeOf(org.type)]} · licence ${org.licenceNumber} (${org.licenceJurisdiction}) · ${expired ? 'its members cannot trade until it is renewed' : `last valid day ${lastDay}`}`,
        link: href('/admin/dashboard/partners/:id', { id: org.id }),
        permission: 'users:manage',
        organisationId: org.id,
      });
      // Every partner role holds `marketing:request` (shared/policy.ts), so every member sees it.
      const memberNotice = await notifications.notify(tx, {
        kind: 'licence_warning',
        title: expired ? 'Your licence has expired' : `Your licence ${when}`,
        body: expired
          ? 'You can still sign in and read, but cannot place or approve anything until Frolic records the renewed licence.'
          : 'Send the renewed licence to your Frolic account manager before it expires.',
        link: href('/partner/dashboard'),
        permission: 'marketing:request',
        organisationId: org.id,
      });
      const url = `${deps.origin}${href('/partner-login')}`;
      for (const to of await recipients(tx, org))
        await mailer.send(templates.licenceWarning(to, org.tradingName, org.licenceNumber, lastDay, expired ? -1 : days, url), tx);
      await recordAudit(tx, SYSTEM_ACTOR, {
        action: 'LICENCE_WARNING',
        tableName: 'organisations',
        recordId: org.id,
        oldValues: { licenceWarnedStage: org.licenceWarnedStage },
        newValues: { licenceWarnedStage: stage, licenceExpiresOn: org.licenceExpiresOn },
      });
      return [staffNotice, memberNotice];
    });
  }

  /** One run: every licence due a warning today. Answers how many organisations were warned. */
  return async function checkLicences(): Promise<{ warned: string[] }> {
    const today = todayUtc(now());
    const due = await db
      .select()
      .from(organisations)
      .where(
        and(
          // The partners' licences: the brand's own is staff's to keep (Brand details), not a partner to warn.
          ne(organisations.type, 'brand'),
          lte(organisations.licenceExpiresOn, addDays(today, LICENCE_WARNING_DAYS[0])),
          or(isNull(organisations.licenceWarnedStage), gt(organisations.licenceWarnedStage, 0)),
        ),
      );
    const warned: string[] = [];
    for (const org of due) {
      const stage = licenceWarningStage(org.licenceExpiresOn, today);
      if (stage === null || (org.licenceWarnedStage !== null && org.licenceWarnedStage <= stage)) continue;
      const notices = await warn(org, stage, today);
      if (!notices.length) continue;
      warned.push(org.id);
      for (const n of notices) await notifications.announce(n);
      await deps.announceMembers(org.id);
    }
    return { warned };
  };
}
