// The daily overdue check (job `payments.overdue-check`): an issued invoice still owing is announced
// to both sides — the retailer that owes and the distributor owed — when it falls overdue and again
// at 31, 61 and 91 days (shared/payments.ts OVERDUE_STAGES), each stage once per invoice. The stage
// already told is read from the invoice's own audit rows (action INVOICE_OVERDUE), under the
// invoice's row lock in the transaction that writes the bell entries, the emails and the next audit
// row: a job that runs twice, or on two instances, tells once. A run that missed days tells only the
// stage reached, not the ones it skipped.
import { and, asc, eq, lt, sql } from 'drizzle-orm';
import { formatPrice } from '../../../shared/markets';
import { daysPastDue, overdueStage } from '../../../shared/payments';
import type { Db } from '../../db/client';
import { auditLogs, invoices, organisations } from '../../db/schema';
import { SYSTEM_ACTOR } from '../../core/actor';
import { recordAudit } from '../audit';
import type { NotificationService, StoredNotification } from '../notifications';
import { OWED } from './credit-hold';
import type { createPaymentNotices } from './notices';

export const OVERDUE_ACTION = 'INVOICE_OVERDUE';

/** The latest stage told for an invoice (0: none), from its audit rows. */
const toldStage = (invoiceId: unknown) =>
  sql<number>`coalesce((select max((${auditLogs.newValues}->>'stage')::int) from ${auditLogs} where ${auditLogs.tableName} = 'invoices' and ${auditLogs.recordId} = (${invoiceId})::text and ${auditLogs.action} = ${OVERDUE_ACTION}), 0)`;

/** The stage an invoice has reached today, in SQL (the same edges as `overdueStage`). */
const reachedStage = (today: string) =>
  sql<number>`case when (${today}::date - ${invoices.dueOn}) >= 91 then 91 when (${today}::date - ${invoices.dueOn}) >= 61 then 61 when (${today}::date - ${invoices.dueOn}) >= 31 then 31 else 1 end`;

export interface OverdueDeps {
  db: Db;
  notifications: NotificationService;
  notices: ReturnType<typeof createPaymentNotices>;
  now: () => number;
  /** Tells both sides' open pages (after the commit). */
  signal: (invoice: { id: number; issuerId: string; customerId: string }) => Promise<void>;
}

export function createOverdueCheck(deps: OverdueDeps) {
  const { db, notices, now } = deps;

  async function tell(invoiceId: number, today: string): Promise<StoredNotification[]> {
    return db.transaction(async (tx) => {
      const [inv] = await tx.select().from(invoices).where(eq(invoices.id, invoiceId)).for('update');
      if (!inv?.dueOn || inv.state !== 'issued' || inv.kind !== 'invoice') return [];
      const owed = inv.totalMinor - inv.paidMinor - inv.creditedMinor;
      const days = daysPastDue(inv.dueOn, today);
      const stage = overdueStage(days);
      if (owed <= 0 || stage === null) return [];
      const [told] = await tx
        .select({ stage: sql<number>`coalesce(max((${auditLogs.newValues}->>'stage')::int), 0)` })
        .from(auditLogs)
        .where(and(eq(auditLogs.tableName, 'invoices'), eq(auditLogs.recordId, String(inv.id)), eq(auditLogs.action, OVERDUE_ACTION)));
      if ((told?.stage ?? 0) >= stage) return [];
      const names = await tx
        .select({ id: organisations.id, name: organisations.tradingName })
        .from(organisations)
        .where(sql`${organisations.id} in (${inv.issuerId}, ${inv.customerId})`);
      const name = (id: string) => names.find((n) => n.id === id)?.name ?? '';
      const money = formatPrice(owed, inv.currency);
      const when = `${days} day${days === 1 ? '' : 's'} overdue (due ${inv.dueOn})`;
      const stored = [
        await notices.tell(tx, {
          kind: 'invoice_overdue',
          organisationId: inv.customerId,
          title: `Invoice ${inv.number} is overdue`,
          lines: [`Invoice ${inv.number} from ${name(inv.issuerId)} is ${when}: ${money} is still owed.`, 'Record a payment on the Payments page.'],
        }),
        await notices.tell(tx, {
          kind: 'invoice_overdue',
          organisationId: inv.issuerId,
          title: `Invoice ${inv.number} to ${name(inv.customerId)} is overdue`,
          lines: [`Invoice ${inv.number} to ${name(inv.customerId)} is ${when}: ${money} is still owed.`],
        }),
      ];
      await recordAudit(tx, SYSTEM_ACTOR, {
        action: OVERDUE_ACTION,
        tableName: 'invoices',
        recordId: inv.id,
        oldValues: { stage: told?.stage ?? 0 },
        newValues: { stage, daysOverdue: days, outstandingMinor: owed },
      });
      return stored;
    });
  }

  /** One run: every invoice that reached a stage not yet told. Answers the invoices told. */
  return async function checkOverdue(): Promise<{ told: number[] }> {
    const today = new Date(now()).toISOString().slice(0, 10);
    const due = await db
      .select({ id: invoices.id, issuerId: invoices.issuerId, customerId: invoices.customerId })
      .from(invoices)
      .where(
        and(
          eq(invoices.kind, 'invoice'),
          eq(invoices.state, 'issued'),
          sql`${OWED} > 0`,
          lt(invoices.dueOn, today),
          sql`${toldStage(invoices.id)} < ${reachedStage(today)}`,
        ),
      )
      .orderBy(asc(invoices.id));
    const told: number[] = [];
    for (const inv of due) {
      const stored = await tell(inv.id, today);
      if (!stored.length) continue;
      told.push(inv.id);
      for (const n of stored) await deps.notifications.announce(n);
      await deps.signal(inv);
    }
    return { told };
  };
}
