// The spec §2 route table, in one file.
import { type RouteConfig, index, route } from '@react-router/dev/routes';

export default [
  // Public
  index('routes/public/home.tsx', { id: 'home' }),
  route('home', 'routes/public/home.tsx', { id: 'home-alias' }),
  route('products', 'routes/public/products.tsx'),
  route('products/:slug', 'routes/public/product.tsx'),
  route('about', 'routes/public/about.tsx'),
  route('cocktails', 'routes/public/cocktails.tsx', { id: 'cocktails' }),
  route('cocktails/:id', 'routes/public/cocktail.tsx', { id: 'cocktail' }),
  route('contact', 'routes/public/contact.tsx'),
  route('business-inquiry', 'routes/public/business-inquiry.tsx'),
  route('events', 'routes/public/events.tsx', { id: 'events' }),
  route('events/:id', 'routes/public/events-detail.tsx', { id: 'event' }),
  route('store-locator', 'routes/public/store-locator.tsx', { id: 'store-locator' }),
  route('buy-online', 'routes/public/buy-online.tsx', { id: 'buy-online' }),
  route('drink-responsibly', 'routes/public/drink-responsibly.tsx'),
  route('privacy', 'routes/public/legal.tsx', { id: 'legal-privacy' }),
  route('terms', 'routes/public/legal.tsx', { id: 'legal-terms' }),
  route('cookies', 'routes/public/legal.tsx', { id: 'legal-cookies' }),
  route('imprint', 'routes/public/legal.tsx', { id: 'legal-imprint' }),
  route('market', 'routes/public/market.tsx'),
  route('sitemap.xml', 'routes/sitemap.ts'),
  route('robots.txt', 'routes/robots.ts'),
  route('age-gate', 'routes/age-gate.tsx'),

  // Auth
  route('admin-login', 'routes/auth/login.tsx', { id: 'admin-login' }),
  route('partner-login', 'routes/auth/login.tsx', { id: 'partner-login' }),
  route('auth/login', 'routes/auth/login.tsx', { id: 'login' }),
  route('auth/register', 'routes/auth/register.tsx'),
  route('auth/confirm', 'routes/auth/confirm.tsx'),
  route('auth/resend-confirmation', 'routes/auth/resend-confirmation.tsx'),
  route('auth/forgot-password', 'routes/auth/forgot-password.tsx'),
  route('auth/reset-password', 'routes/auth/reset-password.tsx'),
  route('auth/two-factor', 'routes/auth/two-factor.tsx'),
  route('auth/logout', 'routes/auth/logout.tsx'),
  route('account', 'routes/account/index.tsx'),
  route('account/two-factor', 'routes/account/two-factor.tsx'),
  route('utils/create-test-users', 'routes/utils/create-test-users.tsx'),

  // Admin area (protected layout)
  route('admin/dashboard', 'routes/admin/layout.tsx', [
    index('routes/admin/index.tsx'),
    route('support', 'routes/admin/support.tsx'),
    // Staff catalogue (issue 5).
    route('products', 'routes/admin/products/index.tsx', { id: 'admin-products' }),
    route('products/new', 'routes/admin/products/edit.tsx', { id: 'admin-product-new' }),
    route('products/:id', 'routes/admin/products/edit.tsx', { id: 'admin-product-edit' }),
    route('store-locator', 'routes/admin/stores/index.tsx', { id: 'admin-store-locator' }),
    route('store-locator/new', 'routes/admin/stores/edit.tsx', { id: 'admin-store-new' }),
    route('store-locator/import', 'routes/admin/stores/import.tsx', { id: 'admin-store-import' }),
    route('store-locator/export.csv', 'routes/admin/stores/export.ts', { id: 'admin-store-export' }),
    route('store-locator/:id', 'routes/admin/stores/edit.tsx', { id: 'admin-store-edit' }),
    route('cocktails', 'routes/admin/cocktails/index.tsx', { id: 'admin-cocktails' }),
    route('cocktails/new', 'routes/admin/cocktails/edit.tsx', { id: 'admin-cocktail-new' }),
    route('cocktails/:id', 'routes/admin/cocktails/edit.tsx', { id: 'admin-cocktail-edit' }),
    route('marketing', 'routes/admin/marketing/index.tsx', { id: 'admin-marketing' }),
    route('marketing/collateral/new', 'routes/admin/marketing/collateral-edit.tsx', { id: 'admin-collateral-new' }),
    route('marketing/collateral/:id', 'routes/admin/marketing/collateral-edit.tsx', { id: 'admin-collateral-edit' }),
    route('marketing/events/new', 'routes/admin/marketing/event-edit.tsx', { id: 'admin-event-new' }),
    route('marketing/events/:id', 'routes/admin/marketing/event-edit.tsx', { id: 'admin-event-edit' }),
    route('marketing/requests/:id', 'routes/admin/marketing/request.tsx', { id: 'admin-marketing-request' }),
    route('inquiries', 'routes/admin/inquiries/index.tsx', { id: 'admin-inquiries' }),
    route('inquiries/:kind/:id', 'routes/admin/inquiries/detail.tsx', { id: 'admin-inquiry' }),
    // The trade network (issue 14): partner organisations, under the User Management switch.
    route('partners', 'routes/admin/partners/index.tsx', { id: 'admin-partners' }),
    route('partners/new', 'routes/admin/partners/new.tsx', { id: 'admin-partner-new' }),
    route('partners/tree', 'routes/admin/partners/tree.tsx', { id: 'admin-partners-tree' }),
    route('partners/:id', 'routes/admin/partners/detail.tsx', { id: 'admin-partner' }),
    // Trade orders (issue 15): the importers' orders to the brand, for staff with Order Management.
    route('trade-orders', 'routes/admin/trade-orders/index.tsx', { id: 'admin-trade-orders' }),
    route('trade-orders/:id', 'routes/admin/trade-orders/order.tsx', { id: 'admin-trade-order' }),
    // The brand's supplier screens (issue 43): its invoices, payments and shipments with its importers, from the partners' views.
    route('trade-invoices', 'routes/admin/trade-invoices/index.tsx', { id: 'admin-trade-invoices' }),
    route('trade-invoices/generate', 'routes/admin/trade-invoices/generate.tsx', { id: 'admin-trade-invoice-generate' }),
    route('trade-invoices/:id', 'routes/admin/trade-invoices/invoice.tsx', { id: 'admin-trade-invoice' }),
    route('trade-payments', 'routes/admin/trade-payments/index.tsx', { id: 'admin-trade-payments' }),
    route('trade-shipments', 'routes/admin/trade-shipments/index.tsx', { id: 'admin-trade-shipments' }),
    route('trade-shipments/new', 'routes/admin/trade-shipments/new.tsx', { id: 'admin-trade-shipment-new' }),
    route('trade-shipments/:id', 'routes/admin/trade-shipments/shipment.tsx', { id: 'admin-trade-shipment' }),
    // The brand's own details (issue 43): names, licence, address, VAT number and bank, for staff with Finance.
    route('brand', 'routes/admin/brand.tsx', { id: 'admin-brand' }),
    // Tax rules (issue 44): VAT and excise duty by jurisdiction and effective date, for staff with Finance.
    route('tax-rules', 'routes/admin/tax-rules.tsx', { id: 'admin-tax-rules' }),
    route('media', 'routes/admin/media.tsx', { id: 'admin-media' }),
    route('notifications', 'routes/admin/notifications.tsx', { id: 'admin-notifications' }),
    route('search', 'routes/admin/search.tsx', { id: 'admin-search' }),
    // Master admin only: the stored emails (how links reach people without SMTP_URL).
    route('outbox', 'routes/admin/outbox.tsx', { id: 'admin-outbox' }),
    // Spec §6: master admin only (issue 17: people and access, the audit log, the panel).
    route('master-admin', 'routes/admin/master-admin.tsx', { id: 'admin-master-admin' }),
    route('advanced-user-management', 'routes/admin/people/layout.tsx', { id: 'admin-advanced-user-management' }, [
      index('routes/admin/people/all-users.tsx', { id: 'admin-people-users' }),
      route('roles', 'routes/admin/people/roles.tsx', { id: 'admin-people-roles' }),
      route('access-control', 'routes/admin/people/access-control.tsx', { id: 'admin-people-access' }),
    ]),
    route('user-management', 'routes/admin/people/user-management.tsx', { id: 'admin-user-management' }),
    route('users', 'routes/admin/people/user-management.tsx', { id: 'admin-users' }),
    route('audit-logs', 'routes/admin/audit-logs.tsx', { id: 'admin-audit-logs' }),
    // Content Management (issue 18): CMS pages; the Navigation and Media Library tabs point to what exists.
    route('content-management', 'routes/admin/content-management.tsx', { id: 'admin-content-management' }),
    // Database Management (issue 19): the table browser and the SQL editor.
    route('database-management', 'routes/admin/database-management.tsx', { id: 'admin-database-management' }),
    // The Code Editor (issue 20): the site's assets repository — edit, commit, branch, deploy.
    route('code-editor', 'routes/admin/code-editor.tsx', { id: 'admin-code-editor' }),
  ]),

  // Partner area (protected layout)
  route('partner/dashboard', 'routes/partner/layout.tsx', [
    index('routes/partner/index.tsx', { id: 'partner-index' }),
    route('distributor', 'routes/partner/index.tsx', { id: 'partner-distributor' }),
    route('retailer', 'routes/partner/index.tsx', { id: 'partner-retailer' }),
    route('products', 'routes/partner/products.tsx', { id: 'partner-products' }),
    route('products/:slug', 'routes/partner/product.tsx', { id: 'partner-product' }),
    route('retailer/catalog', 'routes/partner/retailer-catalog.tsx', { id: 'partner-retailer-catalog' }),
    route('notifications', 'routes/partner/notifications.tsx', { id: 'partner-notifications' }),
    route('distribution/assign', 'routes/partner/distribution-assign.tsx', { id: 'partner-distribution-assign' }),
    // Trade orders (issue 15): placing, the lists, and one order for its buyer or its seller.
    route('orders/place', 'routes/partner/orders/place.tsx', { id: 'partner-orders-place' }),
    route('orders/history', 'routes/partner/orders/history.tsx', { id: 'partner-orders-history' }),
    route('orders/:id', 'routes/partner/orders/order.tsx', { id: 'partner-order' }),
    route('retailer/orders', 'routes/partner/orders/retailer.tsx', { id: 'partner-retailer-orders' }),
    // The CSV a buyer's own system fills to upload an order (issue 46): its orderable products by SKU.
    route('order-template.csv', 'routes/partner/orders/template.ts', { id: 'partner-order-template' }),
    route('distributor/orders/approve', 'routes/partner/orders/approve.tsx', { id: 'partner-distributor-orders-approve' }),
    // Invoices (issue 16): Generate Invoice and the distributor's list, View Invoices, one invoice for either party.
    route('distributor/invoices/generate', 'routes/partner/invoices/generate.tsx', { id: 'partner-distributor-invoices-generate' }),
    route('distributor/invoices', 'routes/partner/invoices/issued.tsx', { id: 'partner-distributor-invoices' }),
    route('retailer/invoices', 'routes/partner/invoices/received.tsx', { id: 'partner-retailer-invoices' }),
    route('invoices/:id', 'routes/partner/invoices/invoice.tsx', { id: 'partner-invoice' }),
    // Payments (issue 16; issue 43: every partner pays its supplier, importers and distributors are paid too).
    route('payments', 'routes/partner/payments.tsx', { id: 'partner-payments' }),
    // Shipments and receipts (issue 16): the distributor's Shipments, the retailer's Upload Receipts.
    route('distributor/shipments', 'routes/partner/shipments/index.tsx', { id: 'partner-distributor-shipments' }),
    route('distributor/shipments/new', 'routes/partner/shipments/new.tsx', { id: 'partner-distributor-shipments-new' }),
    route('distributor/shipments/:id', 'routes/partner/shipments/shipment.tsx', { id: 'partner-distributor-shipment' }),
    route('retailer/receipts', 'routes/partner/receipts/index.tsx', { id: 'partner-retailer-receipts' }),
    route('retailer/receipts/:id', 'routes/partner/receipts/receipt.tsx', { id: 'partner-retailer-receipt' }),
    // Pages by relationship (issue 43, product.md §3): the same modules for the organisations spec §2
    // gave no path — the importer's supplier pages, the importer's and distributor's buyer pages
    // (shared/trade-pages.ts says which path is whose).
    route('supplier/orders/approve', 'routes/partner/orders/approve.tsx', { id: 'partner-supplier-orders-approve' }),
    route('supplier/invoices/generate', 'routes/partner/invoices/generate.tsx', { id: 'partner-supplier-invoices-generate' }),
    route('supplier/invoices', 'routes/partner/invoices/issued.tsx', { id: 'partner-supplier-invoices' }),
    route('supplier/shipments', 'routes/partner/shipments/index.tsx', { id: 'partner-supplier-shipments' }),
    route('supplier/shipments/new', 'routes/partner/shipments/new.tsx', { id: 'partner-supplier-shipments-new' }),
    route('supplier/shipments/:id', 'routes/partner/shipments/shipment.tsx', { id: 'partner-supplier-shipment' }),
    route('buyer/invoices', 'routes/partner/invoices/received.tsx', { id: 'partner-buyer-invoices' }),
    route('buyer/receipts', 'routes/partner/receipts/index.tsx', { id: 'partner-buyer-receipts' }),
    route('buyer/receipts/:id', 'routes/partner/receipts/receipt.tsx', { id: 'partner-buyer-receipt' }),
    // Business details (issue 44): what the organisation's invoices print about it (every partner reads; its type role saves).
    route('business-details', 'routes/partner/business-details.tsx', { id: 'partner-business-details' }),
    // Marketing requests (every partner).
    route('marketing/materials', 'routes/partner/marketing/materials.tsx', { id: 'partner-marketing-materials' }),
    route('marketing/events', 'routes/partner/marketing/events.tsx', { id: 'partner-marketing-events' }),
    route('marketing/requests/:id', 'routes/partner/marketing/request.tsx', { id: 'partner-marketing-request' }),
  ]),

  route('dashboard/*', 'routes/dashboard-redirect.tsx'),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
