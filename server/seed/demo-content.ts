// Seeds demo content once, on the first start of an empty database.
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { appMeta, productPrices, products, productTradePrices } from '../db/schema';
import { MARKET_CURRENCIES, SEED_PRODUCTS, SEED_TRADE_SHARE } from './products';
import { seedCocktails } from './cocktails';
import { seedRetailers, seedStores } from './stores';
import { seedEvents } from './events';
import { moveStock } from '../modules/stock';
import { brandId } from '../db/brand';

const SEED_KEY = 'demo_seeded_at';

/** Returns true when it seeded; false when the database was seeded before. */
export async function seedDemoContent(db: Db): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [done] = await tx.select().from(appMeta).where(eq(appMeta.key, SEED_KEY));
    if (done) return false;
    for (const p of SEED_PRODUCTS) {
      const [row] = await tx
        .insert(products)
        .values({
          slug: p.slug,
          name: p.name,
          category: p.category,
          abvTenths: p.abvTenths,
          volumeMl: p.volumeMl,
          description: p.description,
          tastingNotes: p.tastingNotes,
          imageUrl: `/images/products/${p.slug}.svg`,
          featured: p.featured,
          status: 'active',
          caseSize: p.caseSize,
        })
        .returning({ id: products.id });
      const id = (row as { id: number }).id;
      // The brand warehouse's stock is its ledger: the seed opens it with a movement, as any stock enters.
      await moveStock(tx, {
        organisationId: await brandId(tx),
        productId: id,
        onHand: p.openingBottles,
        reserved: 0,
        cause: 'opening',
        reason: 'Opening stock (demo)',
      });
      await tx.insert(productPrices).values(
        Object.entries(p.prices).map(([market, amountMinor]) => ({
          productId: id,
          market,
          currency: MARKET_CURRENCIES[market as keyof typeof MARKET_CURRENCIES],
          amountMinor,
        })),
      );
      await tx.insert(productTradePrices).values(
        Object.entries(SEED_TRADE_SHARE).flatMap(([tier, share]) =>
          Object.entries(p.prices).map(([market, amountMinor]) => ({
            productId: id,
            tier: tier as keyof typeof SEED_TRADE_SHARE,
            market,
            currency: MARKET_CURRENCIES[market as keyof typeof MARKET_CURRENCIES],
            amountMinor: Math.round(amountMinor * share),
          })),
        ),
      );
    }
    // Cocktails, stores and retailers refer to the products by slug.
    await seedCocktails(tx);
    await seedStores(tx);
    await seedRetailers(tx);
    await seedEvents(tx);
    await tx.insert(appMeta).values({ key: SEED_KEY, value: new Date().toISOString() });
    return true;
  });
}
