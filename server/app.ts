// Builds the HTTP server: security headers, compression, static assets, /healthz, /api, and React
// Router's handler for pages. Tests call this; main.ts adds configuration, signals and listen.
import type http from 'node:http';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import compression from 'compression';
import express, { type NextFunction, type Request, type Response } from 'express';
import { type AppLoadContext, href } from 'react-router';
import type { Logger } from 'pino';
import { pinoHttp } from 'pino-http';
import type { Config } from './config';
import { type Database, ping } from './db/client';
import { AppError } from './core/errors';
import { errorAnswer } from './http/errors';
import { overloadGuard } from './http/overload';
import { createFlash } from './http/flash';
import { createPageCache } from './http/page-cache';
import { pageForms } from './http/page-forms';
import { resolveMarket } from './http/market';
import { createRequestAuth } from './http/request-auth';
import { scopedRouters } from './http/scoped-router';
import { createExpressServer } from './http/express-server';
import { type BuildSource, reactRouterHandler } from './http/react-router';
import { corsFor, hstsWhenSecure, nonceMiddleware, refuseCrossSiteWrites, requireJsonBody, securityHeaders } from './http/security';
import { ageGateApi } from './modules/age-gate/api';
import { catalogApi } from './modules/catalog/api';
import { cocktailsApi } from './modules/cocktails/api';
import { storesApi } from './modules/stores/api';
import { inquiriesApi } from './modules/inquiries/api';
import { partnersApi } from './modules/partners/api';
import { authApi } from './modules/auth/api';
import { usersApi } from './modules/users/api';
import { masterApi } from './modules/master/api';
import { rolesApi } from './modules/roles/api';
import { securityApi } from './modules/security/api';
import { auditApi } from './modules/audit/api';
import { sqlApi } from './modules/sql/api';
import { codeApi } from './modules/code/api';
import { chatApi } from './modules/chat/api';
import { mediaApi, mediaFiles } from './modules/media/api';
import { marketingApi } from './modules/marketing/api';
import { navigationApi, pagesApi } from './modules/content/api';
import { routeSegments } from './modules/content';
import { marketingRequestsApi } from './modules/marketing-requests/api';
import { ordersApi } from './modules/orders/api';
import { invoicesApi } from './modules/invoices/api';
import { paymentsApi } from './modules/payments/api';
import { exportsApi } from './modules/exports/api';
import { notificationsApi } from './modules/notifications/api';
import { stockApi } from './modules/stock/api';
import { attachmentsApi, receiptUploadApi, shipmentsApi } from './modules/shipments/api';
import { partnerCatalogApi } from './modules/partner-catalog/api';
import { taxApi } from './modules/tax/api';
import { createChangeFeed, type ChangeFeed } from './realtime/changes';
import { createServices, type Services } from './services';
import { attachChatSockets, type ChatSockets } from './realtime/chat-sockets';

export interface AppOptions {
  config: Config;
  database: Database;
  logger: Logger;
  /** The React Router server build; omitted in dev, where Vite serves it. */
  build?: BuildSource;
  /** Directory with the browser build (hashed assets). */
  clientDir?: string;
  dev?: boolean;
  /** The clock services use (tests inject one). */
  now?: () => number;
  /** The chat heartbeat: on its timer (default), or only when called (tests). */
  heartbeat?: 'timer' | 'manual';
}

export interface App {
  server: http.Server;
  services: Services;
  feed: ChangeFeed;
  sockets: ChatSockets;
  /** Stops accepting, lets in-flight requests finish (up to the timeout), closes the feed. */
  close(): Promise<void>;
}

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;
/** One-time tokens in email links never reach the logs. */
const redactTokens = (url: string) => url.replace(/([?&](?:token|secret)=)[^&]*/gi, '$1[redacted]');
/** Page form posts are small; the API has its own JSON limit. */
const PAGE_BODY_LIMIT = 256 * 1024;
/** A store CSV import (the page's form post or the API's JSON): 2 MB of CSV plus encoding overhead. */
const IMPORT_BODY_LIMIT = 3 * 1024 * 1024;
/** A receipt's form post (Upload Receipts) carries its photo or PDF: up to 10 MB plus the form. */
const RECEIPT_BODY_LIMIT = 10 * 1024 * 1024 + 256 * 1024;

export async function createApp(options: AppOptions): Promise<App> {
  const { config, database, logger } = options;
  const dev = options.dev ?? false;
  const feed = await createChangeFeed(database, logger);
  const services = createServices(config, database, feed, logger, options.now);
  if (config.DEMO_MODE) {
    const { createDemoUsers } = await import('./bootstrap');
    services.demo = { enabled: true, createUsers: () => createDemoUsers(services, database, process.env.DEMO_PASSWORD || undefined) };
  }
  const app = express();
  const server = createExpressServer(app);
  // Idle keep-alive connections stay open longer than a load balancer's idle timeout (60 s on most):
  // a connection must be closed by the proxy (or client), never by us while a request is on its way
  // to it — that race answers the request with ECONNRESET. Shutdown closes idle ones at once anyway.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  let ready = false;

  app.disable('x-powered-by');
  // No ETag computed over every JSON answer (a SHA-1 of the body): a signed-in user's answers are
  // `no-store`, so no browser ever asks again with it. What may be revalidated sets its own
  // (`sendWithEtag`), and static files theirs.
  app.set('etag', false);
  app.set('trust proxy', config.TRUST_PROXY);
  // First: a shed request costs no logging, headers or compression.
  const overload = overloadGuard({ maxLagMs: config.OVERLOAD_MAX_LAG_MS, maxInFlight: config.OVERLOAD_MAX_IN_FLIGHT, logger });
  app.use(overload.middleware);
  app.use(
    pinoHttp({
      logger,
      genReqId: (req, res) => {
        const given = req.headers['x-request-id'];
        const id = typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
        res.setHeader('X-Request-Id', id);
        return id;
      },
      // Log what identifies a request, never its cookies or the cookies set in return.
      serializers: {
        req: (req: { id: unknown; method: string; url: string; remoteAddress?: string }) => ({
          id: req.id,
          method: req.method,
          url: redactTokens(req.url),
          ip: req.remoteAddress,
        }),
        res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
      },
      autoLogging: { ignore: (req) => req.url === '/healthz' || req.url?.startsWith('/assets/') === true },
      // Every 5xx, whichever layer answered it, is an error in the log (the line carries the request id).
      customLogLevel: (_req, res, err) => (err || res.statusCode >= 500 ? 'error' : 'info'),
    }),
  );
  app.use(nonceMiddleware, securityHeaders(dev), hstsWhenSecure);
  app.use(compression());
  app.use(refuseCrossSiteWrites(config.CORS_ORIGINS));

  app.get('/healthz', async (_req, res) => {
    try {
      if (!ready) throw new Error('not ready');
      await ping(database.db);
      res.json({ status: 'ok' });
    } catch {
      res.status(503).json({ status: 'starting' });
    }
  });

  const api = express.Router();
  api.use(corsFor(config.CORS_ORIGINS));
  // The modules' routers, each entered only by the paths its routes start with (`scopedRouters`): a
  // request never walks every earlier module's routes (docs/decisions/031-requests-born-with-express-prototypes.md).
  // Uploads are multipart: the media routes parse their own bodies, before the JSON-only rule.
  api.use(scopedRouters([mediaApi(services), receiptUploadApi(services), attachmentsApi(services)]));
  // CSV imports travel as JSON ({ csv }) and may be larger than other bodies.
  const json = express.json({ limit: config.BODY_LIMIT });
  const importJson = express.json({ limit: IMPORT_BODY_LIMIT });
  api.use(requireJsonBody, (req, res, next) => (req.path.startsWith('/admin/stores/import') ? importJson : json)(req, res, next));
  api.get('/ping', (_req, res) => {
    res.json({ pong: true });
  });
  // Links in emails: never the request's Host header (a forged one would point them elsewhere).
  const origin = config.PUBLIC_ORIGIN ?? `http://localhost:${config.PORT}`;
  api.use(
    scopedRouters([
      catalogApi(services),
      ageGateApi(services),
      cocktailsApi(services),
      storesApi(services),
      inquiriesApi(services, origin),
      partnersApi(services, origin),
      authApi(services),
      usersApi(services, origin),
      masterApi(services),
      rolesApi(services),
      securityApi(services),
      auditApi(services),
      sqlApi(services),
      codeApi(services),
      chatApi(services),
      marketingApi(services),
      pagesApi(services),
      navigationApi(services),
      marketingRequestsApi(services),
      ordersApi(services),
      invoicesApi(services),
      paymentsApi(services),
      exportsApi(services),
      notificationsApi(services),
      partnerCatalogApi(services),
      stockApi(services),
      shipmentsApi(services),
      taxApi(services),
    ]),
  );
  api.use((req, _res, next) => next(new AppError('not_found', 'not_found', `No API route for ${req.method} ${req.path}.`)));
  app.use('/api', api);
  app.use('/media', mediaFiles(services));

  let viteClose: (() => Promise<void>) | undefined;
  let build = options.build;
  if (dev) {
    const vite = await import('vite');
    const devServer = await vite.createServer({
      server: { middlewareMode: true, hmr: { server } },
      appType: 'custom',
    });
    viteClose = () => devServer.close();
    app.use(devServer.middlewares);
    build = () => devServer.ssrLoadModule('virtual:react-router/server-build') as never;
  } else if (options.clientDir) {
    const clientDir = options.clientDir;
    app.use('/assets', express.static(path.join(clientDir, 'assets'), { immutable: true, maxAge: '1y', index: false, fallthrough: false }));
    // The other public files (favicon, images) all have an extension; a page never does, so pages
    // skip the file-system lookup.
    const files = express.static(clientDir, { maxAge: '1d', index: false });
    app.use((req, res, next) => (path.extname(req.path) ? files(req, res, next) : next()));
  }

  // Writes to pages carry a readable form of a page's size, or are refused (411/413/415/400).
  app.use(
    pageForms((p) =>
      p.startsWith(href('/admin/dashboard/store-locator/import'))
        ? IMPORT_BODY_LIMIT
        : p.startsWith(`${href('/partner/dashboard/retailer/receipts')}/`) || p.startsWith(`${href('/partner/dashboard/buyer/receipts')}/`)
          ? RECEIPT_BODY_LIMIT
          : PAGE_BODY_LIMIT,
    ),
  );

  if (build) {
    // CMS pages may not take an address of the route table: the build the server runs says which.
    const source = build;
    let segments: Promise<string[]> | null = null;
    services.pages.useRouteTable(() => (segments ??= (typeof source === 'function' ? source() : Promise.resolve(source)).then(routeSegments)));
    const pageCache = config.PAGE_CACHE && !dev ? createPageCache(services.content, services.ageGate) : null;
    const makeContext = (req: Request, _res: Response, nonce: string): AppLoadContext => {
      const gate = services.ageGate.read(req.headers.cookie);
      return {
        services,
        flash: createFlash(services.signer, req.secure),
        gate,
        market: resolveMarket(req.headers.cookie, gate),
        auth: createRequestAuth(services.sessions, {
          cookie: req.headers.cookie,
          secure: req.secure,
          ip: req.ip ?? null,
          userAgent: req.headers['user-agent'] ?? null,
        }),
        supportEmail: config.SUPPORT_EMAIL,
        // Never the request's Host header: a forged one would point emailed links elsewhere.
        origin: config.PUBLIC_ORIGIN ?? `http://localhost:${config.PORT}`,
        publicOrigin: config.PUBLIC_ORIGIN ?? null,
        nonce,
        requestId: String(req.id),
        log: req.log,
        secure: req.secure,
        ip: req.ip ?? null,
      };
    };
    app.all('/{*splat}', reactRouterHandler(build, dev ? 'development' : 'production', makeContext, pageCache));
  }

  app.use((err: unknown, req: Request, res: Response, _next: NextFunction) => {
    const { status, body } = errorAnswer(err);
    if (status >= 500) req.log.error({ err, requestId: String(req.id) }, 'request failed');
    if (res.headersSent) {
      res.destroy();
      return;
    }
    res.status(status).json(body);
  });

  const sockets = attachChatSockets(server, services, feed, {
    instanceId: randomUUID(),
    logger,
    allowedOrigins: config.CORS_ORIGINS,
    requestPrototype: app.request,
    heartbeat: options.heartbeat,
  });
  services.jobs.start();
  services.instances.start();

  ready = true;
  return {
    server,
    services,
    feed,
    sockets,
    async close() {
      ready = false;
      overload.close();
      // Jobs stop claiming at once; running ones get the shutdown timeout, then go back to the queue.
      const jobsStopped = services.jobs.stop(config.SHUTDOWN_TIMEOUT_MS);
      await sockets.close();
      await new Promise<void>((resolve) => {
        const timer = setTimeout(() => server.closeAllConnections(), config.SHUTDOWN_TIMEOUT_MS);
        server.close(() => {
          clearTimeout(timer);
          resolve();
        });
        server.closeIdleConnections();
      });
      await viteClose?.();
      await jobsStopped;
      await services.instances.stop();
      services.mailer.close();
      services.storage.close();
      await services.sql.close();
      await feed.close();
    },
  };
}
