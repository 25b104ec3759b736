// What every payment action works with: the access check and the viewer's side of a payment, the
// rows (read, or locked), the trading standing, the shared decision the Payments page offers its
// buttons from (shared/payment-actions.ts), and the write that tells both sides after its commit.
import { eq } from 'drizzle-orm';
import { formatPrice } from '../../../shared/markets';
import { todayUtc } from '../../../shared/partners';
import { type PaymentFacts, paymentActionRefusal } from '../../../shared/payment-actions';
import type { PaymentAction, PaymentSide, PaymentView } from '../../../shared/payment-views';
import { allocatedMinor } from '../../../shared/schemas/payments';
import type { Viewer } from '../../auth/authorize';
import { refusalError } from '../../core/action-refusal';
import { notFound } from '../../core/errors';
import type { Db, Tx } from '../../db/client';
import { paymentAllocations, payments } from '../../db/schema';
import type { Jobs } from '../../jobs/registry';
import type { ChangeFeed } from '../../realtime/changes';
import type { PaidOrder } from '../orders';
import { brandId } from '../../db/brand';
import { createAllow, createTradeWriter, partnerOrganisation, partyAudiences, requireAnyScope, rowReader, type TradeDeps, tradingOrganisation } from '../trade';
import { createPaymentNotices, type PaymentNews } from './notices';
import { type PaymentRow, paymentViews } from './views';

/** The live channel's topic for a payment (`{ type: 'changed', topic, id }`). */
export const PAYMENT_TOPIC = 'payment';
export const PERMISSION = 'orders:manage';

/** Which door: a partner's own routes, or staff's (Order Management over every organisation, acting for the brand). */
export type PaymentChannel = 'partner' | 'staff';

export interface PaymentDeps extends TradeDeps {
  jobs?: Jobs;
  /** The change feed: the figures cache hears every organisation's live signals on it. */
  feed?: ChangeFeed;
}

/** What a payment write tells after its commit. */
export interface Effects {
  tell: (news: PaymentNews) => Promise<void>;
  touch: (payment: Pick<PaymentRow, 'id' | 'payerId' | 'payeeId'>) => void;
  ordersPaid: (orders: PaidOrder[]) => void;
}

export function createPaymentContext(deps: PaymentDeps) {
  const { db } = deps;
  const now = deps.now ?? Date.now;
  const today = () => todayUtc(now());
  const notices = createPaymentNotices(deps.notifications, deps.mailer, deps.origin);
  const writer = createTradeWriter(deps, PAYMENT_TOPIC);
  const allow = createAllow(deps.access, 'Payment');
  const requirePayment = rowReader(db, payments, 'Payment');

  /**
   * The viewer's side of a payment, or not found (another organisation's). Staff come through their
   * own routes (`channel` 'staff', a grant over every organisation) and act for the brand: only the
   * brand's payments exist there.
   */
  async function sideOf(viewer: Viewer, row: PaymentRow, act = false, channel: PaymentChannel = 'partner'): Promise<PaymentSide> {
    let mine: string | null;
    if (channel === 'staff') {
      requireAnyScope(await allow(viewer, { permission: PERMISSION, ...(act ? { act: true } : {}) }));
      mine = await brandId(db);
    } else {
      await allow(viewer, { permission: PERMISSION, resource: { organisationIds: [row.payerId, row.payeeId] }, ...(act ? { act: true } : {}) });
      mine = viewer.organisationId;
    }
    if (mine === row.payerId) return 'payer';
    if (mine === row.payeeId) return 'payee';
    throw notFound('Payment');
  }

  /** The organisation the viewer acts for on `channel`: a partner's own (none: null), the brand's for staff over every organisation. */
  async function organisationFor(viewer: Viewer | null, channel: PaymentChannel): Promise<string | null> {
    if (channel === 'staff') {
      requireAnyScope(await allow(viewer, { permission: PERMISSION }));
      return brandId(db);
    }
    const organisationId = viewer?.organisationId ?? null;
    await allow(viewer, organisationId ? { permission: PERMISSION, resource: { organisationIds: [organisationId] } } : { permission: PERMISSION });
    return organisationId;
  }

  /** Runs a write; after the commit its bell entries are announced and both sides' open pages (payments, orders) hear of it. */
  function write<T>(fn: (tx: Tx, fx: Effects) => Promise<T>): Promise<T> {
    return writer.write((tx, after) =>
      fn(tx, {
        tell: async (news) => after.told(await notices.tell(tx, news)),
        touch: (p) => after.changed(PAYMENT_TOPIC, p.id, partyAudiences(p.payerId, p.payeeId)),
        ordersPaid: (orders) => orders.forEach((o) => after.orderChanged(o)),
      }),
    );
  }

  async function signal(id: number | null, payerId: string, payeeId: string) {
    await deps.live?.changed({ topic: PAYMENT_TOPIC, id, audiences: partyAudiences(payerId, payeeId) });
  }

  async function view(row: PaymentRow, viewerOrg: string): Promise<PaymentView> {
    const [v] = await paymentViews(db, [row], viewerOrg);
    return v!;
  }

  /** The facts the shared decision reads (shared/payment-actions.ts): the payment's state and what its allocations take of it. */
  async function paymentFacts(tx: Db | Tx, row: PaymentRow, side: PaymentSide): Promise<PaymentFacts> {
    const allocs = await tx.select().from(paymentAllocations).where(eq(paymentAllocations.paymentId, row.id));
    return { status: row.status, side, amountMinor: row.amountMinor, allocatedMinor: allocatedMinor(allocs) };
  }

  /** Refuses `action` unless the shared decision the Payments page offers its buttons from allows it. */
  async function refuseUnless(tx: Db | Tx, action: PaymentAction, row: PaymentRow, side: PaymentSide, only?: 'wrong_side') {
    const refusal = paymentActionRefusal(action, await paymentFacts(tx, row, side));
    if (refusal && (!only || refusal.code === only)) throw refusalError(refusal, refusal.code === 'invalid_transition' ? { from: row.status } : undefined);
  }

  return {
    db,
    deps,
    now,
    today,
    notices,
    allow,
    /** The viewer's organisation for a write: a partner member's, or a refusal. */
    ownOrganisation: (viewer: Viewer) => partnerOrganisation(viewer, 'Only a member of a partner organisation can do this.'),
    requirePayment,
    sideOf,
    organisationFor,
    /** An organisation, read afresh in the write: it must be able to trade today. */
    tradingOrganisation: (tx: Tx, organisationId: string) => tradingOrganisation(tx, organisationId, now),
    write,
    signal,
    view,
    money: (minor: number, currency: string) => formatPrice(minor, currency),
    refuseUnless,
  };
}

export type PaymentContext = ReturnType<typeof createPaymentContext>;
