// Shipments' public entry: the service, its live topic and records, and what an order's shipping
// reads (per order line, the cases in its shipments).
export { createShipmentService, type ShipmentService } from './service';
export { type ItemRow as ShipmentItemRow, SHIPMENT_TOPIC, SHIPPABLE_ORDER_STATUSES, type ShipmentDeps, type ShipmentRow } from './types';
export { invalidShipmentTransition } from './context';
export { lineTotals, type LineTotals } from './lines';
