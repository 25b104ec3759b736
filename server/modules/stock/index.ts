// Stock's public entry: the ledgers (the one guarded write and the reads every screen's figure comes
// from), the announcement of a holder's moved stock, and the service people use them through.
export { createStockService, type StockDeps, type StockService } from './service';
export {
  balanceOf,
  balancesOf,
  brandStock,
  holdersMoved,
  insufficientStock,
  moveStock,
  moveStockOr,
  productNameOf,
  stockOf,
  type Balance,
  type Movement,
  type StockCause,
} from './ledger';
export { reconcile, unbalanced, type ProductReconciliation } from './reconcile';
export { announceStock, STOCK_TOPIC, stockAudiences } from './announce';
