// The ledger's one write on a real database: balances never go negative, every movement is recorded
// with the running balance, and — on PostgreSQL, where transactions really run at once — 50
// reservations competing for the last units: exactly as many win as the stock covers. The same race
// against a read-then-write update (the unguarded way) oversells, which is what the guard prevents.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stockBalances, stockMovements } from '../../db/schema';
import { insertProduct } from '../../../tests/support/products';
import { describeOnPostgres, freshDatabase, type TestDatabase } from '../../../tests/support/test-db';
import { brandId } from '../../db/brand';
import { balanceOf, moveStock } from './ledger';

let t: TestDatabase;
let productId: number;
/** The brand's organisation row: the warehouse's holder. */
let holder: string;

beforeAll(async () => {
  t = await freshDatabase();
  productId = await insertProduct(t.database.db, { slug: 'ledger-gin', name: 'Ledger Gin' });
  holder = await brandId(t.database.db);
}, 30_000);
afterAll(async () => {
  await t?.dispose();
});

const brand = async () => balanceOf(t.database.db, holder, productId);

describe('the stock ledger', () => {
  it('records each movement with the running balance and mirrors the brand figure on the product', async () => {
    const db = t.database.db;
    expect(await moveStock(db, { organisationId: holder, productId, onHand: 60, reserved: 0, cause: 'adjustment', reason: 'count' })).toEqual({
      onHand: 60,
      reserved: 0,
      available: 60,
    });
    await moveStock(db, { organisationId: holder, productId, onHand: 0, reserved: 12, cause: 'reservation', orderId: 1 });
    expect(await brand()).toEqual({ onHand: 60, reserved: 12, available: 48 });
    const moves = await db.select().from(stockMovements).where(eq(stockMovements.productId, productId));
    expect(moves.map((m) => [m.cause, m.onHandAfter, m.reservedAfter])).toEqual([
      ['adjustment', 60, 0],
      ['reservation', 60, 12],
    ]);
  });

  it('refuses what would make on hand or reserved negative, or reserve more than is on hand, and writes nothing', async () => {
    const db = t.database.db;
    const before = await brand();
    const count = async () => (await db.select().from(stockMovements).where(eq(stockMovements.productId, productId))).length;
    const moves = await count();
    await expect(moveStock(db, { organisationId: holder, productId, onHand: -61, reserved: 0, cause: 'adjustment' })).rejects.toMatchObject({
      code: 'insufficient_stock',
      kind: 'conflict',
    });
    await expect(moveStock(db, { organisationId: holder, productId, onHand: 0, reserved: before.available + 1, cause: 'reservation' })).rejects.toMatchObject({
      code: 'insufficient_stock',
    });
    await expect(moveStock(db, { organisationId: holder, productId, onHand: 0, reserved: -before.reserved - 1, cause: 'release' })).rejects.toMatchObject({
      code: 'insufficient_stock',
    });
    // Shipping what is reserved takes both down together.
    await moveStock(db, { organisationId: holder, productId, onHand: -12, reserved: -12, cause: 'shipment' });
    expect(await brand()).toEqual({ onHand: 48, reserved: 0, available: 48 });
    expect(await count()).toBe(moves + 1);
  });

  it('refuses a negative balance in the database itself, whatever the code does', async () => {
    const db = t.database.db;
    const write = db
      .update(stockBalances)
      .set({ onHand: -1 })
      .where(and(eq(stockBalances.organisationId, holder), eq(stockBalances.productId, productId)));
    await expect(write).rejects.toThrow();
  });
});

describeOnPostgres('the last units under concurrency', () => {
  const race = async (reserve: (n: number) => Promise<void>) => {
    const results = await Promise.allSettled(Array.from({ length: 50 }, (_, n) => reserve(n)));
    return results.filter((r) => r.status === 'fulfilled').length;
  };
  const reset = async (onHand: number) => {
    await t.database.db
      .update(stockBalances)
      .set({ onHand, reserved: 0 })
      .where(and(eq(stockBalances.organisationId, holder), eq(stockBalances.productId, productId)));
  };

  it('gives 50 parallel reservations of a case each exactly the 7 cases in stock', async () => {
    await reset(42);
    const won = await race((n) =>
      t.database.db.transaction(async (tx) => {
        await moveStock(tx, { organisationId: holder, productId, onHand: 0, reserved: 6, cause: 'reservation', orderId: 1000 + n });
      }),
    );
    expect(won).toBe(7);
    expect(await brand()).toEqual({ onHand: 42, reserved: 42, available: 0 });
  });

  it('oversells with a read-then-write update: the race the guard exists for', async () => {
    await reset(42);
    const won = await race((n) =>
      t.database.db.transaction(async (tx) => {
        const b = await balanceOf(tx, holder, productId);
        if (b.available < 6) throw new Error('out of stock');
        // Let the others read the same figure before anyone writes.
        await new Promise((resolve) => setTimeout(resolve, 5 + (n % 5)));
        await tx
          .update(stockBalances)
          .set({ reserved: b.reserved + 6 })
          .where(and(eq(stockBalances.organisationId, holder), eq(stockBalances.productId, productId)));
      }),
    );
    // More than the 7 cases "won": updates overwrote each other and the ledger lost reservations.
    expect(won).toBeGreaterThan(7);
  });
});
