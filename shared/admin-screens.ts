// What each admin screen asks of the one decision (server/auth/authorize.ts) — the need its page
// guard checks (app/lib/guards.server.ts `requireScreen`) and the need a link to it is shown for
// (`openScreens`): the admin dashboard's cards and panels, and the shell's sidebar, show a screen only to whoever may open it, so
// a card can never lead to Access Denied (issue 40).
import type { AccessNeed } from './policy';

export const ADMIN_SCREEN_NEEDS = {
  /** Manage Products: the list and the editor. */
  products: { permission: 'cms:access' },
  /** Manage Recipes. */
  cocktails: { permission: 'cms:access' },
  /** The Store Locator. */
  storeLocator: { permission: 'cms:access' },
  /** Collateral & Events: the collateral and events tabs and their editors. */
  marketing: { permission: 'cms:access' },
  /** Collateral & Events: partners' requests. */
  marketingRequests: { permission: 'marketing:requests' },
  /** Contact messages and business inquiries. */
  inquiries: { permission: 'inquiries:manage' },
  /** The Media Library. */
  media: { permission: 'cms:access' },
  /** Partners: organisations, their tree and onboarding. */
  partners: { permission: 'users:manage' },
  /** Trade orders across the network. */
  tradeOrders: { permission: 'orders:manage' },
  /** Trade invoices: the brand's invoices and credit notes to its importers (issue 43). */
  tradeInvoices: { permission: 'orders:manage' },
  /** Trade payments: the importers' payments to the brand, aging and statements (issue 43). */
  tradePayments: { permission: 'orders:manage' },
  /** Trade shipments: the brand's shipments to its importers and their receipts (issue 43). */
  tradeShipments: { permission: 'orders:manage' },
  /** Brand details: the brand's own business details (Finance). */
  brand: { permission: 'finance:manage' },
  /** Tax rules: VAT and excise duty by jurisdiction and date (Finance, issue 44). */
  taxRules: { permission: 'finance:manage' },
  /** The Support Inbox. */
  support: { permission: 'support:answer' },
  /** User Management (spec §6: master admin only, whatever the switches say). */
  users: { masterAdmin: true },
  /** The Master Admin Panel, Audit Logs and the Outbox (spec §6: master admin only). */
  masterAdmin: { masterAdmin: true },
} as const satisfies Record<string, AccessNeed>;

export type AdminScreen = keyof typeof ADMIN_SCREEN_NEEDS;
export const ADMIN_SCREENS = Object.keys(ADMIN_SCREEN_NEEDS) as AdminScreen[];
