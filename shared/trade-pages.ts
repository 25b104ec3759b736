// Which trade page a viewer opens, by its organisation's type (product.md §3: pages follow the
// relationship, not the role name). Every organisation with buyers has the supplier pages, every
// organisation with a supplier the buyer pages. Spec §2 gave the distributor its supplier pages under
// `distributor/` and the retailer its buyer pages under `retailer/`; those paths stay, and the pages
// spec §2 did not give (the importer's supplier pages, the importer's and the distributor's received
// invoices and receipts) live under `supplier/` and `buyer/`. The sidebar, the links inside the pages,
// their redirects and the server's notices all ask here, so a page has one address per viewer.
import { href } from 'react-router';
import { type AnyOrganisationType, ORGANISATION_TYPES, type OrganisationType } from './partners';

/** Organisations with buyers: the brand (staff act for it), importers and distributors. */
export type SupplierType = Exclude<AnyOrganisationType, 'retailer'>;
/** Organisations with a supplier: every partner organisation. */
export type BuyerType = OrganisationType;

export interface SupplierPages {
  approve: string;
  generateInvoice: string;
  issuedInvoices: string;
  shipments: string;
  newShipment: string;
  shipment: (id: number) => string;
  /** Incoming payments: the Payments page's receiving side. */
  payments: string;
}

export interface BuyerPages {
  placeOrder: string;
  orderHistory: string;
  receivedInvoices: string;
  receipts: string;
  receipt: (id: number) => string;
  /** Outgoing payments: the Payments page's paying side. */
  payments: string;
}

export type TradePage = Exclude<keyof SupplierPages | keyof BuyerPages, 'shipment' | 'receipt'>;
export type TradeDocumentPage = 'shipment' | 'receipt';

const PAYMENTS = href('/partner/dashboard/payments');
const paying = `${PAYMENTS}?side=paying`;
const receiving = `${PAYMENTS}?side=receiving`;

const SUPPLIER: Record<SupplierType, SupplierPages> = {
  // The brand's side is staff's: its screens in the admin area (Trade orders, invoices, shipments, payments).
  brand: {
    approve: href('/admin/dashboard/trade-orders'),
    generateInvoice: href('/admin/dashboard/trade-invoices/generate'),
    issuedInvoices: href('/admin/dashboard/trade-invoices'),
    shipments: href('/admin/dashboard/trade-shipments'),
    newShipment: href('/admin/dashboard/trade-shipments/new'),
    shipment: (id) => href('/admin/dashboard/trade-shipments/:id', { id: String(id) }),
    payments: href('/admin/dashboard/trade-payments'),
  },
  importer: {
    approve: href('/partner/dashboard/supplier/orders/approve'),
    generateInvoice: href('/partner/dashboard/supplier/invoices/generate'),
    issuedInvoices: href('/partner/dashboard/supplier/invoices'),
    shipments: href('/partner/dashboard/supplier/shipments'),
    newShipment: href('/partner/dashboard/supplier/shipments/new'),
    shipment: (id) => href('/partner/dashboard/supplier/shipments/:id', { id: String(id) }),
    payments: receiving,
  },
  distributor: {
    approve: href('/partner/dashboard/distributor/orders/approve'),
    generateInvoice: href('/partner/dashboard/distributor/invoices/generate'),
    issuedInvoices: href('/partner/dashboard/distributor/invoices'),
    shipments: href('/partner/dashboard/distributor/shipments'),
    newShipment: href('/partner/dashboard/distributor/shipments/new'),
    shipment: (id) => href('/partner/dashboard/distributor/shipments/:id', { id: String(id) }),
    payments: receiving,
  },
};

const BUYER_PAGES = {
  receivedInvoices: href('/partner/dashboard/buyer/invoices'),
  receipts: href('/partner/dashboard/buyer/receipts'),
  receipt: (id: number) => href('/partner/dashboard/buyer/receipts/:id', { id: String(id) }),
};

const BUYER: Record<BuyerType, BuyerPages> = {
  importer: {
    placeOrder: href('/partner/dashboard/orders/place'),
    orderHistory: href('/partner/dashboard/orders/history'),
    ...BUYER_PAGES,
    payments: paying,
  },
  distributor: {
    placeOrder: href('/partner/dashboard/orders/place'),
    orderHistory: href('/partner/dashboard/orders/history'),
    ...BUYER_PAGES,
    payments: paying,
  },
  // Spec §2: the retailer places its orders and reads them on one page (Place Orders).
  retailer: {
    placeOrder: href('/partner/dashboard/retailer/orders'),
    orderHistory: href('/partner/dashboard/retailer/orders'),
    receivedInvoices: href('/partner/dashboard/retailer/invoices'),
    receipts: href('/partner/dashboard/retailer/receipts'),
    receipt: (id) => href('/partner/dashboard/retailer/receipts/:id', { id: String(id) }),
    payments: paying,
  },
};

const isSupplierType = (type: string): type is SupplierType => type in SUPPLIER;
const isBuyerType = (type: string): type is BuyerType => type in BUYER;

/** An organisation's supplier pages; null for one without buyers (a retailer) or without a type. */
export function supplierPages(type: AnyOrganisationType | null | undefined): SupplierPages | null {
  return type && isSupplierType(type) ? SUPPLIER[type] : null;
}

/** An organisation's buyer pages; null for one without a supplier (the brand) or without a type. */
export function buyerPages(type: AnyOrganisationType | null | undefined): BuyerPages | null {
  return type && isBuyerType(type) ? BUYER[type] : null;
}

/** A trade page's address for an organisation of `type`; null when it has no such page. Payments: the supplier's side first. */
export function tradePath(type: AnyOrganisationType | null | undefined, page: TradePage): string | null {
  const supplier = supplierPages(type);
  const buyer = buyerPages(type);
  if (supplier && page in supplier) return supplier[page as keyof SupplierPages] as string;
  if (buyer && page in buyer) return buyer[page as keyof BuyerPages] as string;
  return null;
}

/** One shipment's page: the sender's (`shipment`) or the recipient's (`receipt`); null when the organisation has no such page. */
export function tradeDocumentPath(type: AnyOrganisationType | null | undefined, page: TradeDocumentPage, id: number): string | null {
  return page === 'shipment' ? (supplierPages(type)?.shipment(id) ?? null) : (buyerPages(type)?.receipt(id) ?? null);
}

/** The organisation type a partner trades as: its trading role's (the generic `partner` role trades as none). */
export function tradeTypeOf(roles: readonly string[]): OrganisationType | null {
  return ORGANISATION_TYPES.find((t) => roles.includes(t)) ?? null;
}

/** Whom an organisation sells to and buys from, as its pages say it. */
export const BUYERS_OF: Record<SupplierType, { one: string; many: string }> = {
  brand: { one: 'importer', many: 'importers' },
  importer: { one: 'distributor', many: 'distributors' },
  distributor: { one: 'retailer', many: 'retailers' },
};
export const SUPPLIER_OF: Record<BuyerType, string> = { importer: 'Frolic', distributor: 'your importer', retailer: 'your distributor' };

/**
 * The pages of a viewer past a supplier page's guard (an importer or a distributor), for the links
 * the page draws: its type's, or spec §2's distributor pages when it has no trading role.
 */
export function pagesAsSupplier(type: AnyOrganisationType | null | undefined): SupplierPages {
  return supplierPages(type) ?? SUPPLIER.distributor;
}

/** The pages of a viewer past a buyer page's guard: its type's, or spec §2's retailer pages when it has no trading role. */
export function pagesAsBuyer(type: AnyOrganisationType | null | undefined): BuyerPages {
  return buyerPages(type) ?? BUYER.retailer;
}

/** Whom a supplier sells to, as its pages say it (a distributor's retailers when the type has no buyers). */
export function buyersOf(type: AnyOrganisationType | null | undefined): { one: string; many: string } {
  return type && isSupplierType(type) ? BUYERS_OF[type] : BUYERS_OF.distributor;
}

/** Whom a buyer buys from, as its pages say it (a retailer's distributor when the type has no supplier). */
export function supplierOf(type: AnyOrganisationType | null | undefined): string {
  return type && isBuyerType(type) ? SUPPLIER_OF[type] : SUPPLIER_OF.retailer;
}

/** What the buyer pages are called: spec §2's names for the retailer's, plainer ones for the pages it did not name. */
export function buyerPageLabels(type: AnyOrganisationType | null | undefined): { placeOrder: string; receivedInvoices: string; receipts: string } {
  return type === 'importer' || type === 'distributor'
    ? { placeOrder: 'Place Order', receivedInvoices: 'Received Invoices', receipts: 'Receipts' }
    : { placeOrder: 'Place Orders', receivedInvoices: 'View Invoices', receipts: 'Upload Receipts' };
}
