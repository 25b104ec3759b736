// Telling the open pages that a holder's stock moved, after the commit: the holder's own people
// (Inventory Viewing; staff with the product editor's permission for the brand warehouse) and the
// buyers who order from it — an importer's distributors, a distributor's retailers, every importer
// for the brand — whose catalogue and order forms show that holder's available figure.
import { eq } from 'drizzle-orm';
import type { Audience } from '../../auth/authorize';
import type { DbOrTx } from '../../db/client';
import { organisations } from '../../db/schema';
import type { Live } from '../../realtime/live';
import { brandId } from '../../db/brand';

/** The live channel's topic: a holder's stock changed (`id` is its organisation, the brand's included). */
export const STOCK_TOPIC = 'stock';

export async function stockAudiences(db: DbOrTx, holder: string): Promise<Audience[]> {
  const buyers = await db.select({ id: organisations.id }).from(organisations).where(eq(organisations.supplierId, holder));
  return [
    holder === (await brandId(db)) ? { permission: 'cms:access' } : { permission: 'inventory:view', organisationId: holder },
    ...buyers.flatMap((b): Audience[] => [
      { permission: 'inventory:view', organisationId: b.id },
      { permission: 'orders:manage', organisationId: b.id },
    ]),
  ];
}

/** One signal a holder whose stock moved (the write's `holdersMoved(tx)`), to it and to its buyers. */
export async function announceStock(db: DbOrTx, live: Live | undefined, holders: Iterable<string>): Promise<void> {
  if (!live) return;
  for (const holder of new Set(holders)) await live.changed({ topic: STOCK_TOPIC, id: holder, audiences: await stockAudiences(db, holder) });
}
