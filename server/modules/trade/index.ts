// The trade kernel: what orders, invoices, shipments, payments and marketing requests share — the
// access check as a service's refusal, a record read or not found, the trading standing re-read
// inside the write, the write that tells after its commit, the guarded move along a transition table,
// idempotent creation, and the people and history its pages show. A trade service imports it from here.
export { actingOrganisation, type Allow, createAllow, partnerOrganisation, requireAnyScope, type Scope } from './access';
export { found, rowReader } from './rows';
export { type Organisation, refuseUnlessTrading, tradingOrganisation } from './standing';
export { type AfterCommit, type Collected, createTradeWriter, orderAudiences, partyAudiences, type TradeWriter } from './after-commit';
export { type GuardedMove, guardedMove, refuseMove } from './moves';
export { replayOf, requestHash } from './idempotency';
export { type AuditEntry, auditTrail, peopleNames } from './people';
export type { TradeDeps } from './deps';
export { organisationTypeOf } from './pages';
