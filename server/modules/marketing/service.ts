// Collateral items (files from the media library, offered to chosen partner types) and brand events
// (wall-clock times in their own zone, stored in UTC). Every write: one transaction with its audit
// row, a version check against overwriting a newer save, then the content version moves on.
import { and, asc, count, desc, eq, getTableColumns, ilike, inArray, or, sql } from 'drizzle-orm';
import { onePreparedPage, preparePage, totalOf } from '../../db/paged';
import { preparedByShape } from '../../db/prepared';
import { eventCountryCode, eventMarket, eventPath, type PublicEvent } from '../../../shared/events';
import type { PickedMedia } from '../../../shared/media';
import type { AdminPage } from '../../../shared/schemas/admin';
import type { CollateralInput, CollateralListQuery, CollateralUpdate, EventInput, EventListQuery, EventUpdate } from '../../../shared/schemas/marketing';
import type { ContentVersion } from '../../cache/content-version';
import type { Db, DbOrTx } from '../../db/client';
import { brandEvents, collateralItems, mediaAssets } from '../../db/schema';
import { invalidFields, notFound, versionConflict } from '../../core/errors';
import { type Actor } from '../../core/actor';
import { recordAudit } from '../audit';
import { isoWithOffset, utcToZoned, zonedToUtc } from './zoned-time';
import { createRefreshTimer } from './refresh-timer';
import { containsPattern } from '../../db/like';
import { pickedMediaColumns, type PickedMediaRow, toPickedMedia } from '../media';
import { isoString, isoStringOrNull, type WithIsoDates } from '../../core/iso-time';

type CollateralRow = typeof collateralItems.$inferSelect;
type EventRow = typeof brandEvents.$inferSelect;

export type MediaSummary = PickedMedia;

export type Collateral = CollateralRow & { media: MediaSummary | null };
/** Stored times in UTC plus the same times as wall-clock times in the event's zone (as the form edits them). */
export type BrandEvent = EventRow & { startsLocal: string; endsLocal: string | null; image: MediaSummary | null };
/** A list's item: its times already written as its JSON holds them (ISO 8601, UTC; see core/iso-time). */
export type CollateralListItem = WithIsoDates<Collateral, 'createdAt' | 'updatedAt'>;
export type BrandEventListItem = WithIsoDates<BrandEvent, 'startsAt' | 'endsAt' | 'createdAt' | 'updatedAt'>;

export interface MarketingService {
  listCollateral(query: CollateralListQuery): Promise<AdminPage<CollateralListItem>>;
  getCollateral(id: number): Promise<Collateral>;
  createCollateral(input: CollateralInput, actor: Actor): Promise<Collateral>;
  updateCollateral(id: number, input: CollateralUpdate, actor: Actor): Promise<Collateral>;
  deleteCollateral(id: number, actor: Actor): Promise<void>;
  listEvents(query: EventListQuery): Promise<AdminPage<BrandEventListItem>>;
  getEvent(id: number): Promise<BrandEvent>;
  createEvent(input: EventInput, actor: Actor): Promise<BrandEvent>;
  updateEvent(id: number, input: EventUpdate, actor: Actor): Promise<BrandEvent>;
  deleteEvent(id: number, actor: Actor): Promise<void>;
  /** Published events not yet over, soonest first: those of one market (and those for every market), or all. */
  listUpcomingEvents(market?: string): Promise<PublicEvent[]>;
  /** A published event, past or not (its page keeps answering); a draft or missing one is a 404. */
  getPublicEvent(id: number): Promise<PublicEvent>;
}

const DOMAIN = 'marketing';

const fieldError = (path: string, message: string) => invalidFields([{ path, message }]);

/** The media row, or a field error: a file must exist (and be of the kind the field takes). */
async function requireMedia(tx: DbOrTx, id: string, path: string, kind?: 'image'): Promise<void> {
  const [m] = await tx.select({ kind: mediaAssets.kind }).from(mediaAssets).where(eq(mediaAssets.id, id));
  if (!m) throw fieldError(path, 'Choose a file from the media library.');
  if (kind && m.kind !== kind) throw fieldError(path, 'Choose an image.');
}

/** UTC instants of the form's wall-clock times; the end must not come before the start. */
function eventTimes(input: EventInput): { startsAt: Date; endsAt: Date | null } {
  const startsAt = zonedToUtc(input.startsLocal, input.timezone);
  const endsAt = input.endsLocal ? zonedToUtc(input.endsLocal, input.timezone) : null;
  if (endsAt && endsAt < startsAt) throw fieldError('endsLocal', 'The end must not be before the start.');
  return { startsAt, endsAt };
}

const regionNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
function countryNameOf(code: string | null, typed: string): string {
  if (!code) return typed.trim();
  try {
    return regionNames.of(code) ?? typed.trim();
  } catch {
    return typed.trim();
  }
}

/** When an event leaves the upcoming list: at its end, or at its start when it has no end time. */
const overAt = (e: { startsAt: Date; endsAt: Date | null }) => e.endsAt ?? e.startsAt;

export function createMarketingService(db: Db, content: ContentVersion, now: () => number = Date.now): MarketingService {
  // Caches of public pages key on the content version: moving it on when a listed event ends keeps
  // them from showing it past its time (refresh-timer.ts). A failed publish (a closing database)
  // only means that refresh is skipped.
  const refresh = createRefreshTimer(() => void content.changed(DOMAIN).catch(() => undefined), now);
  async function mediaById(ids: (string | null)[]): Promise<Map<string, MediaSummary>> {
    const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
    if (!wanted.length) return new Map();
    const rows = await db.select().from(mediaAssets).where(inArray(mediaAssets.id, wanted));
    return new Map(rows.map((m) => [m.id, toPickedMedia(m)]));
  }

  // Collateral and events come with their file from one query (a left join), a list's page too.
  const collateralFields = { ...getTableColumns(collateralItems), media: pickedMediaColumns };
  const collateralMedia = eq(mediaAssets.id, collateralItems.mediaId);
  const withCollateralMedia = ({ media, ...r }: CollateralRow & { media: PickedMediaRow | null }): Collateral => ({
    ...r,
    media: media ? toPickedMedia(media) : null,
  });
  const collateralListItem = ({ media, createdAt, updatedAt, ...r }: CollateralRow & { media: PickedMediaRow | null }): CollateralListItem => ({
    ...r,
    createdAt: isoString(createdAt),
    updatedAt: isoString(updatedAt),
    media: media ? toPickedMedia(media) : null,
  });

  const eventFields = { ...getTableColumns(brandEvents), image: pickedMediaColumns };
  const eventImage = eq(mediaAssets.id, brandEvents.imageMediaId);
  // A list's page: the search (a `q` placeholder), the order and the page are bound, the rest built once.
  const collateralPage = preparedByShape((shape: { search: boolean; sort?: CollateralListQuery['sort']; dir?: CollateralListQuery['dir'] }) => {
    const t = collateralItems;
    const q = sql.placeholder('q');
    const where = shape.search ? or(ilike(t.title, q), ilike(t.description, q)) : undefined;
    const column = shape.sort === 'kind' ? t.kind : shape.sort === 'updatedAt' ? t.updatedAt : t.title;
    const order = shape.dir === 'desc' ? desc : asc;
    return preparePage(
      db
        .select({ ...collateralFields, matched: totalOf(db.select({ n: count() }).from(t).where(where)) })
        .from(t)
        .leftJoin(mediaAssets, collateralMedia)
        .where(where)
        .orderBy(order(column), asc(t.id)),
    );
  });
  const eventPage = preparedByShape((shape: { search: boolean; sort?: EventListQuery['sort']; dir?: EventListQuery['dir'] }) => {
    const t = brandEvents;
    const q = sql.placeholder('q');
    const where = shape.search ? or(ilike(t.title, q), ilike(t.venue, q), ilike(t.city, q), ilike(t.country, q)) : undefined;
    const column = shape.sort === 'title' ? t.title : shape.sort === 'city' ? t.city : t.startsAt;
    // Without a choice, the latest events first.
    const order = shape.sort ? (shape.dir === 'desc' ? desc : asc) : desc;
    return preparePage(
      db
        .select({ ...eventFields, matched: totalOf(db.select({ n: count() }).from(t).where(where)) })
        .from(t)
        .leftJoin(mediaAssets, eventImage)
        .where(where)
        .orderBy(order(column), asc(t.id)),
    );
  });
  const withEventDetails = ({ image, ...r }: EventRow & { image: PickedMediaRow | null }): BrandEvent => ({
    ...r,
    startsLocal: utcToZoned(r.startsAt, r.timezone),
    endsLocal: r.endsAt ? utcToZoned(r.endsAt, r.timezone) : null,
    image: image ? toPickedMedia(image) : null,
  });
  const eventListItem = ({ image, startsAt, endsAt, createdAt, updatedAt, ...r }: EventRow & { image: PickedMediaRow | null }): BrandEventListItem => ({
    ...r,
    startsAt: isoString(startsAt),
    endsAt: isoStringOrNull(endsAt),
    createdAt: isoString(createdAt),
    updatedAt: isoString(updatedAt),
    startsLocal: utcToZoned(startsAt, r.timezone),
    endsLocal: endsAt ? utcToZoned(endsAt, r.timezone) : null,
    image: image ? toPickedMedia(image) : null,
  });

  async function toPublic(rows: EventRow[]): Promise<PublicEvent[]> {
    const media = await mediaById(rows.map((r) => r.imageMediaId));
    const at = now();
    return rows.map((r) => {
      const code = eventCountryCode(r.country);
      const image = r.imageMediaId ? media.get(r.imageMediaId) : undefined;
      return {
        id: r.id,
        path: eventPath(r),
        title: r.title,
        description: r.description,
        startsLocal: utcToZoned(r.startsAt, r.timezone),
        endsLocal: r.endsAt ? utcToZoned(r.endsAt, r.timezone) : null,
        timezone: r.timezone,
        startDate: isoWithOffset(r.startsAt, r.timezone),
        endDate: r.endsAt ? isoWithOffset(r.endsAt, r.timezone) : null,
        venue: r.venue,
        city: r.city,
        country: code ?? r.country.trim(),
        countryName: countryNameOf(code, r.country),
        market: eventMarket(r.country),
        image: image ? { url: image.url, alt: image.altText || r.title } : null,
        capacity: r.capacity,
        past: overAt(r).getTime() <= at,
        updatedAt: r.updatedAt.toISOString(),
      };
    });
  }

  async function getCollateral(id: number): Promise<Collateral> {
    const [row] = await db.select(collateralFields).from(collateralItems).leftJoin(mediaAssets, collateralMedia).where(eq(collateralItems.id, id));
    if (!row) throw notFound('Collateral item');
    return withCollateralMedia(row);
  }

  async function getEvent(id: number): Promise<BrandEvent> {
    const [row] = await db.select(eventFields).from(brandEvents).leftJoin(mediaAssets, eventImage).where(eq(brandEvents.id, id));
    if (!row) throw notFound('Event');
    return withEventDetails(row);
  }

  /** Runs a write and its audit row in one transaction, then tells the caches. */
  async function write<T>(fn: (tx: Parameters<Parameters<Db['transaction']>[0]>[0]) => Promise<T>): Promise<T> {
    const result = await db.transaction(fn);
    await content.changed(DOMAIN);
    return result;
  }

  return {
    getCollateral,
    getEvent,

    async listUpcomingEvents(market) {
      const t = brandEvents;
      const rows = await db
        .select()
        .from(t)
        .where(and(eq(t.published, true), sql`coalesce(${t.endsAt}, ${t.startsAt}) > ${new Date(now())}`))
        .orderBy(asc(t.startsAt), asc(t.id));
      // The market follows the event's country (shared/events.ts); a handful of rows, filtered here.
      const events = (await toPublic(rows)).filter((e) => market === undefined || e.market === null || e.market === market);
      const listed = new Set(events.map((e) => e.id));
      const ends = rows.filter((r) => listed.has(r.id)).map((r) => overAt(r).getTime());
      if (ends.length) refresh.at(Math.min(...ends));
      return events;
    },

    async getPublicEvent(id) {
      const [row] = await db
        .select()
        .from(brandEvents)
        .where(and(eq(brandEvents.id, id), eq(brandEvents.published, true)));
      if (!row) throw notFound('Event');
      const [event] = await toPublic([row]);
      // Its cached page says "upcoming" until then.
      if (!event!.past) refresh.at(overAt(row).getTime());
      return event as PublicEvent;
    },

    async listCollateral(query) {
      const { rows, total } = await onePreparedPage(
        collateralPage({ search: Boolean(query.q), sort: query.sort, dir: query.dir }),
        { q: query.q ? containsPattern(query.q) : null },
        query,
      );
      return { items: rows.map(collateralListItem), page: query.page, pageSize: query.pageSize, total };
    },

    async createCollateral(input, actor) {
      const id = await write(async (tx) => {
        await requireMedia(tx, input.mediaId, 'mediaId');
        const [row] = await tx.insert(collateralItems).values(input).returning();
        const created = row as CollateralRow;
        await recordAudit(tx, actor, { action: 'INSERT', tableName: 'collateral_items', recordId: created.id, newValues: created });
        return created.id;
      });
      return getCollateral(id);
    },

    async updateCollateral(id, input, actor) {
      const { version, ...values } = input;
      await write(async (tx) => {
        const [before] = await tx.select().from(collateralItems).where(eq(collateralItems.id, id)).for('update');
        if (!before) throw notFound('Collateral item');
        if (before.version !== version) throw versionConflict('collateral item', before.version, version);
        await requireMedia(tx, values.mediaId, 'mediaId');
        const [after] = await tx
          .update(collateralItems)
          .set({ ...values, version: before.version + 1, updatedAt: new Date() })
          .where(eq(collateralItems.id, id))
          .returning();
        await recordAudit(tx, actor, { action: 'UPDATE', tableName: 'collateral_items', recordId: id, oldValues: before, newValues: after });
      });
      return getCollateral(id);
    },

    async deleteCollateral(id, actor) {
      await write(async (tx) => {
        const [before] = await tx.delete(collateralItems).where(eq(collateralItems.id, id)).returning();
        if (!before) throw notFound('Collateral item');
        await recordAudit(tx, actor, { action: 'DELETE', tableName: 'collateral_items', recordId: id, oldValues: before });
      });
    },

    async listEvents(query) {
      const { rows, total } = await onePreparedPage(
        eventPage({ search: Boolean(query.q), sort: query.sort, dir: query.dir }),
        { q: query.q ? containsPattern(query.q) : null },
        query,
      );
      return { items: rows.map(eventListItem), page: query.page, pageSize: query.pageSize, total };
    },

    async createEvent(input, actor) {
      const { startsLocal: _s, endsLocal: _e, ...values } = input;
      const id = await write(async (tx) => {
        if (input.imageMediaId) await requireMedia(tx, input.imageMediaId, 'imageMediaId', 'image');
        const [row] = await tx
          .insert(brandEvents)
          .values({ ...values, ...eventTimes(input) })
          .returning();
        const created = row as EventRow;
        await recordAudit(tx, actor, { action: 'INSERT', tableName: 'brand_events', recordId: created.id, newValues: created });
        return created.id;
      });
      return getEvent(id);
    },

    async updateEvent(id, input, actor) {
      const { version, startsLocal: _s, endsLocal: _e, ...values } = input;
      await write(async (tx) => {
        const [before] = await tx.select().from(brandEvents).where(eq(brandEvents.id, id)).for('update');
        if (!before) throw notFound('Event');
        if (before.version !== version) throw versionConflict('event', before.version, version);
        if (input.imageMediaId) await requireMedia(tx, input.imageMediaId, 'imageMediaId', 'image');
        const [after] = await tx
          .update(brandEvents)
          .set({ ...values, ...eventTimes(input), version: before.version + 1, updatedAt: new Date() })
          .where(eq(brandEvents.id, id))
          .returning();
        await recordAudit(tx, actor, { action: 'UPDATE', tableName: 'brand_events', recordId: id, oldValues: before, newValues: after });
      });
      return getEvent(id);
    },

    async deleteEvent(id, actor) {
      await write(async (tx) => {
        const [before] = await tx.delete(brandEvents).where(eq(brandEvents.id, id)).returning();
        if (!before) throw notFound('Event');
        await recordAudit(tx, actor, { action: 'DELETE', tableName: 'brand_events', recordId: id, oldValues: before });
      });
    },
  };
}
