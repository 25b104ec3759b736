// Stock (product.md §3): the ledgers as people use them. Staff with `cms:access` (the product
// editor's permission) adjust the brand warehouse with a reason — never overwrite it; a partner with
// Inventory Viewing reads its organisation's holdings and the allocations it made or received before
// allocations became offers (issue 43: an importer's offer is an order, server/modules/orders, its
// cases reserved in the importer's ledger). Every change goes through `moveStock` (ledger.ts), the
// one guarded write.
import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { AccessNeed } from '../../../shared/policy';
import type { AdminPage } from '../../../shared/schemas/admin';
import type { AllocationView, Holding, StockAdjustment, StockBalanceView, StockMovementsQuery, StockMovementView } from '../../../shared/schemas/stock';
import type { Viewer } from '../../auth/authorize';
import type { Actor } from '../../core/actor';
import { notFound } from '../../core/errors';
import { allocationItems, allocations, organisations, products, profiles, stockBalances, stockMovements, users } from '../../db/schema';
import { recordAudit } from '../audit';
import { createAllow, requireAnyScope, type TradeDeps } from '../trade';
import { balanceOf, moveStock } from './ledger';
import { announceStock } from './announce';
import { type ProductReconciliation, reconcile, unbalanced } from './reconcile';
import { brandId } from '../../db/brand';

export type StockDeps = TradeDeps;

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
  /** The importer's own distributors (those it supplies), active or not, for the offer form. */
  distributors(viewer: Viewer): Promise<{ id: string; name: string; status: string }[]>;
  /**
   * Past allocations the viewer's organisation made (an importer) and received (a distributor), newest
   * first: read-only history from before allocations became offers (orders in `offered`, issue 43).
   */
  allocations(viewer: Viewer, limit?: number): Promise<{ made: AllocationView[]; received: AllocationView[] }>;
  /**
   * Where every bottle is, per product (stock/reconcile.ts): staff holding Order Management over every
   * organisation — the whole chain, not one organisation's — and the products that do not add up.
   */
  reconciliation(viewer: Viewer): Promise<{ products: ProductReconciliation[]; unbalanced: ProductReconciliation[] }>;
}

const STAFF: AccessNeed = { permission: 'cms:access' };

export function createStockService(deps: StockDeps): StockService {
  const { db, access } = deps;

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

    async reconciliation(viewer) {
      requireAnyScope(await allow(viewer, { permission: 'orders:manage' }));
      const products = await reconcile(db);
      return { products, unbalanced: unbalanced(products) };
    },
  };
}
