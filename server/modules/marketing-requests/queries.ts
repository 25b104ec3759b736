// Reading marketing requests: a page of summaries (one organisation's, or everyone's for staff) and
// one request with its items, its brand event and its comment thread. No rules here: the service
// decides who may read what and passes the scope in.
import { and, asc, count, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import { textArray } from '../../db/any-of';
import { onePreparedPage, preparePage, totalOf } from '../../db/paged';
import { preparedByShape } from '../../db/prepared';
import type { AdminPage } from '../../../shared/schemas/admin';
import type { MarketingRequestKind, MarketingRequestStatus } from '../../../shared/marketing-request-constants';
import type { OrganisationType } from '../../../shared/partners';
import type { Db } from '../../db/client';
import {
  brandEvents,
  collateralItems,
  marketingRequestComments,
  marketingRequestItems,
  marketingRequests,
  organisations,
  profiles,
  users,
} from '../../db/schema';
import { containsPattern } from '../../db/like';
import { utcToZoned } from '../marketing';
import { isoString } from '../../core/iso-time';

export type RequestRow = typeof marketingRequests.$inferSelect;

export interface RequestSummary {
  id: number;
  kind: MarketingRequestKind;
  status: MarketingRequestStatus;
  title: string;
  organisationId: string;
  organisationName: string;
  neededBy: string | null;
  eventDate: string | null;
  eventId: number | null;
  eventTitle: string | null;
  itemCount: number;
  version: number;
  /** ISO 8601, as its JSON holds it (see core/iso-time). */
  createdAt: string;
  updatedAt: string;
}

export interface RequestComment {
  id: number;
  body: string;
  fromStaff: boolean;
  authorName: string;
  createdAt: Date;
}

export interface RequestDetail extends RequestRow {
  organisation: { id: string; name: string; type: OrganisationType; currency: string };
  requesterName: string | null;
  decidedByName: string | null;
  items: { collateralId: number; title: string; quantity: number }[];
  /** event_join: the brand event, its start as wall-clock time in its own zone. */
  event: { id: number; title: string; startsLocal: string; timezone: string; venue: string; city: string; published: boolean } | null;
  comments: RequestComment[];
}

export interface ListFilter {
  organisationId?: string;
  kinds?: readonly MarketingRequestKind[];
  status?: MarketingRequestStatus;
  q?: string;
  sort?: 'createdAt' | 'status' | 'organisation';
  dir?: 'asc' | 'desc';
  page: number;
  pageSize: number;
}

const nameOf = (first: string | null, last: string | null, email: string | null) => `${first ?? ''} ${last ?? ''}`.trim() || email || null;

export function createRequestQueries(db: Db) {
  const r = marketingRequests;

  /**
   * A page of summaries, prepared once per shape (`prepared.ts`): which filters are present and the
   * order. The organisation, the kinds (one array), the status and the search pattern are bound.
   */
  const listPage = preparedByShape(
    (shape: { organisation: boolean; kinds: boolean; status: boolean; search: boolean; sort?: ListFilter['sort']; dir?: ListFilter['dir'] }) => {
      const like = sql.placeholder('q');
      const where = and(
        shape.organisation ? sql`${r.organisationId} = ${sql.placeholder('organisationId')}` : undefined,
        shape.kinds ? sql`${r.kind} = any(${sql.placeholder('kinds')}::marketing_request_kind[])` : undefined,
        shape.status ? sql`${r.status} = ${sql.placeholder('status')}` : undefined,
        shape.search
          ? or(ilike(r.title, like), ilike(r.details, like), ilike(organisations.tradingName, like), ilike(organisations.legalName, like))
          : undefined,
      );
      const direction = shape.dir === 'asc' ? asc : desc;
      // Without a chosen order, what waits for staff (open) comes first, newest first.
      const order: SQL[] =
        shape.sort === 'status'
          ? [direction(r.status)]
          : shape.sort === 'organisation'
            ? [direction(organisations.tradingName)]
            : shape.sort === 'createdAt'
              ? []
              : [sql`case when ${r.status} = 'open' then 0 else 1 end`];
      const itemCount = sql<number>`(select count(*)::int from ${marketingRequestItems} where ${marketingRequestItems.requestId} = ${r.id})`;
      // Every request has its organisation (a foreign key): the count joins it only to search its names.
      const counted = shape.search
        ? db.select({ n: count() }).from(r).innerJoin(organisations, eq(organisations.id, r.organisationId)).where(where)
        : db.select({ n: count() }).from(r).where(where);
      return preparePage(
        db
          .select({
            id: r.id,
            kind: r.kind,
            status: r.status,
            title: r.title,
            organisationId: r.organisationId,
            organisationName: organisations.tradingName,
            neededBy: r.neededBy,
            eventDate: r.eventDate,
            eventId: r.eventId,
            eventTitle: brandEvents.title,
            itemCount,
            version: r.version,
            createdAt: r.createdAt,
            updatedAt: r.updatedAt,
            matched: totalOf(counted),
          })
          .from(r)
          .innerJoin(organisations, eq(organisations.id, r.organisationId))
          .leftJoin(brandEvents, eq(brandEvents.id, r.eventId))
          .where(where)
          .orderBy(...order, shape.sort === 'createdAt' ? direction(r.createdAt) : desc(r.createdAt), desc(r.id)),
      );
    },
  );

  async function list(f: ListFilter): Promise<AdminPage<RequestSummary>> {
    const { rows, total } = await onePreparedPage(
      listPage({
        organisation: Boolean(f.organisationId),
        kinds: Boolean(f.kinds?.length),
        status: Boolean(f.status),
        search: Boolean(f.q),
        sort: f.sort,
        dir: f.dir,
      }),
      {
        organisationId: f.organisationId ?? null,
        kinds: textArray(f.kinds ?? []),
        status: f.status ?? null,
        q: f.q ? containsPattern(f.q) : null,
      },
      f,
    );
    return {
      items: rows.map((row) => ({ ...row, createdAt: isoString(row.createdAt), updatedAt: isoString(row.updatedAt) })),
      page: f.page,
      pageSize: f.pageSize,
      total,
    };
  }

  async function row(id: number): Promise<RequestRow | null> {
    const [found] = await db.select().from(r).where(eq(r.id, id));
    return found ?? null;
  }

  async function detail(found: RequestRow): Promise<RequestDetail> {
    const [org] = await db
      .select({ id: organisations.id, name: organisations.tradingName, type: organisations.type, currency: organisations.currency })
      .from(organisations)
      .where(eq(organisations.id, found.organisationId));
    const people = [found.requestedBy, found.decidedBy].filter((x): x is string => !!x);
    const [names, items, events, comments] = await Promise.all([
      people.length
        ? db
            .select({ id: users.id, email: users.email, first: profiles.firstName, last: profiles.lastName })
            .from(users)
            .leftJoin(profiles, eq(profiles.id, users.id))
            .where(inArray(users.id, people))
        : Promise.resolve([]),
      db
        .select({ collateralId: marketingRequestItems.collateralId, title: collateralItems.title, quantity: marketingRequestItems.quantity })
        .from(marketingRequestItems)
        .innerJoin(collateralItems, eq(collateralItems.id, marketingRequestItems.collateralId))
        .where(eq(marketingRequestItems.requestId, found.id))
        .orderBy(asc(collateralItems.title)),
      found.eventId ? db.select().from(brandEvents).where(eq(brandEvents.id, found.eventId)) : Promise.resolve([]),
      db
        .select({
          id: marketingRequestComments.id,
          body: marketingRequestComments.body,
          fromStaff: marketingRequestComments.fromStaff,
          createdAt: marketingRequestComments.createdAt,
          email: users.email,
          first: profiles.firstName,
          last: profiles.lastName,
        })
        .from(marketingRequestComments)
        .leftJoin(users, eq(users.id, marketingRequestComments.authorId))
        .leftJoin(profiles, eq(profiles.id, marketingRequestComments.authorId))
        .where(eq(marketingRequestComments.requestId, found.id))
        .orderBy(asc(marketingRequestComments.id)),
    ]);
    const named = new Map(names.map((n) => [n.id, nameOf(n.first, n.last, n.email)]));
    const event = events[0];
    return {
      ...found,
      organisation: org as RequestDetail['organisation'],
      requesterName: found.requestedBy ? (named.get(found.requestedBy) ?? null) : null,
      decidedByName: found.decidedBy ? (named.get(found.decidedBy) ?? null) : null,
      items,
      event: event
        ? {
            id: event.id,
            title: event.title,
            startsLocal: utcToZoned(event.startsAt, event.timezone),
            timezone: event.timezone,
            venue: event.venue,
            city: event.city,
            published: event.published,
          }
        : null,
      comments: comments.map((c) => ({
        id: c.id,
        body: c.body,
        fromStaff: c.fromStaff,
        // Staff speak for the brand; a partner's people by name.
        authorName: nameOf(c.first, c.last, c.email) ?? (c.fromStaff ? 'Frolic' : 'Former member'),
        createdAt: c.createdAt,
      })),
    };
  }

  return { list, row, detail };
}
