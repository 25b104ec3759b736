// Orders' public entry: the service, its views' types, the live topic, and what other trade modules
// need of an order — its move along the transition table (invoices, shipments) and paying the orders
// of invoices paid in full (payments, credit notes).
export { ORDER_TOPIC } from '../../../shared/schemas/orders';
export { createOrderService, type OrderService } from './service';
export { advanceOrder } from './moves';
export { payOrdersOfInvoices, type PaidOrder } from './paid';
export { decimal } from './reports';
export { partnerOrderPath, staffOrderPath } from './notices';
export type { Channel, OrderDeps, OrderDetail, OrderInvoicing, OrderLine, OrderMessage, OrderParty, OrderRow, OrderSummary, TimelineEntry } from './types';
