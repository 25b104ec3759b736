// A new request from the viewer's organisation, which must be able to trade: printed materials (the
// published collateral offered to its type), an event of its own, or a place at a published brand
// event that is not over (once per event while a request for it is open or approved).
import { and, eq, inArray } from 'drizzle-orm';
import type { OrganisationType } from '../../../../shared/partners';
import { todayUtc } from '../../../../shared/partners';
import type { MarketingRequestInput } from '../../../../shared/schemas/marketing-requests';
import type { Viewer } from '../../../auth/authorize';
import type { Actor } from '../../../core/actor';
import { AppError, notFound, type ErrorKind } from '../../../core/errors';
import type { Tx } from '../../../db/client';
import { brandEvents, collateralItems, marketingRequestItems, marketingRequests, type organisations } from '../../../db/schema';
import { recordAudit } from '../../audit';
import { utcToZoned } from '../../marketing';
import { partnerOrganisation } from '../../trade';
import { READ, type RequestContext } from '../context';
import type { RequestDetail, RequestRow } from '../queries';

const fieldRefusal = (code: string, kind: ErrorKind, message: string, path: string) => new AppError(code, kind, message, { details: [{ path, message }] });

async function insertRequest(
  ctx: RequestContext,
  tx: Tx,
  org: typeof organisations.$inferSelect,
  viewer: Viewer,
  input: MarketingRequestInput,
): Promise<RequestRow> {
  const notPast = (day: string, path: string, what: string) => {
    if (day < todayUtc(ctx.now())) throw fieldRefusal('date_in_past', 'invalid', `The ${what} is in the past: choose today or a later day.`, path);
  };
  const base = { organisationId: org.id, requestedBy: viewer.id, kind: input.kind, details: input.details };
  if (input.kind === 'materials') {
    notPast(input.neededBy, 'neededBy', 'needed-by date');
    const ids = input.items.map((i) => i.collateralId);
    const found = await tx
      .select({ id: collateralItems.id, title: collateralItems.title, audience: collateralItems.audience, published: collateralItems.published })
      .from(collateralItems)
      .where(inArray(collateralItems.id, ids));
    const byId = new Map(found.map((c) => [c.id, c]));
    const refused = input.items.flatMap((item, i) => {
      const c = byId.get(item.collateralId);
      return c && c.published && c.audience.includes(org.type as OrganisationType)
        ? []
        : [{ path: `items.${i}.collateralId`, message: `This item is not offered to ${org.type}s.` }];
    });
    if (refused.length)
      throw new AppError('collateral_unavailable', 'invalid', `Only published collateral offered to ${org.type}s can be requested.`, { details: refused });
    const named = input.items.map((i) => `${i.quantity} × ${byId.get(i.collateralId)?.title}`).join(', ');
    const title = input.title || (named.length <= 150 ? named : `${input.items.length} printed items`);
    const [row] = await tx
      .insert(marketingRequests)
      .values({ ...base, title, deliveryAddress: input.deliveryAddress, neededBy: input.neededBy })
      .returning();
    await tx.insert(marketingRequestItems).values(input.items.map((i) => ({ requestId: (row as RequestRow).id, ...i })));
    return row as RequestRow;
  }
  if (input.kind === 'event_proposal') {
    notPast(input.eventDate, 'eventDate', 'event date');
    const { kind: _k, details: _d, ...proposal } = input;
    const [row] = await tx
      .insert(marketingRequests)
      .values({ ...base, ...proposal, currency: input.budgetMinor === null ? null : org.currency })
      .returning();
    return row as RequestRow;
  }
  // A place at a published brand event that is not over; a draft or unknown one does not exist.
  const [event] = await tx
    .select()
    .from(brandEvents)
    .where(and(eq(brandEvents.id, input.eventId), eq(brandEvents.published, true)));
  if (!event) throw notFound('Event');
  if ((event.endsAt ?? event.startsAt).getTime() <= ctx.now()) throw fieldRefusal('event_over', 'invalid', 'This event has already taken place.', 'eventId');
  const [pending] = await tx
    .select({ id: marketingRequests.id })
    .from(marketingRequests)
    .where(and(eq(marketingRequests.organisationId, org.id), eq(marketingRequests.eventId, event.id), inArray(marketingRequests.status, ['open', 'approved'])))
    .limit(1);
  if (pending)
    throw new AppError('already_requested', 'conflict', 'Your organisation has already asked to join this event.', {
      details: { requestId: pending.id },
      hint: 'Follow the request you already made.',
    });
  const [row] = await tx
    .insert(marketingRequests)
    .values({
      ...base,
      title: `Join: ${event.title}`.slice(0, 200),
      eventId: event.id,
      eventDate: utcToZoned(event.startsAt, event.timezone).slice(0, 10),
      venue: event.venue,
      expectedGuests: input.expectedGuests,
    })
    .returning();
  return row as RequestRow;
}

/** A new request from the viewer's organisation, which must be able to trade. */
export async function create(ctx: RequestContext, viewer: Viewer, input: MarketingRequestInput, actor: Actor): Promise<RequestDetail> {
  await ctx.allow(viewer, { ...READ, act: true });
  const organisationId = partnerOrganisation(viewer, 'Only a member of a partner organisation can make a request.');
  const id = await ctx.write(async (tx, tell) => {
    const org = await ctx.tradingOrganisation(tx, organisationId);
    const row = await insertRequest(ctx, tx, org, viewer, input);
    const items = input.kind === 'materials' ? { items: input.items } : {};
    await recordAudit(tx, actor, { action: 'INSERT', tableName: 'marketing_requests', recordId: row.id, newValues: { ...row, ...items } });
    await tell({ kind: 'created', request: row, org });
    return row.id;
  });
  return ctx.queries.detail(await ctx.requireRow(id));
}
