// Staff's door to the invoice pages' posts: the service's staff channel (acting for the brand), and
// the Trade invoices pages the answers lead to.
import { href } from 'react-router';
import type { InvoiceDoor } from '~/features/invoices/invoices.server';

export const STAFF_INVOICE_DOOR: InvoiceDoor = {
  channel: 'staff',
  invoicePage: (id: number) => href('/admin/dashboard/trade-invoices/:id', { id: String(id) }),
  generatePage: () => href('/admin/dashboard/trade-invoices/generate'),
};
