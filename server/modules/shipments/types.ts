// Shipments' records and what the service is built with.
import type { shipmentItems, shipments } from '../../db/schema';
import type { AttachmentService } from '../attachments';
import type { InvoiceService } from '../invoices';
import type { TradeDeps } from '../trade';

/** The live channel's topic for a shipment and its receipt (`{ type: 'changed', topic, id }`). */
export const SHIPMENT_TOPIC = 'shipment';

/**
 * Orders whose lines may be shipped: approved, invoiced, or paid before they went (a customer may pay
 * an invoice in full before everything has shipped; the order stays `paid`, its stock reserved until
 * its lines go). What is left to ship is counted per line, so nothing ships twice.
 */
export const SHIPPABLE_ORDER_STATUSES = ['approved', 'invoiced', 'paid'] as const;

export const PERMISSION = 'orders:manage' as const;

export interface ShipmentDeps extends TradeDeps {
  attachments: AttachmentService;
  /** Credit notes for a receipt's shortfall (services.invoices). */
  invoicing?: Pick<InvoiceService, 'creditForShortfall'>;
}

export type ShipmentRow = typeof shipments.$inferSelect;
export type ItemRow = typeof shipmentItems.$inferSelect;
