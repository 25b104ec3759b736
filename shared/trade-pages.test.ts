import { describe, expect, it } from 'vitest';
import {
  buyerPageLabels,
  buyerPages,
  buyersOf,
  pagesAsBuyer,
  pagesAsSupplier,
  supplierOf,
  supplierPages,
  tradeDocumentPath,
  tradePath,
  tradeTypeOf,
} from './trade-pages';
import { partnerPageRoles } from './policy';
import { ORGANISATION_TYPES } from './partners';

const P = '/partner/dashboard';

describe('trade pages by relationship (product.md §3)', () => {
  it("keeps spec §2's paths: the distributor's supplier pages, the retailer's buyer pages, the importer's ordering", () => {
    expect(supplierPages('distributor')).toMatchObject({
      approve: `${P}/distributor/orders/approve`,
      generateInvoice: `${P}/distributor/invoices/generate`,
      issuedInvoices: `${P}/distributor/invoices`,
      shipments: `${P}/distributor/shipments`,
      newShipment: `${P}/distributor/shipments/new`,
    });
    expect(supplierPages('distributor')!.shipment(7)).toBe(`${P}/distributor/shipments/7`);
    expect(buyerPages('retailer')).toMatchObject({
      placeOrder: `${P}/retailer/orders`,
      orderHistory: `${P}/retailer/orders`,
      receivedInvoices: `${P}/retailer/invoices`,
      receipts: `${P}/retailer/receipts`,
    });
    expect(buyerPages('retailer')!.receipt(7)).toBe(`${P}/retailer/receipts/7`);
    expect(buyerPages('importer')).toMatchObject({ placeOrder: `${P}/orders/place`, orderHistory: `${P}/orders/history` });
  });

  it('gives the importer supplier pages under supplier/, the importer and the distributor buyer pages under buyer/', () => {
    expect(supplierPages('importer')).toMatchObject({
      approve: `${P}/supplier/orders/approve`,
      generateInvoice: `${P}/supplier/invoices/generate`,
      issuedInvoices: `${P}/supplier/invoices`,
      shipments: `${P}/supplier/shipments`,
      newShipment: `${P}/supplier/shipments/new`,
    });
    expect(tradeDocumentPath('importer', 'shipment', 12)).toBe(`${P}/supplier/shipments/12`);
    for (const type of ['importer', 'distributor'] as const) {
      expect(buyerPages(type), type).toMatchObject({ receivedInvoices: `${P}/buyer/invoices`, receipts: `${P}/buyer/receipts` });
      expect(tradeDocumentPath(type, 'receipt', 12)).toBe(`${P}/buyer/receipts/12`);
    }
    // Distributors order from their importer on the importer's pages.
    expect(tradePath('distributor', 'placeOrder')).toBe(`${P}/orders/place`);
    expect(tradePath('distributor', 'orderHistory')).toBe(`${P}/orders/history`);
  });

  it('has no supplier pages for a retailer nor buyer pages for the brand; the brand’s side is the admin area', () => {
    expect(supplierPages('retailer')).toBeNull();
    expect(tradePath('retailer', 'approve')).toBeNull();
    expect(tradeDocumentPath('retailer', 'shipment', 1)).toBeNull();
    expect(buyerPages('brand')).toBeNull();
    expect(tradePath('brand', 'placeOrder')).toBeNull();
    expect(tradeDocumentPath('brand', 'shipment', 1)).toBe('/admin/dashboard/trade-shipments/1');
    expect(tradePath(null, 'approve')).toBeNull();
  });

  it('opens Payments on the side the page is for: receiving for a supplier, paying for a buyer', () => {
    expect(tradePath('importer', 'payments')).toBe(`${P}/payments?side=receiving`);
    expect(tradePath('distributor', 'payments')).toBe(`${P}/payments?side=receiving`);
    expect(tradePath('retailer', 'payments')).toBe(`${P}/payments?side=paying`);
    expect(buyerPages('distributor')!.payments).toBe(`${P}/payments?side=paying`);
  });

  it("opens every page of a type to that type's role (the guard and the map agree)", () => {
    for (const type of ORGANISATION_TYPES) {
      const supplier = supplierPages(type);
      const buyer = buyerPages(type)!;
      const paths = [
        ...(supplier
          ? [
              supplier.approve,
              supplier.generateInvoice,
              supplier.issuedInvoices,
              supplier.shipments,
              supplier.newShipment,
              supplier.shipment(1),
              supplier.payments,
            ]
          : []),
        buyer.placeOrder,
        buyer.orderHistory,
        buyer.receivedInvoices,
        buyer.receipts,
        buyer.receipt(1),
        buyer.payments,
      ];
      for (const path of paths) expect(partnerPageRoles(path.replace(/\?.*$/, '')), `${type} ${path}`).toContain(type);
    }
  });

  it('reads the type a partner trades as from its role, and names its buyers, its supplier and its pages', () => {
    expect(tradeTypeOf(['importer'])).toBe('importer');
    expect(tradeTypeOf(['partner', 'distributor'])).toBe('distributor');
    expect(tradeTypeOf(['partner'])).toBeNull();
    expect(buyersOf('importer')).toEqual({ one: 'distributor', many: 'distributors' });
    expect(buyersOf('distributor').many).toBe('retailers');
    expect(supplierOf('importer')).toBe('Frolic');
    expect(supplierOf('distributor')).toBe('your importer');
    expect(supplierOf('retailer')).toBe('your distributor');
    expect(buyerPageLabels('retailer')).toEqual({ placeOrder: 'Place Orders', receivedInvoices: 'View Invoices', receipts: 'Upload Receipts' });
    expect(buyerPageLabels('importer').receipts).toBe('Receipts');
    // A viewer without a trading role past a guard: spec §2's distributor and retailer pages.
    expect(pagesAsSupplier(null).shipments).toBe(`${P}/distributor/shipments`);
    expect(pagesAsBuyer(null).receipts).toBe(`${P}/retailer/receipts`);
  });
});
