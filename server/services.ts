// Builds the one instance of each service for the process. Route loaders get them through React
// Router's load context, API handlers as an argument: nothing creates a second copy.
import type { Config } from './config';
import { type ContentVersion, createContentVersion } from './cache/content-version';
import type { Database } from './db/client';
import { createSigner, type Signer } from './core/cookies';
import { type AgeGateService, createAgeGateService } from './modules/age-gate';
import { type CatalogService, createCatalogService } from './modules/catalog';
import type { ChangeFeed } from './realtime/changes';
import { createLive, type Live } from './realtime/live';
import { type CocktailService, createCocktailService } from './modules/cocktails';
import { type StoreService, createStoreService } from './modules/stores';
import { type RetailerService, createRetailerService } from './modules/retailers';
import { type InquiryService, createInquiryService } from './modules/inquiries';
import type { Logger } from 'pino';
import { createSealer } from './auth/tokens';
import { type Access, createAccess } from './auth/authorize';
import { createMailer, type Mailer } from './mail/mailer';
import { createJobs, type Jobs } from './jobs/registry';
import { type AuthService, createAuthService, createSessionStore, type SessionStore } from './modules/auth';
import { createUserService, type UserService, createUsersAdmin, type UsersAdmin } from './modules/users';
import { createSettingsService, type SettingsService } from './modules/security';
import { createRoleService, type RoleService } from './modules/roles';
import { createRateLimiter, type RateLimiter, sweepRateLimits } from './core/rate-limit';
import { createDashboardService, type DashboardService } from './modules/dashboard';
import { type ChatService, createChatService } from './modules/chat';
import { createMediaService, type MediaService, type OpenedStorage, openStorage } from './modules/media';
import { createMarketingService, type MarketingService } from './modules/marketing';
import { createPagesService, type PagesService, createNavigationService, type NavigationService } from './modules/content';
import { createNotificationService, type NotificationService } from './modules/notifications';
import { createPartnerService, type PartnerService } from './modules/partners';
import { createMarketingRequestService, type MarketingRequestService } from './modules/marketing-requests';
import { createOrderService, type OrderService } from './modules/orders';
import { createInvoiceService, type InvoiceService } from './modules/invoices';
import { createPartnerCatalogService, type PartnerCatalogService } from './modules/partner-catalog';
import { createStockService, type StockService } from './modules/stock';
import { type AttachmentService, createAttachmentService } from './modules/attachments';
import { createShipmentService, type ShipmentService } from './modules/shipments';
import { createPaymentService, type PaymentService } from './modules/payments';
import { createTaxRuleService, type TaxRuleService } from './modules/tax';
import { createExportService, type ExportService } from './modules/exports';
import { createInstances, type Instances, createMasterPanel, type MasterPanelService } from './modules/master';
import { type AuditLogService, createAuditLogService } from './modules/audit';
import { createSqlService, type SqlService, resolveSqlRole } from './modules/sql';
import { type CodeService, createCodeService, SITE_REPO, createSiteAssetsLive, type SiteAssetsLive, createRepository } from './modules/code';

export interface Services {
  content: ContentVersion;
  catalog: CatalogService;
  ageGate: AgeGateService;
  cocktails: CocktailService;
  stores: StoreService;
  retailers: RetailerService;
  inquiries: InquiryService;
  settings: SettingsService;
  sessions: SessionStore;
  /** The one authorization decision (server/auth/authorize.ts) with the stored settings. */
  access: Access;
  auth: AuthService;
  /** User administration: create and invite, status, unlock, anyone's roles. */
  users: UserService;
  /** Roles & Permissions: the roles with their grants, switches saved, custom roles created and deleted. */
  roles: RoleService;
  /** The master admin's user administration: the list, create and invite, edits, resets, two-factor, delete (tombstone and redaction). */
  usersAdmin: UsersAdmin;
  mailer: Mailer;
  /** The job queue and this instance's runner (started by createApp, stopped by its close). */
  jobs: Jobs;
  dashboard: DashboardService;
  chat: ChatService;
  media: MediaService;
  marketing: MarketingService;
  /** CMS pages: drafts and versions, diff and restore, publishing (now or scheduled), the public page. */
  pages: PagesService;
  /** The header's and footer's menus: stored, edited in Content Management, shown by the public chrome. */
  navigation: NavigationService;
  /** Partners' marketing requests (materials, events) and their collateral downloads. */
  marketingRequests: MarketingRequestService;
  orders: OrderService;
  /** Invoices and credit notes: drafts, issuing (gapless numbers), credit notes, PDFs, both sides' lists. */
  invoices: InvoiceService;
  /** Retailers' payments to their distributors, balances, aging, statements, the credit hold and the overdue check. */
  payments: PaymentService;
  /** Tax rules (Finance): VAT and excise by jurisdiction and date — the list, new rules, withdrawing one not yet in force. */
  tax: TaxRuleService;
  /** Export to accounting: invoices, credit notes and payments of a period as Xero, QuickBooks Online or plain CSV, streamed. */
  exports: ExportService;
  notifications: NotificationService;
  /** The audit log as the master admin reads it: filtered keyset pages, one row, the CSV export. */
  audit: AuditLogService;
  /** Database Management: the table browser and the SQL editor (master admin only). */
  sql: SqlService;
  /** The Code Editor: the site's assets repository — edits, commits, history, revert, branches, deploy (master admin only). */
  code: CodeService;
  /** What the live site uses from the assets repository (theme, announcement, robots.txt lines, email templates), on every instance. */
  siteAssets: SiteAssetsLive;
  /** Tells open pages something changed: `{ type: 'changed', topic, id }` to whom the signal's audiences admit. */
  live: Live;
  /** Partner organisations, their terms and their people; the brand's own details (Brand details). */
  partners: PartnerService;
  /** The trade catalogue as a partner sees it: its tier's prices in its market, stock with Inventory Viewing. */
  partnerCatalog: PartnerCatalogService;
  /** Stock ledgers as people use them: brand adjustments, partners' holdings, importers' allocations. */
  stock: StockService;
  /** Organisation-scoped files (a receipt's photo or PDF): on the media storage, never in the media library, never public. */
  attachments: AttachmentService;
  /** Distributors' shipments to their retailers, and the retailers' receipts. */
  shipments: ShipmentService;
  /** This instance's heartbeat and the list of live instances (started and stopped by createApp). */
  instances: Instances;
  /** The Master Admin Panel's figures: people, locks, invitations, security events, health. */
  masterPanel: MasterPanelService;
  /** Demo mode (DEMO_MODE): creates one user per role; disabled by default. */
  demo: { enabled: boolean; createUsers(): Promise<{ role: string; email: string; password: string }[]> };
  /** Sign-in, sign-up and reset attempts per IP: 20 in 15 minutes, counted across every instance. */
  authLimiter: RateLimiter;
  signer: Signer;
  /** Where uploaded files live: the local disk or an S3 bucket (main.ts checks it before starting; closed by close()). */
  storage: OpenedStorage;
}

export function createServices(config: Config, database: Database, feed: ChangeFeed, logger: Logger, now: () => number = Date.now): Services {
  const content = createContentVersion(feed);
  const signer = createSigner(config.SESSION_SECRET);
  const settings = createSettingsService(database.db, feed, now);
  const sessions = createSessionStore(database.db, settings, now, feed);
  const jobs = createJobs(database.db, { logger, now });
  // Rate limits live in the database, shared by every instance; passed windows go hourly.
  jobs.every('rate-limits.sweep', 'hour', async () => {
    await sweepRateLimits(database.db, now);
  });
  // Links in emails are live tokens: printed to the log in development only (the outbox keeps them).
  // The deployed assets (theme, announcement, robots.txt, email templates), kept current on every instance.
  const siteAssets = createSiteAssetsLive(database.db, createRepository(database.db, SITE_REPO), content, (err) =>
    logger.error({ err }, 'site assets unreadable'),
  );
  const mailer = createMailer(database.db, jobs, {
    smtpUrl: config.SMTP_URL,
    from: config.MAIL_FROM,
    logger,
    printLinks: config.NODE_ENV === 'development',
    templates: () => siteAssets.emailTemplates(),
  });
  const sealer = createSealer(config.SESSION_SECRET);
  const access = createAccess(settings);
  const instances = createInstances(database.db, jobs.instanceId, now);
  const notifications = createNotificationService(database.db, feed, access, now);
  const users = createUserService({ db: database.db, sessions, feed, now });
  const live = createLive(feed);
  const origin = config.PUBLIC_ORIGIN ?? `http://localhost:${config.PORT}`;
  const invoices = createInvoiceService({ db: database.db, access, notifications, mailer, live, origin, now });
  const partners = createPartnerService({
    db: database.db,
    access,
    users,
    mailer,
    feed,
    jobs,
    notifications,
    origin: config.PUBLIC_ORIGIN ?? `http://localhost:${config.PORT}`,
    now,
  });
  // One file storage: the media library's files and the partners' attachments (in tables of their
  // own) — the local disk, or an S3-compatible bucket every instance shares (STORAGE_URL).
  const storage = openStorage(config);
  const attachments = createAttachmentService(database.db, access, storage);
  const pages = createPagesService(database.db, content, jobs, now);
  return {
    storage,
    partners,
    attachments,
    shipments: createShipmentService({
      db: database.db,
      access,
      notifications,
      mailer,
      attachments,
      invoicing: invoices,
      live,
      origin: config.PUBLIC_ORIGIN ?? `http://localhost:${config.PORT}`,
      now,
    }),
    partnerCatalog: createPartnerCatalogService(database.db, access),
    access,
    notifications,
    audit: createAuditLogService(database.db),
    sql: createSqlService(
      database,
      () => resolveSqlRole(database, { databaseUrl: config.DATABASE_URL, editorUrl: config.SQL_EDITOR_DATABASE_URL, secret: config.SESSION_SECRET }),
      { statementTimeoutMs: config.SQL_STATEMENT_TIMEOUT_MS, maxPlanCost: config.SQL_MAX_PLAN_COST ?? (database.kind === 'pglite' ? 5_000 : 1_000_000) },
      {
        now,
        onPoolError: (err) => logger.error({ err }, 'SQL editor connection error'),
        // Whatever a write changed, the public caches (content version, page cache) start again.
        onWrite: () => content.changed('sql'),
      },
    ),
    code: createCodeService({ db: database.db, content, feed, live: siteAssets, now }),
    siteAssets,
    live,
    media: createMediaService(database.db, content, storage),
    marketing: createMarketingService(database.db, content),
    pages,
    navigation: createNavigationService(database.db, content, () => pages.siteSegments()),
    marketingRequests: createMarketingRequestService({
      db: database.db,
      access,
      notifications,
      mailer,
      live,
      origin: config.PUBLIC_ORIGIN ?? `http://localhost:${config.PORT}`,
      now,
    }),
    stock: createStockService({
      db: database.db,
      access,
      notifications,
      mailer,
      live,
      origin: config.PUBLIC_ORIGIN ?? `http://localhost:${config.PORT}`,
      now,
    }),
    invoices,
    orders: createOrderService({
      db: database.db,
      access,
      notifications,
      mailer,
      // Cancelling an invoiced order credits it, in the cancel's transaction.
      invoicing: { lockInvoiceOf: invoices.lockInvoiceOfOrder, orderCancelled: invoices.creditCancelledOrder },
      live,
      feed,
      origin: config.PUBLIC_ORIGIN ?? `http://localhost:${config.PORT}`,
      now,
    }),
    payments: createPaymentService({
      db: database.db,
      access,
      notifications,
      mailer,
      jobs,
      live,
      feed,
      origin: config.PUBLIC_ORIGIN ?? `http://localhost:${config.PORT}`,
      now,
    }),
    tax: createTaxRuleService({ db: database.db, access, now }),
    exports: createExportService({ db: database.db, access }),
    settings,
    sessions,
    mailer,
    jobs,
    dashboard: createDashboardService(database.db, now),
    instances,
    masterPanel: createMasterPanel(database, instances, { smtp: Boolean(config.SMTP_URL), now }),
    chat: createChatService(database.db, feed, now, { startsPerIp: config.CHAT_STARTS_PER_IP }),
    demo: { enabled: false, createUsers: async () => [] },
    auth: createAuthService({ db: database.db, sessions, settings, mailer, jobs, sealer, feed, now }),
    users,
    roles: createRoleService({ db: database.db, feed, now }),
    usersAdmin: createUsersAdmin({ db: database.db, users, sessions, feed, mailer, now }),
    authLimiter: createRateLimiter(database.db, {
      name: 'auth',
      limit: config.AUTH_RATE_LIMIT,
      windowMs: 15 * 60_000,
      now,
      what: 'attempts from your network',
    }),
    content,
    signer,
    catalog: createCatalogService(database.db, content),
    ageGate: createAgeGateService(signer),
    cocktails: createCocktailService(database.db, content),
    stores: createStoreService(database.db, content),
    retailers: createRetailerService(database.db, content),
    inquiries: createInquiryService(database.db, notifications, Date.now, partners),
  };
}
