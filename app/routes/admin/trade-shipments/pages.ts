// Where the brand's shipment pages are, for the shared sender forms (their answers lead here).
import { href } from 'react-router';
import type { SenderPages } from '~/features/shipments/shipments.server';

export const shipmentPage = (id: number) => href('/admin/dashboard/trade-shipments/:id', { id: String(id) });

export const STAFF_SENDER_PAGES: SenderPages = {
  shipment: shipmentPage,
  shipments: href('/admin/dashboard/trade-shipments'),
};
