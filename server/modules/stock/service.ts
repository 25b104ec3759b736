// Stock (product.md §3): the ledgers as people use them. Staff with `cms:access` (the product
// editor's permission) adjust the brand warehouse with a reason — never overwrite it; a partner with
// Inventory Viewing reads its organisation's holdings; an importer allocates its available stock to
// one of its own distributors (Order Management, while it can trade): out of its ledger, into the
// distributor's, in one transaction with the allocation, its audit row and the distributor's bell
// entry and emails. Every change goes through `moveStock` (ledger.ts), the one guarded write.
import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { href } from 'react-router';
import type { AccessNeed } from '../../../shared/policy';
import type { AdminPage } from '../../../shared/schemas/admin';
import type {
  AllocationInput,
  AllocationView,
  Holding,
  StockAdjustment,
  StockBalanceView,
  StockMovementsQuery,
  StockMovementView,
} from '../../../shared/schemas/stock';
import type { Viewer } from '../../auth/authorize';
import type { Actor } from '../../core/actor';
import { AppError, isUniqueViolation, notFound } from '../../core/errors';
import type { Tx } from '../../db/client';
import { allocationItems, allocations, organisations, products, profiles, stockBalances, stockMovements, users } from '../../db/schema';
import { stockAllocatedEmail } from '../../mail/templates';
import { recordAudit } from '../audit';
import type { StoredNotification } from '../notifications';
import { createAllow, refuseUnlessTrading, replayOf, requestHash, type TradeDeps } from '../trade';
import { balanceOf, insufficientStock, moveStock, moveStockOr } from './ledger';
import { announceStock } from './announce';
import { plural } from '../../../shared/plural';
import { brandId } from '../../db/brand';

export const distributorStockPath = () => href('/partner/dashboard/distributor');

export type StockDeps = TradeDeps;

export interface AllocationResult {
  allocation: AllocationView;
  /** True when an earlier request with the same Idempotency-Key made it (nothing new was written). */
  replayed: boolean;
}

export interface StockService {
  /** The brand warehouse's balance of a product (staff, `cms:access`); 404 for an unknown product. */
  brandBalance(viewer: Viewer, productId: number): Promise<StockBalanceView>;
  /** Records an adjustment of the brand warehouse; `insufficient_stock` when it would go below zero. */
  adjustBrand(viewer: Viewer, productId: number, input: StockAdjustment, actor: Actor): Promise<StockBalanceView>;
  /** The brand's movements of a product, newest first. */
  brandMovements(viewer: Viewer, productId: number, query: StockMovementsQuery): Promise<AdminPage<StockMovementView>>;
  /** The viewer's organisation's movements of a product, newest first (Inventory Viewing). */
  movements(viewer: Viewer, productId: number, query: StockMovementsQuery): Promise<AdminPage<StockMovementView>>;
  /** What the viewer's organisation holds, per product (Inventory Viewing); none without an organisation. */
  holdings(viewer: Viewer): Promise<Holding[]>;
  /** The importer's own distributors (those it supplies), active or not, for the allocation form. */
  distributors(viewer: Viewer): Promise<{ id: string; name: string; status: string }[]>;
  allocate(viewer: Viewer, input: AllocationInput, key: string | null, actor: Actor): Promise<AllocationResult>;
  /** Allocations the viewer's organisation made (an importer) and received (a distributor), newest first. */
  allocations(viewer: Viewer, limit?: number): Promise<{ made: AllocationView[]; received: AllocationView[] }>;
}

const STAFF: AccessNeed = { permission: 'cms:access' };

/** The canonical form of an allocation request: the same request hashes the same whatever the line order. */
export function allocationHash(input: AllocationInput): string {
  const lines = [...input.lines].sort((a, b) => a.productId - b.productId).map((l) => [l.productId, l.cases]);
  return requestHash({ d: input.distributorId, l: lines, n: input.note });
}

const keyReused = () =>
  new AppError('idempotency_key_reused', 'conflict', 'This Idempotency-Key was already used for a different allocation.', {
    hint: 'Send a new key for a new allocation.',
  });

export function createStockService(deps: StockDeps): StockService {
  const { db, access } = deps;
  const now = deps.now ?? Date.now;

  const allow = createAllow(access, 'Stock');

  async function requireProduct(productId: number) {
    const [p] = await db.select({ id: products.id, name: products.name }).from(products).where(eq(products.id, productId));
    if (!p) throw notFound('Product');
    return p;
  }

  async function movementPage(holder: string, productId: number, query: StockMovementsQuery): Promise<AdminPage<StockMovementView>> {
    const where = and(eq(stockMovements.organisationId, holder), eq(stockMovements.productId, productId));
    const [rows, [total]] = await Promise.all([
      db
        .select({
          id: stockMovements.id,
          cause: stockMovements.cause,
          onHandDelta: stockMovements.onHandDelta,
          reservedDelta: stockMovements.reservedDelta,
          onHandAfter: stockMovements.onHandAfter,
          reservedAfter: stockMovements.reservedAfter,
          reason: stockMovements.reason,
          orderId: stockMovements.orderId,
          allocationId: stockMovements.allocationId,
          firstName: profiles.firstName,
          lastName: profiles.lastName,
          email: users.email,
          createdAt: stockMovements.createdAt,
        })
        .from(stockMovements)
        .leftJoin(users, eq(users.id, stockMovements.actorId))
        .leftJoin(profiles, eq(profiles.id, stockMovements.actorId))
        .where(where)
        .orderBy(desc(stockMovements.id))
        .limit(query.pageSize)
        .offset((query.page - 1) * query.pageSize),
      db.select({ n: count() }).from(stockMovements).where(where),
    ]);
    return {
      items: rows.map(({ firstName, lastName, email, ...r }) => ({
        ...r,
        actorName: email ? `${firstName ?? ''} ${lastName ?? ''}`.trim() || email : null,
      })),
      page: query.page,
      pageSize: query.pageSize,
      total: total?.n ?? 0,
    };
  }

  async function readAllocations(where: SQL, limit: number): Promise<AllocationView[]> {
    const importer = sql<string>`(select trading_name from organisations o where o.id = ${allocations.importerId})`;
    const distributor = sql<string>`(select trading_name from organisations o where o.id = ${allocations.distributorId})`;
    const rows = await db
      .select({
        id: allocations.id,
        importerId: allocations.importerId,
        importerName: importer,
        distributorId: allocations.distributorId,
        distributorName: distributor,
        note: allocations.note,
        createdAt: allocations.createdAt,
      })
      .from(allocations)
      .where(where)
      .orderBy(desc(allocations.createdAt), desc(allocations.id))
      .limit(limit);
    if (!rows.length) return [];
    const items = await db
      .select({
        allocationId: allocationItems.allocationId,
        productId: allocationItems.productId,
        name: products.name,
        cases: allocationItems.cases,
        caseSize: allocationItems.caseSize,
      })
      .from(allocationItems)
      .innerJoin(products, eq(products.id, allocationItems.productId))
      .where(
        inArray(
          allocationItems.allocationId,
          rows.map((r) => r.id),
        ),
      )
      .orderBy(asc(products.name));
    return rows.map((r) => ({
      ...r,
      items: items
        .filter((i) => i.allocationId === r.id)
        .map(({ allocationId: _a, ...i }) => ({
          ...i,
          bottles: i.cases * i.caseSize,
        })),
    }));
  }

  async function existing(importerId: string, key: string, hash: string): Promise<AllocationResult | null> {
    const [row] = await db
      .select({ id: allocations.id, requestHash: allocations.requestHash })
      .from(allocations)
      .where(and(eq(allocations.importerId, importerId), eq(allocations.idempotencyKey, key)));
    const first = replayOf(row, hash, keyReused);
    if (!first) return null;
    const [allocation] = await readAllocations(eq(allocations.id, first.id), 1);
    return { allocation: allocation as AllocationView, replayed: true };
  }

  return {
    async brandBalance(viewer, productId) {
      await allow(viewer, STAFF, 'Product');
      await requireProduct(productId);
      return balanceOf(db, await brandId(db), productId);
    },

    async adjustBrand(viewer, productId, input, actor) {
      await allow(viewer, STAFF, 'Product');
      const balance = await db.transaction(async (tx) => {
        const [p] = await tx.select({ id: products.id }).from(products).where(eq(products.id, productId));
        if (!p) throw notFound('Product');
        const brand = await brandId(tx);
        const before = await balanceOf(tx, brand, productId);
        const after = await moveStock(tx, {
          organisationId: brand,
          productId,
          onHand: input.delta,
          reserved: 0,
          cause: 'adjustment',
          reason: input.reason,
          actorId: actor.userId,
        });
        await recordAudit(tx, actor, {
          action: 'STOCK_ADJUSTMENT',
          tableName: 'stock_balances',
          recordId: productId,
          oldValues: { holder: 'brand', productId, ...before },
          newValues: { holder: 'brand', productId, ...after, delta: input.delta, reason: input.reason },
        });
        return after;
      });
      await announceStock(db, deps.live, [await brandId(db)]);
      return balance;
    },

    async brandMovements(viewer, productId, query) {
      await allow(viewer, STAFF, 'Product');
      await requireProduct(productId);
      return movementPage(await brandId(db), productId, query);
    },

    async movements(viewer, productId, query) {
      if (!viewer.organisationId) throw notFound('Product');
      await allow(viewer, { permission: 'inventory:view', resource: { organisationIds: [viewer.organisationId] } });
      await requireProduct(productId);
      return movementPage(viewer.organisationId, productId, query);
    },

    async holdings(viewer) {
      await allow(viewer, { permission: 'inventory:view' });
      const org = viewer.organisationId;
      if (!org) return [];
      await allow(viewer, { permission: 'inventory:view', resource: { organisationIds: [org] } });
      const rows = await db
        .select({
          productId: products.id,
          name: products.name,
          caseSize: products.caseSize,
          lowStockThreshold: products.lowStockThreshold,
          onHand: stockBalances.onHand,
          reserved: stockBalances.reserved,
        })
        .from(stockBalances)
        .innerJoin(products, eq(products.id, stockBalances.productId))
        .where(eq(stockBalances.organisationId, org))
        .orderBy(asc(products.name));
      return rows.map((r) => {
        const available = r.onHand - r.reserved;
        return { ...r, available, cases: Math.floor(available / r.caseSize), lowStock: available <= r.lowStockThreshold };
      });
    },

    async distributors(viewer) {
      await allow(viewer, { permission: 'orders:manage' });
      if (!viewer.organisationId) return [];
      return db
        .select({ id: organisations.id, name: organisations.tradingName, status: organisations.status })
        .from(organisations)
        .where(and(eq(organisations.supplierId, viewer.organisationId), eq(organisations.type, 'distributor')))
        .orderBy(asc(organisations.tradingName));
    },

    async allocate(viewer, input, key, actor) {
      const importerId = viewer.organisationId;
      // Staff hold Order Management over everything, but an allocation is an importer's own act.
      if (!importerId) throw new AppError('forbidden', 'forbidden', 'Only an importer allocates its stock to its distributors.');
      await allow(viewer, { permission: 'orders:manage', act: true, resource: { organisationIds: [importerId] } });
      const hash = allocationHash(input);
      if (key) {
        const replay = await existing(importerId, key, hash);
        if (replay) return replay;
      }
      const told: StoredNotification[] = [];
      let id: number;
      try {
        id = await db.transaction(async (tx: Tx) => {
          const [importer] = await tx.select().from(organisations).where(eq(organisations.id, importerId)).for('share');
          if (!importer || importer.type !== 'importer')
            throw new AppError('forbidden', 'forbidden', 'Only an importer allocates its stock to its distributors.');
          refuseUnlessTrading(importer, now);
          const [distributor] = await tx
            .select()
            .from(organisations)
            .where(and(eq(organisations.id, input.distributorId), eq(organisations.supplierId, importerId), eq(organisations.type, 'distributor')));
          if (!distributor) throw notFound('Distributor');
          const ids = input.lines.map((l) => l.productId);
          const found = await tx.select({ id: products.id, name: products.name, caseSize: products.caseSize }).from(products).where(inArray(products.id, ids));
          const byId = new Map(found.map((p) => [p.id, p]));
          const unknown = input.lines.findIndex((l) => !byId.has(l.productId));
          if (unknown >= 0)
            throw new AppError('not_found', 'not_found', 'Product not found.', {
              details: [{ path: `lines.${unknown}.productId`, message: 'There is no such product.' }],
            });
          const [row] = await tx
            .insert(allocations)
            .values({ importerId, distributorId: distributor.id, note: input.note, createdBy: viewer.id, idempotencyKey: key, requestHash: key ? hash : null })
            .returning({ id: allocations.id });
          const allocationId = (row as { id: number }).id;
          const lines = input.lines.map((l, index) => ({ ...l, index, product: byId.get(l.productId)! })).sort((a, b) => a.productId - b.productId);
          await tx.insert(allocationItems).values(lines.map((l) => ({ allocationId, productId: l.productId, cases: l.cases, caseSize: l.product.caseSize })));
          // Lines in product order: two allocations of the same products lock the balances in the same order.
          for (const l of lines) {
            const bottles = l.cases * l.product.caseSize;
            const move = { productId: l.productId, reserved: 0, cause: 'allocation' as const, allocationId, actorId: actor.userId };
            await moveStockOr(tx, { ...move, organisationId: importerId, onHand: -bottles, reason: `Allocated to ${distributor.tradingName}` }, async () => {
              const have = await balanceOf(tx, importerId, l.productId);
              return insufficientStock(l.productId, [
                {
                  path: `lines.${l.index}.cases`,
                  message: `Only ${plural(Math.floor(have.available / l.product.caseSize), 'case')} of ${l.product.name} available.`,
                },
              ]);
            });
            await moveStock(tx, { ...move, organisationId: distributor.id, onHand: bottles, reason: `Allocated by ${importer.tradingName}` });
          }
          await recordAudit(tx, actor, {
            action: 'INSERT',
            tableName: 'allocations',
            recordId: allocationId,
            newValues: {
              importerId,
              distributorId: distributor.id,
              note: input.note,
              lines: lines.map((l) => ({ productId: l.productId, cases: l.cases, caseSize: l.product.caseSize })),
            },
          });
          const said = lines.map((l) => `${l.cases} × ${l.product.name} (${plural(l.cases * l.product.caseSize, 'bottle')})`);
          const link = distributorStockPath();
          told.push(
            await deps.notifications.notify(tx, {
              permission: 'inventory:view',
              organisationId: distributor.id,
              kind: 'stock_allocated',
              title: `${importer.tradingName} allocated stock to you`,
              body: said.join(', ').slice(0, 500),
              link,
            }),
          );
          const members = await tx
            .select({ email: users.email })
            .from(users)
            .where(and(eq(users.organisationId, distributor.id), eq(users.status, 'active')));
          for (const m of members) await deps.mailer.send(stockAllocatedEmail(m.email, importer.tradingName, said, deps.origin + link), tx);
          return allocationId;
        });
      } catch (err) {
        // The same key sent twice at once: the second insert meets the first's row.
        if (key && isUniqueViolation(err, 'allocations_importer_idempotency_key')) {
          const replay = await existing(importerId, key, hash);
          if (replay) return replay;
        }
        throw err;
      }
      for (const n of told) await deps.notifications.announce(n);
      await announceStock(db, deps.live, [importerId, input.distributorId]);
      const [allocation] = await readAllocations(eq(allocations.id, id), 1);
      return { allocation: allocation as AllocationView, replayed: false };
    },

    async allocations(viewer, limit = 50) {
      const org = viewer.organisationId;
      if (!org) return { made: [], received: [] };
      await allow(viewer, { permission: 'inventory:view', resource: { organisationIds: [org] } });
      const [made, received] = await Promise.all([
        readAllocations(eq(allocations.importerId, org), limit),
        readAllocations(eq(allocations.distributorId, org), limit),
      ]);
      return { made, received };
    },
  };
}
