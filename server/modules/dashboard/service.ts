// The numbers on the admin and partner dashboards, straight from the database.
import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { businessInquiries, cocktails, contactMessages, products, storeLocations, users } from '../../db/schema';

export interface AdminSummary {
  activeProducts: number;
  publishedCocktails: number;
  activeStores: number;
  newContactMessages: number;
  newBusinessInquiries: number;
  users: number;
  recentInquiries: { kind: 'contact' | 'business'; id: number; from: string; subject: string; createdAt: Date }[];
}

const count = sql<number>`count(*)::int`;

export function createDashboardService(db: Db) {
  return {
    async adminSummary(): Promise<AdminSummary> {
      const [[p], [c], [s], [m], [b], [u], contacts, business] = await Promise.all([
        db.select({ n: count }).from(products).where(eq(products.status, 'active')),
        db.select({ n: count }).from(cocktails).where(eq(cocktails.published, true)),
        db.select({ n: count }).from(storeLocations).where(eq(storeLocations.active, true)),
        db.select({ n: count }).from(contactMessages).where(eq(contactMessages.status, 'new')),
        db.select({ n: count }).from(businessInquiries).where(eq(businessInquiries.status, 'new')),
        db.select({ n: count }).from(users),
        db.select().from(contactMessages).orderBy(desc(contactMessages.createdAt)).limit(5),
        db.select().from(businessInquiries).orderBy(desc(businessInquiries.createdAt)).limit(5),
      ]);
      const recentInquiries = [
        ...contacts.map((r) => ({ kind: 'contact' as const, id: r.id, from: r.name, subject: r.subject, createdAt: r.createdAt })),
        ...business.map((r) => ({ kind: 'business' as const, id: r.id, from: r.company, subject: `${r.partnerType} · ${r.country}`, createdAt: r.createdAt })),
      ]
        .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())
        .slice(0, 5);
      return {
        activeProducts: p?.n ?? 0,
        publishedCocktails: c?.n ?? 0,
        activeStores: s?.n ?? 0,
        newContactMessages: m?.n ?? 0,
        newBusinessInquiries: b?.n ?? 0,
        users: u?.n ?? 0,
        recentInquiries,
      };
    },

    async partnerSummary(): Promise<{ activeProducts: number; categories: number }> {
      const [row] = await db.select({ n: count, categories: sql<number>`count(distinct ${products.category})::int` }).from(products).where(eq(products.status, 'active'));
      return { activeProducts: row?.n ?? 0, categories: row?.categories ?? 0 };
    },
  };
}
export type DashboardService = ReturnType<typeof createDashboardService>;
