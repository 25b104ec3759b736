// The numbers on the admin and partner dashboards, straight from the database, and the admin's
// recent activity: newest inquiries, products low on stock, upcoming events.
import { and, asc, desc, eq, gte, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { brandEvents, businessInquiries, cocktails, contactMessages, products, storeLocations, users } from '../../db/schema';
import { utcToZoned } from '../marketing';
import { createPartnerDashboard } from './partner';
import { brandStock } from '../stock';

export interface AdminSummary {
  activeProducts: number;
  publishedCocktails: number;
  activeStores: number;
  newContactMessages: number;
  newBusinessInquiries: number;
  upcomingEvents: number;
  lowStockProducts: number;
  users: number;
  recentInquiries: { kind: 'contact' | 'business'; id: number; from: string; subject: string; status: string; createdAt: Date }[];
  /** Active products whose brand-warehouse stock available (on hand − reserved, from the ledger) is at or below their threshold. */
  lowStock: { id: number; name: string; available: number; lowStockThreshold: number }[];
  nextEvents: { id: number; title: string; venue: string; city: string; startsAt: Date; startsLocal: string; timezone: string }[];
}

const count = sql<number>`count(*)::int`;
const RECENT = 5;

export function createDashboardService(db: Db, now: () => number = Date.now) {
  const lowStockWhere = and(eq(products.status, 'active'), lte(brandStock.available, products.lowStockThreshold));
  /** Published and not over: an event without an end is over once it has started. */
  const upcomingWhere = (now: Date) =>
    and(eq(brandEvents.published, true), or(gte(brandEvents.endsAt, now), and(isNull(brandEvents.endsAt), gte(brandEvents.startsAt, now))));

  return {
    ...createPartnerDashboard(db, now),

    async adminSummary(now: Date = new Date()): Promise<AdminSummary> {
      const [[p], [c], [s], [m], [b], [e], [l], [u], contacts, business, lowStock, events] = await Promise.all([
        db.select({ n: count }).from(products).where(eq(products.status, 'active')),
        db.select({ n: count }).from(cocktails).where(eq(cocktails.published, true)),
        db.select({ n: count }).from(storeLocations).where(eq(storeLocations.active, true)),
        db.select({ n: count }).from(contactMessages).where(eq(contactMessages.status, 'new')),
        db.select({ n: count }).from(businessInquiries).where(eq(businessInquiries.status, 'new')),
        db.select({ n: count }).from(brandEvents).where(upcomingWhere(now)),
        db.select({ n: count }).from(products).where(lowStockWhere),
        db.select({ n: count }).from(users),
        db.select().from(contactMessages).orderBy(desc(contactMessages.createdAt)).limit(RECENT),
        db.select().from(businessInquiries).orderBy(desc(businessInquiries.createdAt)).limit(RECENT),
        db
          .select({ id: products.id, name: products.name, available: brandStock.available, lowStockThreshold: products.lowStockThreshold })
          .from(products)
          .where(lowStockWhere)
          .orderBy(asc(brandStock.available), asc(products.name))
          .limit(RECENT),
        db.select().from(brandEvents).where(upcomingWhere(now)).orderBy(asc(brandEvents.startsAt)).limit(RECENT),
      ]);
      const recentInquiries = [
        ...contacts.map((r) => ({ kind: 'contact' as const, id: r.id, from: r.name, subject: r.subject, status: r.status, createdAt: r.createdAt })),
        ...business.map((r) => ({
          kind: 'business' as const,
          id: r.id,
          from: r.company,
          subject: `${r.partnerType} · ${r.country}`,
          status: r.status,
          createdAt: r.createdAt,
        })),
      ]
        .sort((x, y) => y.createdAt.getTime() - x.createdAt.getTime())
        .slice(0, RECENT);
      return {
        activeProducts: p?.n ?? 0,
        publishedCocktails: c?.n ?? 0,
        activeStores: s?.n ?? 0,
        newContactMessages: m?.n ?? 0,
        newBusinessInquiries: b?.n ?? 0,
        upcomingEvents: e?.n ?? 0,
        lowStockProducts: l?.n ?? 0,
        users: u?.n ?? 0,
        recentInquiries,
        lowStock,
        nextEvents: events.map((ev) => ({
          id: ev.id,
          title: ev.title,
          venue: ev.venue,
          city: ev.city,
          startsAt: ev.startsAt,
          startsLocal: utcToZoned(ev.startsAt, ev.timezone),
          timezone: ev.timezone,
        })),
      };
    },

    async partnerSummary(): Promise<{ activeProducts: number; categories: number }> {
      const [row] = await db
        .select({ n: count, categories: sql<number>`count(distinct ${products.category})::int` })
        .from(products)
        .where(eq(products.status, 'active'));
      return { activeProducts: row?.n ?? 0, categories: row?.categories ?? 0 };
    },
  };
}
export type DashboardService = ReturnType<typeof createDashboardService>;
