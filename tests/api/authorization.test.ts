// The authorization matrix: every route of the app — every page (GET, and POST where it has an
// action), every JSON API route, both WebSockets — × everyone who can ask, from ONE literal table.
// The expected outcomes are written out by hand, never computed from shared/policy.ts or the
// decision (the code under test). The routes come from the app itself (the Express router and the
// React Router build, as the fuzz test reads them): a route without a row fails the suite, and so
// does a row without a route.
import { WebSocket } from 'ws';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { marketingRequests, profiles, rolePermissions, users } from '../../server/db/schema';
import { SYSTEM_ACTOR } from '../../server/core/actor';
import { CHAT_TOPIC } from '../../server/modules/chat/service';
import { PAYMENT_TOPIC } from '../../server/modules/payments';
import { Client } from '../support/client';
import { createOrganisation } from '../support/partners';
import { listApiRoutes, listPages } from '../support/routes';
import { startTestServer, type TestServer } from '../support/test-server';

/**
 * The columns, in the table's order. Each is a real user signed in through the real form:
 * - `expired`: an employee, `expired_p`: a retailer — both with an expired password;
 * - `mfa`: an admin with two-factor who typed the password but not yet the code;
 * - `no2fa`: an employee without two-factor while the master admin requires it for employees (its
 *   column runs alone, with the setting on).
 */
const WHO = [
  'anonymous',
  'customer',
  'partner',
  'importer',
  'distributor',
  'retailer',
  'employee',
  'admin',
  'master_admin',
  'expired',
  'expired_p',
  'mfa',
  'no2fa',
] as const;
type Who = (typeof WHO)[number];

/*
 * Outcomes.
 * Pages:   200   the page
 *          404   not found
 *          ok    (POST) past every guard: the action ran (its answer is about the empty form)
 *          La Lp Lu   302 to /admin-login, /partner-login, /auth/login ?redirectTo=<this URL>
 *          Tf    302 to /auth/two-factor?redirectTo=<this URL> (the code is still owed)
 *          Dau Dap    302 to /auth/login, /partner-login — toast "Access Denied / You don't have permission to access the admin dashboard"
 *          Dpu Dpa    302 to /auth/login, /admin-login — toast "Access Denied / You don't have permission to access the partner dashboard"
 *          Dx    302 to /dashboard — toast "Access Denied / You don't have permission to access this page."
 *          Ra Rp 302 to /auth/reset-password?type=admin, ?type=partner — toast "Password Reset Required / Your password has expired. Please reset it now."
 *          S2    302 to /account/two-factor?required=1 — toast "Two-factor authentication required / Set up two-factor authentication to use the admin area."
 *          >/x   302 to exactly /x (the sign-in pages' and /dashboard/*'s own redirects)
 * API:     ok    GET: 2xx; a write: past the guard (its answer is about the body or the id: 2xx, 400, 404, 415)
 *          401   401 unauthenticated
 *          403   403 forbidden
 *          pw    403 password_reset_required
 *          tf    403 two_factor_required
 *          404   404 not_found (another organisation's record)
 * Sockets: ok    the socket opens;  401, 403  the upgrade is refused with that status
 * Events:  got   the user's live socket is sent the event;  no  it is not;  401  no socket (refused)
 */
// prettier-ignore
const MATRIX: Record<string, string> = {
  //                                                  anonymous customer partner importer distributor retailer employee admin master_admin expired expired_p mfa no2fa
  // Public pages
  'GET /?index':                                       '200 200 200 200 200 200 200 200 200 200 200 200 200',
  'GET /home':                                         '200 200 200 200 200 200 200 200 200 200 200 200 200',
  'GET /products':                                     '200 200 200 200 200 200 200 200 200 200 200 200 200',
  'GET /products/:slug':                               '200 200 200 200 200 200 200 200 200 200 200 200 200',
  'GET /about':                                        '200 200 200 200 200 200 200 200 200 200 200 200 200',
  'GET /cocktails':                                    '200 200 200 200 200 200 200 200 200 200 200 200 200',
  'GET /cocktails/:id':                                '200 200 200 200 200 200 200 200 200 200 200 200 200',
  'GET /contact':                                      '200 200 200 200 200 200 200 200 200 200 200 200 200',
  'POST /contact':                                     'ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  ok',
  'GET /business-inquiry':                             '200 200 200 200 200 200 200 200 200 200 200 200 200',
  'POST /business-inquiry':                            'ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  ok',
  'GET /events':                                       '200 200 200 200 200 200 200 200 200 200 200 200 200',
  'GET /events/:id':                                   '200 200 200 200 200 200 200 200 200 200 200 200 200',
  'GET /store-locator':                                '200 200 200 200 200 200 200 200 200 200 200 200 200',
  'GET /buy-online':                                   '200 200 200 200 200 200 200 200 200 200 200 200 200',
  'GET /drink-responsibly':                            '200 200 200 200 200 200 200 200 200 200 200 200 200',
  'GET /privacy':                                      '200 200 200 200 200 200 200 200 200 200 200 200 200',
  'GET /terms':                                        '200 200 200 200 200 200 200 200 200 200 200 200 200',
  'GET /cookies':                                      '200 200 200 200 200 200 200 200 200 200 200 200 200',
  'GET /imprint':                                      '200 200 200 200 200 200 200 200 200 200 200 200 200',
  'GET /market':                                       '>/  >/  >/  >/  >/  >/  >/  >/  >/  >/  >/  >/  >/',
  'POST /market':                                      'ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  ok',
  'GET /sitemap.xml':                                  '200 200 200 200 200 200 200 200 200 200 200 200 200',
  'GET /robots.txt':                                   '200 200 200 200 200 200 200 200 200 200 200 200 200',
  'GET /age-gate':                                     '>/  >/  >/  >/  >/  >/  >/  >/  >/  >/  >/  >/  >/',
  'POST /age-gate':                                    'ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  ok',
  'GET /*':                                            '404 404 404 404 404 404 404 404 404 404 404 404 404',
  'GET /dashboard/*': '>/auth/login >/auth/login >/partner/dashboard >/partner/dashboard >/partner/dashboard/distributor >/partner/dashboard/retailer >/admin/dashboard/products >/admin/dashboard/products >/admin/dashboard/products >/admin/dashboard/products >/partner/dashboard/retailer >/auth/login >/admin/dashboard/products',

  // Signing in and the account
  'GET /admin-login':                                  '200 200 200 200 200 200 200 200 200 200 200 200 200',
  'POST /admin-login':                                 'ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  ok',
  'GET /partner-login':                                '200 200 200 200 200 200 200 200 200 200 200 200 200',
  'POST /partner-login':                               'ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  ok',
  'GET /auth/login':                                   '200 200 200 200 200 200 200 200 200 200 200 200 200',
  'POST /auth/login':                                  'ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  ok',
  'GET /auth/register':                                '200 200 200 200 200 200 200 200 200 200 200 200 200',
  'POST /auth/register':                               'ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  ok',
  'GET /auth/confirm':                                 '200 200 200 200 200 200 200 200 200 200 200 200 200',
  'GET /auth/resend-confirmation':                     '>/auth/login >/auth/login >/auth/login >/auth/login >/auth/login >/auth/login >/auth/login >/auth/login >/auth/login >/auth/login >/auth/login >/auth/login >/auth/login',
  'POST /auth/resend-confirmation':                    'ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  ok',
  'GET /auth/forgot-password':                         '200 200 200 200 200 200 200 200 200 200 200 200 200',
  'POST /auth/forgot-password':                        'ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  ok',
  'GET /auth/reset-password': '200 >/account >/account >/account >/account >/account >/account >/account >/account 200 200 >/auth/two-factor >/account',
  'POST /auth/reset-password': 'ok >/account >/account >/account >/account >/account >/account >/account >/account ok ok >/auth/two-factor >/account',
  'GET /auth/two-factor': '>/auth/login >/account >/account >/account >/account >/account >/account >/account >/account >/account >/account 200 >/account',
  'POST /auth/two-factor':                             'ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  ok',
  'GET /auth/logout':                                  '>/ >/ >/ >/ >/ >/ >/ >/ >/ >/ >/ >/ >/',
  'POST /auth/logout':                                 'ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  ok',
  'GET /account':                                      'Lu  200 200 200 200 200 200 200 200 200 200 Tf  200',
  'POST /account':                                     'Lu  ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  Tf  ok',
  'GET /account/two-factor':                           'Lu  200 200 200 200 200 200 200 200 200 200 Tf  200',
  'POST /account/two-factor':                          'Lu  ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  Tf  ok',
  'GET /utils/create-test-users':                      '404 404 404 404 404 404 404 404 404 404 404 404 404',
  'POST /utils/create-test-users':                     '404 404 404 404 404 404 404 404 404 404 404 404 404',

  // The admin area: the shell (any staff), content (CMS Access), bulk data (and Database Management),
  // inquiries (Handle inquiries), the support inbox (Answer support chats), master admin only
  'GET /admin/dashboard':                              'La  Dau Dap Dap Dap Dap 200 200 200 Ra  Dap Tf  S2',
  'GET /admin/dashboard?index':                        'La  Dau Dap Dap Dap Dap 200 200 200 Ra  Dap Tf  S2',
  'GET /admin/dashboard/notifications':                'La  Dau Dap Dap Dap Dap 200 200 200 Ra  Dap Tf  S2',
  'POST /admin/dashboard/notifications':               'La  Dau Dap Dap Dap Dap ok  ok  ok  Ra  Dap Tf  S2',
  'GET /admin/dashboard/search':                       'La  Dau Dap Dap Dap Dap 200 200 200 Ra  Dap Tf  S2',
  'GET /admin/dashboard/support':                      'La  Dau Dap Dap Dap Dap 200 200 200 Ra  Dap Tf  S2',
  'POST /admin/dashboard/support':                     'La  Dau Dap Dap Dap Dap ok  ok  ok  Ra  Dap Tf  S2',
  'GET /admin/dashboard/products':                     'La  Dau Dap Dap Dap Dap 200 200 200 Ra  Dap Tf  S2',
  'GET /admin/dashboard/products/new':                 'La  Dau Dap Dap Dap Dap 200 200 200 Ra  Dap Tf  S2',
  'POST /admin/dashboard/products/new':                'La  Dau Dap Dap Dap Dap ok  ok  ok  Ra  Dap Tf  S2',
  'GET /admin/dashboard/products/:id':                 'La  Dau Dap Dap Dap Dap 200 200 200 Ra  Dap Tf  S2',
  'POST /admin/dashboard/products/:id':                'La  Dau Dap Dap Dap Dap ok  ok  ok  Ra  Dap Tf  S2',
  'GET /admin/dashboard/store-locator':                'La  Dau Dap Dap Dap Dap 200 200 200 Ra  Dap Tf  S2',
  'GET /admin/dashboard/store-locator/new':            'La  Dau Dap Dap Dap Dap 200 200 200 Ra  Dap Tf  S2',
  'POST /admin/dashboard/store-locator/new':           'La  Dau Dap Dap Dap Dap ok  ok  ok  Ra  Dap Tf  S2',
  'GET /admin/dashboard/store-locator/import':         'La  Dau Dap Dap Dap Dap Dx  200 200 Ra  Dap Tf  S2',
  'POST /admin/dashboard/store-locator/import':        'La  Dau Dap Dap Dap Dap Dx  ok  ok  Ra  Dap Tf  S2',
  'GET /admin/dashboard/store-locator/export.csv':     'La  Dau Dap Dap Dap Dap Dx  200 200 Ra  Dap Tf  S2',
  'GET /admin/dashboard/store-locator/:id':            'La  Dau Dap Dap Dap Dap 200 200 200 Ra  Dap Tf  S2',
  'POST /admin/dashboard/store-locator/:id':           'La  Dau Dap Dap Dap Dap ok  ok  ok  Ra  Dap Tf  S2',
  'GET /admin/dashboard/cocktails':                    'La  Dau Dap Dap Dap Dap 200 200 200 Ra  Dap Tf  S2',
  'GET /admin/dashboard/cocktails/new':                'La  Dau Dap Dap Dap Dap 200 200 200 Ra  Dap Tf  S2',
  'POST /admin/dashboard/cocktails/new':               'La  Dau Dap Dap Dap Dap ok  ok  ok  Ra  Dap Tf  S2',
  'GET /admin/dashboard/cocktails/:id':                'La  Dau Dap Dap Dap Dap 200 200 200 Ra  Dap Tf  S2',
  'POST /admin/dashboard/cocktails/:id':               'La  Dau Dap Dap Dap Dap ok  ok  ok  Ra  Dap Tf  S2',
  'GET /admin/dashboard/marketing':                    'La  Dau Dap Dap Dap Dap 200 200 200 Ra  Dap Tf  S2',
  'GET /admin/dashboard/marketing/collateral/new':     'La  Dau Dap Dap Dap Dap 200 200 200 Ra  Dap Tf  S2',
  'POST /admin/dashboard/marketing/collateral/new':    'La  Dau Dap Dap Dap Dap ok  ok  ok  Ra  Dap Tf  S2',
  'GET /admin/dashboard/marketing/collateral/:id':     'La  Dau Dap Dap Dap Dap 200 200 200 Ra  Dap Tf  S2',
  'POST /admin/dashboard/marketing/collateral/:id':    'La  Dau Dap Dap Dap Dap ok  ok  ok  Ra  Dap Tf  S2',
  'GET /admin/dashboard/marketing/events/new':         'La  Dau Dap Dap Dap Dap 200 200 200 Ra  Dap Tf  S2',
  'POST /admin/dashboard/marketing/events/new':        'La  Dau Dap Dap Dap Dap ok  ok  ok  Ra  Dap Tf  S2',
  'GET /admin/dashboard/marketing/events/:id':         'La  Dau Dap Dap Dap Dap 200 200 200 Ra  Dap Tf  S2',
  'POST /admin/dashboard/marketing/events/:id':        'La  Dau Dap Dap Dap Dap ok  ok  ok  Ra  Dap Tf  S2',
  'GET /admin/dashboard/marketing/requests/:id':      'La  Dau Dap Dap Dap Dap 200 200 200 Ra  Dap Tf  S2',
  'POST /admin/dashboard/marketing/requests/:id':     'La  Dau Dap Dap Dap Dap ok  ok  ok  Ra  Dap Tf  S2',
  'GET /admin/dashboard/media':                        'La  Dau Dap Dap Dap Dap 200 200 200 Ra  Dap Tf  S2',
  'POST /admin/dashboard/media':                       'La  Dau Dap Dap Dap Dap ok  ok  ok  Ra  Dap Tf  S2',
  'GET /admin/dashboard/inquiries':                    'La  Dau Dap Dap Dap Dap 200 200 200 Ra  Dap Tf  S2',
  'GET /admin/dashboard/inquiries/:kind/:id':          'La  Dau Dap Dap Dap Dap 200 200 200 Ra  Dap Tf  S2',
  'POST /admin/dashboard/inquiries/:kind/:id':         'La  Dau Dap Dap Dap Dap ok  ok  ok  Ra  Dap Tf  S2',
  // Partners: User Management (admins, not employees)
  'GET /admin/dashboard/partners':                     'La  Dau Dap Dap Dap Dap Dx  200 200 Ra  Dap Tf  S2',
  'GET /admin/dashboard/partners/new':                 'La  Dau Dap Dap Dap Dap Dx  200 200 Ra  Dap Tf  S2',
  'POST /admin/dashboard/partners/new':                'La  Dau Dap Dap Dap Dap Dx  ok  ok  Ra  Dap Tf  S2',
  'GET /admin/dashboard/partners/tree':                'La  Dau Dap Dap Dap Dap Dx  200 200 Ra  Dap Tf  S2',
  'GET /admin/dashboard/partners/:id':                 'La  Dau Dap Dap Dap Dap Dx  200 200 Ra  Dap Tf  S2',
  'POST /admin/dashboard/partners/:id':                'La  Dau Dap Dap Dap Dap Dx  ok  ok  Ra  Dap Tf  S2',
  // Brand details: Finance (admins and the master admin; not employees)
  'GET /admin/dashboard/brand':                        'La  Dau Dap Dap Dap Dap Dx  200 200 Ra  Dap Tf  S2',
  'POST /admin/dashboard/brand':                       'La  Dau Dap Dap Dap Dap Dx  ok  ok  Ra  Dap Tf  S2',
  // Tax rules (issue 44): Finance, as Brand details
  'GET /admin/dashboard/tax-rules':                    'La  Dau Dap Dap Dap Dap Dx  200 200 Ra  Dap Tf  S2',
  'POST /admin/dashboard/tax-rules':                   'La  Dau Dap Dap Dap Dap Dx  ok  ok  Ra  Dap Tf  S2',
  // Trade orders: Order Management (admins and the master admin; not employees). No order 1 exists: past the guard, a 404.
  'GET /admin/dashboard/trade-orders':                 'La  Dau Dap Dap Dap Dap Dx  200 200 Ra  Dap Tf  S2',
  'GET /admin/dashboard/trade-orders/:id':             'La  Dau Dap Dap Dap Dap Dx  404 404 Ra  Dap Tf  S2',
  'POST /admin/dashboard/trade-orders/:id':            'La  Dau Dap Dap Dap Dap Dx  404 404 Ra  Dap Tf  S2',
  // The brand's invoices and its importers' payments (issue 43): Order Management, as Trade orders.
  'GET /admin/dashboard/trade-invoices':               'La  Dau Dap Dap Dap Dap Dx  200 200 Ra  Dap Tf  S2',
  'GET /admin/dashboard/trade-invoices/generate':      'La  Dau Dap Dap Dap Dap Dx  200 200 Ra  Dap Tf  S2',
  'POST /admin/dashboard/trade-invoices/generate':     'La  Dau Dap Dap Dap Dap Dx  ok  ok  Ra  Dap Tf  S2',
  'GET /admin/dashboard/trade-invoices/:id':           'La  Dau Dap Dap Dap Dap Dx  404 404 Ra  Dap Tf  S2',
  'POST /admin/dashboard/trade-invoices/:id':          'La  Dau Dap Dap Dap Dap Dx  404 404 Ra  Dap Tf  S2',
  'GET /admin/dashboard/trade-payments':               'La  Dau Dap Dap Dap Dap Dx  200 200 Ra  Dap Tf  S2',
  'POST /admin/dashboard/trade-payments':              'La  Dau Dap Dap Dap Dap Dx  ok  ok  Ra  Dap Tf  S2',
  'GET /admin/dashboard/trade-shipments':              'La  Dau Dap Dap Dap Dap Dx  200 200 Ra  Dap Tf  S2',
  'GET /admin/dashboard/trade-shipments/new':          'La  Dau Dap Dap Dap Dap Dx  200 200 Ra  Dap Tf  S2',
  'POST /admin/dashboard/trade-shipments/new':         'La  Dau Dap Dap Dap Dap Dx  ok  ok  Ra  Dap Tf  S2',
  'GET /admin/dashboard/trade-shipments/:id':          'La  Dau Dap Dap Dap Dap Dx  404 404 Ra  Dap Tf  S2',
  'POST /admin/dashboard/trade-shipments/:id':         'La  Dau Dap Dap Dap Dap Dx  404 404 Ra  Dap Tf  S2',
  'GET /admin/dashboard/outbox':                       'La  Dau Dap Dap Dap Dap Dx  Dx  200 Ra  Dap Tf  S2',
  'POST /admin/dashboard/outbox':                      'La  Dau Dap Dap Dap Dap Dx  Dx  ok  Ra  Dap Tf  S2',
  'GET /admin/dashboard/master-admin':                 'La  Dau Dap Dap Dap Dap Dx  Dx  200 Ra  Dap Tf  S2',
  'POST /admin/dashboard/master-admin':                'La  Dau Dap Dap Dap Dap Dx  Dx  ok  Ra  Dap Tf  S2',
  'GET /admin/dashboard/user-management':              'La  Dau Dap Dap Dap Dap Dx  Dx  200 Ra  Dap Tf  S2',
  'POST /admin/dashboard/user-management':             'La  Dau Dap Dap Dap Dap Dx  Dx  ok  Ra  Dap Tf  S2',
  'GET /admin/dashboard/users':                        'La  Dau Dap Dap Dap Dap Dx  Dx  200 Ra  Dap Tf  S2',
  'POST /admin/dashboard/users':                       'La  Dau Dap Dap Dap Dap Dx  Dx  ok  Ra  Dap Tf  S2',
  'GET /admin/dashboard/content-management':           'La  Dau Dap Dap Dap Dap Dx  Dx  200 Ra  Dap Tf  S2',
  'POST /admin/dashboard/content-management':          'La  Dau Dap Dap Dap Dap Dx  Dx  ok  Ra  Dap Tf  S2',
  'GET /admin/dashboard/advanced-user-management':     'La  Dau Dap Dap Dap Dap Dx  Dx  200 Ra  Dap Tf  S2',
  'GET /admin/dashboard/advanced-user-management?index': 'La  Dau Dap Dap Dap Dap Dx  Dx  200 Ra  Dap Tf  S2',
  'POST /admin/dashboard/advanced-user-management?index': 'La  Dau Dap Dap Dap Dap Dx  Dx  ok  Ra  Dap Tf  S2',
  'GET /admin/dashboard/advanced-user-management/roles': 'La  Dau Dap Dap Dap Dap Dx  Dx  200 Ra  Dap Tf  S2',
  'POST /admin/dashboard/advanced-user-management/roles': 'La  Dau Dap Dap Dap Dap Dx  Dx  ok  Ra  Dap Tf  S2',
  'GET /admin/dashboard/advanced-user-management/access-control': 'La  Dau Dap Dap Dap Dap Dx  Dx  200 Ra  Dap Tf  S2',
  'POST /admin/dashboard/advanced-user-management/access-control': 'La  Dau Dap Dap Dap Dap Dx  Dx  ok  Ra  Dap Tf  S2',
  'GET /admin/dashboard/database-management':          'La  Dau Dap Dap Dap Dap Dx  Dx  200 Ra  Dap Tf  S2',
  'POST /admin/dashboard/database-management':         'La  Dau Dap Dap Dap Dap Dx  Dx  ok  Ra  Dap Tf  S2',
  'GET /admin/dashboard/code-editor':                  'La  Dau Dap Dap Dap Dap Dx  Dx  200 Ra  Dap Tf  S2',
  'GET /admin/dashboard/audit-logs':                   'La  Dau Dap Dap Dap Dap Dx  Dx  200 Ra  Dap Tf  S2',

  // The partner area (its screens arrive with the partner issues; today the shell guards them all)
  // The area's index is the importer's (and the generic partner's) dashboard: the others go to their own.
  'GET /partner/dashboard': 'Lp Dpu 200 200 >/partner/dashboard/distributor >/partner/dashboard/retailer Dpa Dpa Dpa Dpa Rp Tf Dpa',
  'GET /partner/dashboard?index': 'Lp Dpu 200 200 >/partner/dashboard/distributor >/partner/dashboard/retailer Dpa Dpa Dpa Dpa Rp Tf Dpa',
  'GET /partner/dashboard/notifications':              'Lp  Dpu 200 200 200 200 Dpa Dpa Dpa Dpa Rp  Tf  Dpa',
  'POST /partner/dashboard/notifications':             'Lp  Dpu ok  ok  ok  ok  Dpa Dpa Dpa Dpa Rp  Tf  Dpa',
  'GET /partner/dashboard/distributor':                'Lp  Dpu Dx  Dx  200 Dx  Dpa Dpa Dpa Dpa Rp  Tf  Dpa',
  'GET /partner/dashboard/retailer':                   'Lp  Dpu Dx  Dx  Dx  200 Dpa Dpa Dpa Dpa Rp  Tf  Dpa',
  'GET /partner/dashboard/products':                   'Lp  Dpu 200 200 200 200 Dpa Dpa Dpa Dpa Rp  Tf  Dpa',
  'GET /partner/dashboard/products/:slug':             'Lp  Dpu 200 200 200 200 Dpa Dpa Dpa Dpa Rp  Tf  Dpa',
  // Place Order and Order History: every buyer with a supplier above it (issue 43: distributors order from their importer).
  'GET /partner/dashboard/orders/place':               'Lp  Dpu Dx  200 200 Dx  Dpa Dpa Dpa Dpa Rp  Tf  Dpa',
  'POST /partner/dashboard/orders/place':              'Lp  Dpu Dx  ok  ok  Dx  Dpa Dpa Dpa Dpa Rp  Tf  Dpa',
  'GET /partner/dashboard/orders/history':             'Lp  Dpu Dx  200 200 Dx  Dpa Dpa Dpa Dpa Rp  Tf  Dpa',
  // An order these partners (who have no organisation) are not party to: 404.
  'GET /partner/dashboard/orders/:id':                 'Lp  Dpu 404 404 404 404 Dpa Dpa Dpa Dpa Rp  Tf  Dpa',
  'POST /partner/dashboard/orders/:id':                'Lp  Dpu 404 404 404 404 Dpa Dpa Dpa Dpa Rp  Tf  Dpa',
  'GET /partner/dashboard/distribution/assign':        'Lp  Dpu Dx  200 Dx  Dx  Dpa Dpa Dpa Dpa Rp  Tf  Dpa',
  'POST /partner/dashboard/distribution/assign':       'Lp  Dpu Dx  ok  Dx  Dx  Dpa Dpa Dpa Dpa Rp  Tf  Dpa',
  'GET /partner/dashboard/distributor/orders/approve': 'Lp  Dpu Dx  Dx  200 Dx  Dpa Dpa Dpa Dpa Rp  Tf  Dpa',
  // Invoices (issue 16): Generate Invoice and the issued list are the distributor's; View Invoices the
  // retailer's; one invoice for either party (these partners have no organisation: a 404).
  'GET /partner/dashboard/distributor/invoices/generate': 'Lp  Dpu Dx  Dx  200 Dx  Dpa Dpa Dpa Dpa Rp  Tf  Dpa',
  'POST /partner/dashboard/distributor/invoices/generate': 'Lp  Dpu Dx  Dx  ok  Dx  Dpa Dpa Dpa Dpa Rp  Tf  Dpa',
  'GET /partner/dashboard/distributor/invoices':       'Lp  Dpu Dx  Dx  200 Dx  Dpa Dpa Dpa Dpa Rp  Tf  Dpa',
  'GET /partner/dashboard/invoices/:id':               'Lp  Dpu 404 404 404 404 Dpa Dpa Dpa Dpa Rp  Tf  Dpa',
  'POST /partner/dashboard/invoices/:id':              'Lp  Dpu 404 404 404 404 Dpa Dpa Dpa Dpa Rp  Tf  Dpa',
  'GET /partner/dashboard/distributor/shipments':      'Lp  Dpu Dx  Dx  200 Dx  Dpa Dpa Dpa Dpa Rp  Tf  Dpa',
  'GET /partner/dashboard/distributor/shipments/new':  'Lp  Dpu Dx  Dx  200 Dx  Dpa Dpa Dpa Dpa Rp  Tf  Dpa',
  'POST /partner/dashboard/distributor/shipments/new': 'Lp  Dpu Dx  Dx  ok  Dx  Dpa Dpa Dpa Dpa Rp  Tf  Dpa',
  // A shipment these partners (who have no organisation) neither send nor receive: 404.
  'GET /partner/dashboard/distributor/shipments/:id':  'Lp  Dpu Dx  Dx  404 Dx  Dpa Dpa Dpa Dpa Rp  Tf  Dpa',
  'POST /partner/dashboard/distributor/shipments/:id': 'Lp  Dpu Dx  Dx  404 Dx  Dpa Dpa Dpa Dpa Rp  Tf  Dpa',
  'GET /partner/dashboard/retailer/catalog':           'Lp  Dpu Dx  Dx  Dx  200 Dpa Dpa Dpa Dpa Rp  Tf  Dpa',
  'GET /partner/dashboard/retailer/orders':            'Lp  Dpu Dx  Dx  Dx  200 Dpa Dpa Dpa Dpa Rp  Tf  Dpa',
  // The order upload's template: every partner who orders (Order Management), whichever form it fills.
  'GET /partner/dashboard/order-template.csv':         'Lp  Dpu 200 200 200 200 Dpa Dpa Dpa Dpa Rp  Tf  Dpa',
  'POST /partner/dashboard/retailer/orders':           'Lp  Dpu Dx  Dx  Dx  ok  Dpa Dpa Dpa Dpa Rp  Tf  Dpa',
  'GET /partner/dashboard/retailer/invoices':          'Lp  Dpu Dx  Dx  Dx  200 Dpa Dpa Dpa Dpa Rp  Tf  Dpa',
  'GET /partner/dashboard/retailer/receipts':          'Lp  Dpu Dx  Dx  Dx  200 Dpa Dpa Dpa Dpa Rp  Tf  Dpa',
  'GET /partner/dashboard/retailer/receipts/:id':      'Lp  Dpu Dx  Dx  Dx  404 Dpa Dpa Dpa Dpa Rp  Tf  Dpa',
  'POST /partner/dashboard/retailer/receipts/:id':     'Lp  Dpu Dx  Dx  Dx  404 Dpa Dpa Dpa Dpa Rp  Tf  Dpa',
  'GET /partner/dashboard/marketing/materials':        'Lp  Dpu 200 200 200 200 Dpa Dpa Dpa Dpa Rp  Tf  Dpa',
  'POST /partner/dashboard/marketing/materials':       'Lp  Dpu ok  ok  ok  ok  Dpa Dpa Dpa Dpa Rp  Tf  Dpa',
  'GET /partner/dashboard/marketing/events':           'Lp  Dpu 200 200 200 200 Dpa Dpa Dpa Dpa Rp  Tf  Dpa',
  'POST /partner/dashboard/marketing/events':          'Lp  Dpu ok  ok  ok  ok  Dpa Dpa Dpa Dpa Rp  Tf  Dpa',
  // A request of an organisation these partners (who have none) are not part of: 404.
  'GET /partner/dashboard/marketing/requests/:id':     'Lp  Dpu 404 404 404 404 Dpa Dpa Dpa Dpa Rp  Tf  Dpa',
  'POST /partner/dashboard/marketing/requests/:id':    'Lp  Dpu 404 404 404 404 Dpa Dpa Dpa Dpa Rp  Tf  Dpa',
  // Payments: every partner organisation pays its supplier; importers and distributors are paid too (issue 43).
  'GET /partner/dashboard/payments':                   'Lp  Dpu Dx  200 200 200 Dpa Dpa Dpa Dpa Rp  Tf  Dpa',
  'POST /partner/dashboard/payments':                  'Lp  Dpu Dx  ok  ok  ok  Dpa Dpa Dpa Dpa Rp  Tf  Dpa',
  // Business details (issue 44): every partner's page (these, of no organisation, are told they have none;
  // an empty save is refused on its fields).
  'GET /partner/dashboard/business-details':           'Lp  Dpu 200 200 200 200 Dpa Dpa Dpa Dpa Rp  Tf  Dpa',
  'POST /partner/dashboard/business-details':          'Lp  Dpu ok  ok  ok  ok  Dpa Dpa Dpa Dpa Rp  Tf  Dpa',
  // The pages spec §2 gave no path (issue 43): supplier/ is every organisation's with buyers (importers,
  // distributors), buyer/ every organisation's with a supplier. A shipment these partners (who have no
  // organisation) neither send nor receive: 404.
  'GET /partner/dashboard/supplier/orders/approve':    'Lp  Dpu Dx  200 200 Dx  Dpa Dpa Dpa Dpa Rp  Tf  Dpa',
  'GET /partner/dashboard/supplier/invoices/generate': 'Lp  Dpu Dx  200 200 Dx  Dpa Dpa Dpa Dpa Rp  Tf  Dpa',
  'POST /partner/dashboard/supplier/invoices/generate': 'Lp  Dpu Dx  ok  ok  Dx  Dpa Dpa Dpa Dpa Rp  Tf  Dpa',
  'GET /partner/dashboard/supplier/invoices':          'Lp  Dpu Dx  200 200 Dx  Dpa Dpa Dpa Dpa Rp  Tf  Dpa',
  'GET /partner/dashboard/supplier/shipments':         'Lp  Dpu Dx  200 200 Dx  Dpa Dpa Dpa Dpa Rp  Tf  Dpa',
  'GET /partner/dashboard/supplier/shipments/new':     'Lp  Dpu Dx  200 200 Dx  Dpa Dpa Dpa Dpa Rp  Tf  Dpa',
  'POST /partner/dashboard/supplier/shipments/new':    'Lp  Dpu Dx  ok  ok  Dx  Dpa Dpa Dpa Dpa Rp  Tf  Dpa',
  'GET /partner/dashboard/supplier/shipments/:id':     'Lp  Dpu Dx  404 404 Dx  Dpa Dpa Dpa Dpa Rp  Tf  Dpa',
  'POST /partner/dashboard/supplier/shipments/:id':    'Lp  Dpu Dx  404 404 Dx  Dpa Dpa Dpa Dpa Rp  Tf  Dpa',
  'GET /partner/dashboard/buyer/invoices':             'Lp  Dpu Dx  200 200 200 Dpa Dpa Dpa Dpa Rp  Tf  Dpa',
  'GET /partner/dashboard/buyer/receipts':             'Lp  Dpu Dx  200 200 200 Dpa Dpa Dpa Dpa Rp  Tf  Dpa',
  'GET /partner/dashboard/buyer/receipts/:id':         'Lp  Dpu Dx  404 404 404 Dpa Dpa Dpa Dpa Rp  Tf  Dpa',
  'POST /partner/dashboard/buyer/receipts/:id':        'Lp  Dpu Dx  404 404 404 Dpa Dpa Dpa Dpa Rp  Tf  Dpa',

  // The public API
  'GET /api/ping':                                     'ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  ok',
  'POST /api/age-gate':                                'ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  ok',
  'GET /api/products':                                 'ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  ok',
  'GET /api/products/:slug':                           'ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  ok',
  'GET /api/cocktails':                                'ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  ok',
  'GET /api/cocktails/:idOrSlug':                      'ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  ok',
  'GET /api/events':                                   'ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  ok',
  'GET /api/events/:id':                               'ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  ok',
  // A published CMS page (drafts are a 404 for everyone: tests/api/cms-pages.test.ts)
  'GET /api/pages/:slug':                              'ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  ok',
  'GET /api/navigation':                               'ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  ok',
  'GET /api/stores':                                   'ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  ok',
  'GET /api/retailers':                                'ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  ok',
  'POST /api/contact':                                 'ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  ok',
  'POST /api/business-inquiries':                      'ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  ok',
  'POST /api/auth/logout':                             'ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  ok',
  // The visitor's side of the support chat: the conversation's secret, not a session, is the key.
  'POST /api/chat/sessions':                           'ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  ok',
  'GET /api/chat/presence':                            'ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  ok',
  'GET /api/chat/sessions/:id/messages':               'ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  ok',
  'POST /api/chat/sessions/:id/messages':              'ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  ok',
  'POST /api/chat/sessions/:id/email':                 'ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  ok',

  // Signed in (an expired password still reads who it is)
  'POST /api/auth/step-up':                            '401 ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  401 ok',
  'GET /api/me':                                       '401 ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  401 ok',
  'POST /api/rpc/has_role':                            '401 ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  401 ok',

  // Master admin only
  'POST /api/users/:id/unlock':                        '401 403 403 403 403 403 403 403 ok  pw  403 401 tf',
  // User administration (issue 17): the people themselves; writes aim at nobody (past the guard: 400 or 404).
  'GET /api/admin/users':                              '401 403 403 403 403 403 403 403 ok  pw  403 401 tf',
  'POST /api/admin/users':                             '401 403 403 403 403 403 403 403 ok  pw  403 401 tf',
  'GET /api/admin/users/:id':                          '401 403 403 403 403 403 403 403 ok  pw  403 401 tf',
  'PUT /api/admin/users/:id':                          '401 403 403 403 403 403 403 403 ok  pw  403 401 tf',
  'DELETE /api/admin/users/:id':                       '401 403 403 403 403 403 403 403 ok  pw  403 401 tf',
  'POST /api/admin/users/:id/unlock':                  '401 403 403 403 403 403 403 403 ok  pw  403 401 tf',
  'POST /api/admin/users/:id/invitation':              '401 403 403 403 403 403 403 403 ok  pw  403 401 tf',
  'DELETE /api/admin/users/:id/invitation':            '401 403 403 403 403 403 403 403 ok  pw  403 401 tf',
  'POST /api/admin/users/:id/password-reset':          '401 403 403 403 403 403 403 403 ok  pw  403 401 tf',
  'POST /api/admin/users/:id/force-password-reset':    '401 403 403 403 403 403 403 403 ok  pw  403 401 tf',
  'DELETE /api/admin/users/:id/sessions':              '401 403 403 403 403 403 403 403 ok  pw  403 401 tf',
  'DELETE /api/admin/users/:id/two-factor':            '401 403 403 403 403 403 403 403 ok  pw  403 401 tf',
  'GET /api/admin/outbox':                             '401 403 403 403 403 403 403 403 ok  pw  403 401 tf',
  'POST /api/admin/outbox/:id/resend':                 '401 403 403 403 403 403 403 403 ok  pw  403 401 tf',
  'GET /api/admin/master-panel':                       '401 403 403 403 403 403 403 403 ok  pw  403 401 tf',
  // Access Control and Roles & Permissions (writes also need a step-up: past the guard, the empty body is a 400)
  'GET /api/admin/security-settings':                  '401 403 403 403 403 403 403 403 ok  pw  403 401 tf',
  'PUT /api/admin/security-settings':                  '401 403 403 403 403 403 403 403 ok  pw  403 401 tf',
  'POST /api/admin/security-settings/preview':         '401 403 403 403 403 403 403 403 ok  pw  403 401 tf',
  'GET /api/admin/roles':                              '401 403 403 403 403 403 403 403 ok  pw  403 401 tf',
  'POST /api/admin/roles':                             '401 403 403 403 403 403 403 403 ok  pw  403 401 tf',
  'PUT /api/admin/roles/:name':                        '401 403 403 403 403 403 403 403 ok  pw  403 401 tf',
  'DELETE /api/admin/roles/:name':                     '401 403 403 403 403 403 403 403 ok  pw  403 401 tf',
  // Content Management: CMS pages (issue 18)
  'GET /api/admin/pages':                              '401 403 403 403 403 403 403 403 ok  pw  403 401 tf',
  'POST /api/admin/pages':                             '401 403 403 403 403 403 403 403 ok  pw  403 401 tf',
  'POST /api/admin/pages/preview':                     '401 403 403 403 403 403 403 403 ok  pw  403 401 tf',
  'GET /api/admin/pages/:id':                          '401 403 403 403 403 403 403 403 ok  pw  403 401 tf',
  'PUT /api/admin/pages/:id':                          '401 403 403 403 403 403 403 403 ok  pw  403 401 tf',
  'DELETE /api/admin/pages/:id':                       '401 403 403 403 403 403 403 403 ok  pw  403 401 tf',
  'POST /api/admin/pages/:id/publish':                 '401 403 403 403 403 403 403 403 ok  pw  403 401 tf',
  'POST /api/admin/pages/:id/unpublish':               '401 403 403 403 403 403 403 403 ok  pw  403 401 tf',
  'POST /api/admin/pages/:id/schedule':                '401 403 403 403 403 403 403 403 ok  pw  403 401 tf',
  'POST /api/admin/pages/:id/schedule/cancel':         '401 403 403 403 403 403 403 403 ok  pw  403 401 tf',
  'GET /api/admin/pages/:id/versions':                 '401 403 403 403 403 403 403 403 ok  pw  403 401 tf',
  'GET /api/admin/pages/:id/diff':                     '401 403 403 403 403 403 403 403 ok  pw  403 401 tf',
  'POST /api/admin/pages/:id/versions/:n/restore':     '401 403 403 403 403 403 403 403 ok  pw  403 401 tf',
  'GET /api/admin/audit-logs':                         '401 403 403 403 403 403 403 403 ok  pw  403 401 tf',
  'GET /api/admin/audit-logs/export.csv':              '401 403 403 403 403 403 403 403 ok  pw  403 401 tf',
  'GET /api/admin/audit-logs/:id':                     '401 403 403 403 403 403 403 403 ok  pw  403 401 tf',
  'GET /api/admin/navigation':                         '401 403 403 403 403 403 403 403 ok  pw  403 401 tf',
  'POST /api/admin/navigation/seed':                    '401 403 403 403 403 403 403 403 ok  pw  403 401 tf',
  'PUT /api/admin/navigation/:menu':                    '401 403 403 403 403 403 403 403 ok  pw  403 401 tf',
  // Database Management: the table browser and the SQL editor (issue 19)
  'GET /api/admin/database/tables':                    '401 403 403 403 403 403 403 403 ok  pw  403 401 tf',
  'GET /api/admin/database/tables/:name':              '401 403 403 403 403 403 403 403 ok  pw  403 401 tf',
  'GET /api/admin/database/tables/:name/count':        '401 403 403 403 403 403 403 403 ok  pw  403 401 tf',
  'POST /api/admin/sql/check':                         '401 403 403 403 403 403 403 403 ok  pw  403 401 tf',
  'POST /api/admin/sql/run':                           '401 403 403 403 403 403 403 403 ok  pw  403 401 tf',
  'GET /api/admin/sql/history':                        '401 403 403 403 403 403 403 403 ok  pw  403 401 tf',
  'GET /api/admin/sql/saved':                          '401 403 403 403 403 403 403 403 ok  pw  403 401 tf',
  'POST /api/admin/sql/saved':                         '401 403 403 403 403 403 403 403 ok  pw  403 401 tf',
  'PUT /api/admin/sql/saved/:id':                      '401 403 403 403 403 403 403 403 ok  pw  403 401 tf',
  'DELETE /api/admin/sql/saved/:id':                   '401 403 403 403 403 403 403 403 ok  pw  403 401 tf',
  // The Code Editor: the site's assets repository (issue 20)
  'GET /api/admin/code':                               '401 403 403 403 403 403 403 403 ok  pw  403 401 tf',
  'GET /api/admin/code/file':                          '401 403 403 403 403 403 403 403 ok  pw  403 401 tf',
  'PUT /api/admin/code/file':                          '401 403 403 403 403 403 403 403 ok  pw  403 401 tf',
  'DELETE /api/admin/code/file':                       '401 403 403 403 403 403 403 403 ok  pw  403 401 tf',
  'GET /api/admin/code/changes':                       '401 403 403 403 403 403 403 403 ok  pw  403 401 tf',
  'POST /api/admin/code/commit':                       '401 403 403 403 403 403 403 403 ok  pw  403 401 tf',
  'GET /api/admin/code/history':                       '401 403 403 403 403 403 403 403 ok  pw  403 401 tf',
  'GET /api/admin/code/commits/:oid':                  '401 403 403 403 403 403 403 403 ok  pw  403 401 tf',
  'POST /api/admin/code/commits/:oid/revert':          '401 403 403 403 403 403 403 403 ok  pw  403 401 tf',
  'GET /api/admin/code/branches':                      '401 403 403 403 403 403 403 403 ok  pw  403 401 tf',
  'POST /api/admin/code/branches':                     '401 403 403 403 403 403 403 403 ok  pw  403 401 tf',
  'PUT /api/admin/code/branch':                        '401 403 403 403 403 403 403 403 ok  pw  403 401 tf',
  'POST /api/admin/code/deploy':                       '401 403 403 403 403 403 403 403 ok  pw  403 401 tf',
  'GET /api/admin/code/deployments':                   '401 403 403 403 403 403 403 403 ok  pw  403 401 tf',
  'GET /api/admin/code/settings':                      '401 403 403 403 403 403 403 403 ok  pw  403 401 tf',
  'PUT /api/admin/code/settings':                      '401 403 403 403 403 403 403 403 ok  pw  403 401 tf',

  // Any staff: the bell
  'GET /api/admin/notifications':                      '401 403 403 403 403 403 ok  ok  ok  pw  403 401 tf',
  'POST /api/admin/notifications/read-all':            '401 403 403 403 403 403 ok  ok  ok  pw  403 401 tf',
  'POST /api/admin/notifications/:id/read':            '401 403 403 403 403 403 ok  ok  ok  pw  403 401 tf',

  // The partner area: the trade catalogue and the bell (a partner's own; the matrix's partners have no organisation)
  'GET /api/partner/catalog':                          '401 403 ok  ok  ok  ok  403 403 403 403 pw  401 403',
  'GET /api/partner/catalog/:slug':                    '401 403 ok  ok  ok  ok  403 403 403 403 pw  401 403',
  'GET /api/partner/notifications':                    '401 403 ok  ok  ok  ok  403 403 403 403 pw  401 403',
  'POST /api/partner/notifications/read-all':          '401 403 ok  ok  ok  ok  403 403 403 403 pw  401 403',
  'POST /api/partner/notifications/:id/read':          '401 403 ok  ok  ok  ok  403 403 403 403 pw  401 403',
  // Stock (issue 15): holdings with Inventory Viewing; allocations by importers that can trade
  'GET /api/partner/stock':                            '401 403 ok  ok  ok  ok  403 403 ok  403 pw  401 403',
  'GET /api/partner/allocations':                      '401 403 ok  ok  ok  ok  403 403 ok  403 pw  401 403',
  'POST /api/partner/allocations':                     '401 403 403 403 403 403 403 403 403 403 pw  401 403',

  // CMS Access; deleting also needs catalog:delete (admins, not employees)
  'GET /api/admin/products':                           '401 403 403 403 403 403 ok  ok  ok  pw  403 401 tf',
  'GET /api/admin/products/:id':                       '401 403 403 403 403 403 ok  ok  ok  pw  403 401 tf',
  'POST /api/admin/products':                          '401 403 403 403 403 403 ok  ok  ok  pw  403 401 tf',
  'PUT /api/admin/products/:id':                       '401 403 403 403 403 403 ok  ok  ok  pw  403 401 tf',
  'POST /api/admin/products/:id/archive':              '401 403 403 403 403 403 ok  ok  ok  pw  403 401 tf',
  'GET /api/admin/products/:id/stock-movements':       '401 403 403 403 403 403 ok  ok  ok  pw  403 401 tf',
  'POST /api/admin/products/:id/stock-adjustments':     '401 403 403 403 403 403 ok  ok  ok  pw  403 401 tf',
  'DELETE /api/admin/products/:id':                    '401 403 403 403 403 403 403 ok  ok  pw  403 401 tf',
  'GET /api/admin/stores':                             '401 403 403 403 403 403 ok  ok  ok  pw  403 401 tf',
  'GET /api/admin/stores/geocode':                     '401 403 403 403 403 403 ok  ok  ok  pw  403 401 tf',
  'GET /api/admin/stores/nearby':                      '401 403 403 403 403 403 ok  ok  ok  pw  403 401 tf',
  'GET /api/admin/stores/:id':                         '401 403 403 403 403 403 ok  ok  ok  pw  403 401 tf',
  'POST /api/admin/stores':                            '401 403 403 403 403 403 ok  ok  ok  pw  403 401 tf',
  'PUT /api/admin/stores/:id':                         '401 403 403 403 403 403 ok  ok  ok  pw  403 401 tf',
  'DELETE /api/admin/stores/:id':                      '401 403 403 403 403 403 403 ok  ok  pw  403 401 tf',
  'GET /api/admin/cocktails':                          '401 403 403 403 403 403 ok  ok  ok  pw  403 401 tf',
  'GET /api/admin/cocktails/:id':                      '401 403 403 403 403 403 ok  ok  ok  pw  403 401 tf',
  'POST /api/admin/cocktails':                         '401 403 403 403 403 403 ok  ok  ok  pw  403 401 tf',
  'PUT /api/admin/cocktails/:id':                      '401 403 403 403 403 403 ok  ok  ok  pw  403 401 tf',
  'POST /api/admin/cocktails/:id/publish':             '401 403 403 403 403 403 ok  ok  ok  pw  403 401 tf',
  'POST /api/admin/cocktails/:id/unpublish':           '401 403 403 403 403 403 ok  ok  ok  pw  403 401 tf',
  'DELETE /api/admin/cocktails/:id':                   '401 403 403 403 403 403 403 ok  ok  pw  403 401 tf',
  'GET /api/admin/collateral':                         '401 403 403 403 403 403 ok  ok  ok  pw  403 401 tf',
  'GET /api/admin/collateral/:id':                     '401 403 403 403 403 403 ok  ok  ok  pw  403 401 tf',
  'POST /api/admin/collateral':                        '401 403 403 403 403 403 ok  ok  ok  pw  403 401 tf',
  'PUT /api/admin/collateral/:id':                     '401 403 403 403 403 403 ok  ok  ok  pw  403 401 tf',
  'DELETE /api/admin/collateral/:id':                  '401 403 403 403 403 403 403 ok  ok  pw  403 401 tf',
  'GET /api/admin/events':                             '401 403 403 403 403 403 ok  ok  ok  pw  403 401 tf',
  'GET /api/admin/events/:id':                         '401 403 403 403 403 403 ok  ok  ok  pw  403 401 tf',
  'POST /api/admin/events':                            '401 403 403 403 403 403 ok  ok  ok  pw  403 401 tf',
  'PUT /api/admin/events/:id':                         '401 403 403 403 403 403 ok  ok  ok  pw  403 401 tf',
  'DELETE /api/admin/events/:id':                      '401 403 403 403 403 403 403 ok  ok  pw  403 401 tf',
  'GET /api/admin/media':                              '401 403 403 403 403 403 ok  ok  ok  pw  403 401 tf',
  'POST /api/admin/media':                             '401 403 403 403 403 403 ok  ok  ok  pw  403 401 tf',
  'GET /api/admin/media/:id':                          '401 403 403 403 403 403 ok  ok  ok  pw  403 401 tf',
  'PATCH /api/admin/media/:id':                        '401 403 403 403 403 403 ok  ok  ok  pw  403 401 tf',
  'DELETE /api/admin/media/:id':                       '401 403 403 403 403 403 403 ok  ok  pw  403 401 tf',

  // Marketing requests, the partner's side (marketing:request; the master admin holds it over every
  // organisation). These partners belong to no organisation: another's request or file is a 404, and
  // placing or commenting is refused (403 organisation_pending) as for an organisation not yet active.
  'GET /api/partner/marketing/collateral':             '401 403 ok  ok  ok  ok  403 403 403 403 pw  401 403',
  'GET /api/partner/collateral/:id/file':              '401 403 404 404 404 404 403 403 403 403 pw  401 403',
  'GET /api/partner/marketing/requests':               '401 403 ok  ok  ok  ok  403 403 403 403 pw  401 403',
  'POST /api/partner/marketing/requests':              '401 403 403 403 403 403 403 403 403 403 pw  401 403',
  'GET /api/partner/marketing/requests/:id':           '401 403 404 404 404 404 403 403 403 403 pw  401 403',
  'POST /api/partner/marketing/requests/:id/comments': '401 403 403 403 403 403 403 403 403 403 pw  401 403',
  // Trade orders, the partner's side (orders:manage; the thread chat:internal, which admins lack).
  // These partners belong to no organisation: their list is empty, an order is a 404, and placing or
  // moving one is refused (403 organisation_pending). Staff on these routes have no side of any order.
  'GET /api/partner/orders':                           '401 403 ok  ok  ok  ok  403 ok  ok  403 pw  401 403',
  'POST /api/partner/orders':                          '401 403 403 403 403 403 403 ok  ok  403 pw  401 403',
  'GET /api/partner/orders/figures':                   '401 403 ok  ok  ok  ok  403 ok  ok  403 pw  401 403',
  'GET /api/partner/orders/export.csv':                '401 403 403 403 403 403 403 403 ok  403 pw  401 403',
  'GET /api/partner/orders/:id':                       '401 403 404 404 404 404 403 404 404 403 pw  401 403',
  'POST /api/partner/orders/:id/approve':              '401 403 403 403 403 403 403 ok  ok  403 pw  401 403',
  'POST /api/partner/orders/:id/reject':               '401 403 403 403 403 403 403 ok  ok  403 pw  401 403',
  // An allocation offer's buyer answers it (issue 43): the same guard as every move of an order.
  'POST /api/partner/orders/:id/accept':               '401 403 403 403 403 403 403 ok  ok  403 pw  401 403',
  'POST /api/partner/orders/:id/decline':              '401 403 403 403 403 403 403 ok  ok  403 pw  401 403',
  'POST /api/partner/orders/:id/cancel':               '401 403 403 403 403 403 403 ok  ok  403 pw  401 403',
  'GET /api/partner/orders/:id/messages':              '401 403 404 404 404 404 403 403 404 403 pw  401 403',
  'POST /api/partner/orders/:id/messages':             '401 403 403 403 403 403 403 403 ok  403 pw  401 403',
  // Shipments and receipts (orders:manage over the partner's own organisation; writes need it able to
  // trade, which these partners without one are not). Staff holding it reach the routes but send and
  // receive nothing: a shipment is a 404 for them, a retailer they do not supply too.
  'GET /api/partner/shipments':                        '401 403 ok  ok  ok  ok  403 ok  ok  403 pw  401 403',
  'POST /api/partner/shipments':                       '401 403 403 403 403 403 403 ok  ok  403 pw  401 403',
  'GET /api/partner/shipments/buyers':                 '401 403 ok  ok  ok  ok  403 ok  ok  403 pw  401 403',
  'GET /api/partner/shipments/remaining':              '401 403 404 404 404 404 403 404 404 403 pw  401 403',
  'GET /api/partner/shipments/:id':                    '401 403 404 404 404 404 403 404 404 403 pw  401 403',
  'POST /api/partner/shipments/:id/status':            '401 403 403 403 403 403 403 ok  ok  403 pw  401 403',
  'POST /api/partner/shipments/:id/discard':           '401 403 403 403 403 403 403 ok  ok  403 pw  401 403',
  'POST /api/partner/shipments/:id/receipt':           '401 403 403 403 403 403 403 ok  ok  403 pw  401 403',
  'POST /api/partner/receipts/:id/resolve':            '401 403 403 403 403 403 403 ok  ok  403 pw  401 403',
  // A receipt's file of an organisation none of these partners belongs to: only staff holding Order
  // Management get it; everyone else — signed in or not — the same 404 as for no file.
  'GET /api/attachments/:id':                          '404 404 404 404 404 404 404 ok  ok  404 404 404 404',
  // Payments (issue 16): Order Management over the viewer's own organisation; recording, confirming,
  // failing and applying credit are acts. These partners have no organisation: no payment or
  // statement of theirs exists (404); staff holding Order Management pass the guard and see none.
  'GET /api/partner/payments':                         '401 403 ok  ok  ok  ok  403 ok  ok  403 pw  401 403',
  'POST /api/partner/payments':                        '401 403 403 403 403 403 403 ok  ok  403 pw  401 403',
  'GET /api/partner/payments/history':                 '401 403 ok  ok  ok  ok  403 ok  ok  403 pw  401 403',
  'GET /api/partner/payments/statement':               '401 403 404 404 404 404 403 404 404 403 pw  401 403',
  'GET /api/partner/payments/statement.csv':           '401 403 404 404 404 404 403 404 404 403 pw  401 403',
  'GET /api/partner/payments/statement.pdf':           '401 403 404 404 404 404 403 404 404 403 pw  401 403',
  'GET /api/partner/payments/:id':                     '401 403 404 404 404 404 403 404 404 403 pw  401 403',
  'POST /api/partner/payments/:id/confirm':            '401 403 403 403 403 403 403 ok  ok  403 pw  401 403',
  'POST /api/partner/payments/:id/fail':               '401 403 403 403 403 403 403 ok  ok  403 pw  401 403',
  'POST /api/partner/payments/:id/allocations':        '401 403 403 403 403 403 403 ok  ok  403 pw  401 403',
  // The importers' payments to the brand (issue 43): staff receive for it; another organisation's payment is not found.
  'GET /api/admin/payments':                           '401 403 403 403 403 403 403 ok  ok  pw  403 401 tf',
  'GET /api/admin/payments/history':                   '401 403 403 403 403 403 403 ok  ok  pw  403 401 tf',
  'GET /api/admin/payments/statement':                 '401 403 403 403 403 403 403 404 404 pw  403 401 tf',
  'GET /api/admin/payments/statement.csv':             '401 403 403 403 403 403 403 404 404 pw  403 401 tf',
  'GET /api/admin/payments/statement.pdf':             '401 403 403 403 403 403 403 404 404 pw  403 401 tf',
  'GET /api/admin/payments/:id':                       '401 403 403 403 403 403 403 404 404 pw  403 401 tf',
  'POST /api/admin/payments/:id/confirm':              '401 403 403 403 403 403 403 ok  ok  pw  403 401 tf',
  'POST /api/admin/payments/:id/fail':                 '401 403 403 403 403 403 403 ok  ok  pw  403 401 tf',
  // Export to accounting (issue 45): a partner's for its own organisation (Order Management and the
  // organisation's type role) — these partners belong to none, so every one is refused
  // (no_organisation; the generic partner role would be read_only_access); staff's for the brand (Finance).
  'GET /api/partner/exports/invoices.csv':             '401 403 403 403 403 403 403 403 403 403 pw  401 403',
  'GET /api/partner/exports/credit-notes.csv':         '401 403 403 403 403 403 403 403 403 403 pw  401 403',
  'GET /api/partner/exports/payments.csv':             '401 403 403 403 403 403 403 403 403 403 pw  401 403',
  'GET /api/admin/exports/invoices.csv':               '401 403 403 403 403 403 403 ok  ok  pw  403 401 tf',
  'GET /api/admin/exports/credit-notes.csv':           '401 403 403 403 403 403 403 ok  ok  pw  403 401 tf',
  'GET /api/admin/exports/payments.csv':               '401 403 403 403 403 403 403 ok  ok  pw  403 401 tf',
  // Trade orders, the brand's side: the admin area and orders:manage (admins and the master admin).
  'GET /api/admin/trade-orders':                       '401 403 403 403 403 403 403 ok  ok  pw  403 401 tf',
  // The whole chain's stock reconciliation: staff holding Order Management over every organisation.
  'GET /api/admin/stock/reconciliation':               '401 403 403 403 403 403 403 ok  ok  pw  403 401 tf',
  'GET /api/admin/trade-orders/:id':                   '401 403 403 403 403 403 403 404 404 pw  403 401 tf',
  'POST /api/admin/trade-orders/:id/approve':          '401 403 403 403 403 403 403 ok  ok  pw  403 401 tf',
  'POST /api/admin/trade-orders/:id/reject':           '401 403 403 403 403 403 403 ok  ok  pw  403 401 tf',
  'POST /api/admin/trade-orders/:id/cancel':           '401 403 403 403 403 403 403 ok  ok  pw  403 401 tf',
  'POST /api/admin/trade-orders/:id/ship':             '401 403 403 403 403 403 403 ok  ok  pw  403 401 tf',
  'POST /api/admin/trade-orders/:id/deliver':          '401 403 403 403 403 403 403 ok  ok  pw  403 401 tf',
  'GET /api/admin/trade-orders/:id/messages':          '401 403 403 403 403 403 403 404 404 pw  403 401 tf',
  'POST /api/admin/trade-orders/:id/messages':         '401 403 403 403 403 403 403 ok  ok  pw  403 401 tf',
  // The staff side: collateral files for the admin area; requests for marketing:requests.
  'GET /api/admin/collateral/:id/file':                '401 403 403 403 403 403 ok  ok  ok  pw  403 401 tf',
  'GET /api/admin/marketing-requests':                 '401 403 403 403 403 403 ok  ok  ok  pw  403 401 tf',
  'GET /api/admin/marketing-requests/:id':             '401 403 403 403 403 403 ok  ok  ok  pw  403 401 tf',
  'POST /api/admin/marketing-requests/:id/decision':   '401 403 403 403 403 403 ok  ok  ok  pw  403 401 tf',
  'POST /api/admin/marketing-requests/:id/fulfil':     '401 403 403 403 403 403 ok  ok  ok  pw  403 401 tf',
  'POST /api/admin/marketing-requests/:id/comments':   '401 403 403 403 403 403 ok  ok  ok  pw  403 401 tf',

  // Bulk data: CMS Access and Database Management (admins, not employees)
  'GET /api/admin/stores/export.csv':                  '401 403 403 403 403 403 403 ok  ok  pw  403 401 tf',
  'POST /api/admin/stores/import/preview':             '401 403 403 403 403 403 403 ok  ok  pw  403 401 tf',
  'POST /api/admin/stores/import':                     '401 403 403 403 403 403 403 ok  ok  pw  403 401 tf',

  // Handle inquiries; answer support chats
  'GET /api/admin/inquiries':                          '401 403 403 403 403 403 ok  ok  ok  pw  403 401 tf',
  'GET /api/admin/inquiries/:kind/:id':                '401 403 403 403 403 403 ok  ok  ok  pw  403 401 tf',
  'PATCH /api/admin/inquiries/:kind/:id':              '401 403 403 403 403 403 ok  ok  ok  pw  403 401 tf',
  // Partner organisations: User Management (admins, not employees); onboarding an inquiry needs Handle inquiries too
  'GET /api/admin/partners':                           '401 403 403 403 403 403 403 ok  ok  pw  403 401 tf',
  'GET /api/admin/partners/tree':                      '401 403 403 403 403 403 403 ok  ok  pw  403 401 tf',
  'GET /api/admin/partners/:id':                       '401 403 403 403 403 403 403 ok  ok  pw  403 401 tf',
  'POST /api/admin/partners':                          '401 403 403 403 403 403 403 ok  ok  pw  403 401 tf',
  'PUT /api/admin/partners/:id':                       '401 403 403 403 403 403 403 ok  ok  pw  403 401 tf',
  'POST /api/admin/partners/:id/status':               '401 403 403 403 403 403 403 ok  ok  pw  403 401 tf',
  'PUT /api/admin/partners/:id/terms':                 '401 403 403 403 403 403 403 ok  ok  pw  403 401 tf',
  'GET /api/admin/partners/:id/members':               '401 403 403 403 403 403 403 ok  ok  pw  403 401 tf',
  'POST /api/admin/partners/:id/members':              '401 403 403 403 403 403 403 ok  ok  pw  403 401 tf',
  'POST /api/admin/partners/:id/members/:userId/invitation': '401 403 403 403 403 403 403 ok  ok  pw  403 401 tf',
  // The brand's own details: Finance (admins and the master admin; not employees, never a partner)
  'GET /api/admin/brand':                              '401 403 403 403 403 403 403 ok  ok  pw  403 401 tf',
  'PUT /api/admin/brand':                              '401 403 403 403 403 403 403 ok  ok  pw  403 401 tf',
  // Tax rules and partner organisations' business details (issue 44): Finance, as the brand's own. No rule
  // 999999 exists: a withdrawal past the guard is a 404.
  'GET /api/admin/tax-rules':                          '401 403 403 403 403 403 403 ok  ok  pw  403 401 tf',
  'POST /api/admin/tax-rules':                         '401 403 403 403 403 403 403 ok  ok  pw  403 401 tf',
  'DELETE /api/admin/tax-rules/:id':                   '401 403 403 403 403 403 403 ok  ok  pw  403 401 tf',
  'GET /api/admin/partners/:id/business-details':      '401 403 403 403 403 403 403 ok  ok  pw  403 401 tf',
  'PUT /api/admin/partners/:id/business-details':      '401 403 403 403 403 403 403 ok  ok  pw  403 401 tf',
  // A partner's own organisation's business details: the partner area. These partners belong to no
  // organisation: theirs is not found (404); a save past the guard is refused on its fields.
  'GET /api/partner/business-details':                 '401 403 404 404 404 404 403 403 403 403 pw  401 403',
  'PUT /api/partner/business-details':                 '401 403 ok  ok  ok  ok  403 403 403 403 pw  401 403',
  // Invoices, the partner's side (orders:manage over its organisation; issuing, discarding and crediting
  // are `act`). These partners belong to no organisation: their lists are empty, an invoice (and its
  // PDF) a 404, a write 403 organisation_pending. Staff have no side of any invoice here (a 404).
  'GET /api/partner/invoices':                         '401 403 ok  ok  ok  ok  403 ok  ok  403 pw  401 403',
  'GET /api/partner/invoices/invoiceable':             '401 403 ok  ok  ok  ok  403 ok  ok  403 pw  401 403',
  'POST /api/partner/invoices/preview':                '401 403 403 403 403 403 403 ok  ok  403 pw  401 403',
  'POST /api/partner/invoices':                        '401 403 403 403 403 403 403 ok  ok  403 pw  401 403',
  'POST /api/partner/invoices/issue':                  '401 403 403 403 403 403 403 ok  ok  403 pw  401 403',
  'GET /api/partner/invoices/:id':                     '401 403 404 404 404 404 403 404 404 403 pw  401 403',
  'GET /api/partner/invoices/:id/pdf':                 '401 403 404 404 404 404 403 404 404 403 pw  401 403',
  'GET /api/partner/invoices/:id/xml':                 '401 403 404 404 404 404 403 404 404 403 pw  401 403',
  'POST /api/partner/invoices/:id/issue':              '401 403 403 403 403 403 403 ok  ok  403 pw  401 403',
  'POST /api/partner/invoices/:id/discard':            '401 403 403 403 403 403 403 ok  ok  403 pw  401 403',
  'POST /api/partner/invoices/:id/credit-notes':       '401 403 403 403 403 403 403 ok  ok  403 pw  401 403',
  // Invoices, staff's reading: the admin area and orders:manage (admins and the master admin).
  // The brand's invoices (issue 43): staff act for the brand; another organisation's document is not found.
  'GET /api/admin/invoices':                           '401 403 403 403 403 403 403 ok  ok  pw  403 401 tf',
  'GET /api/admin/invoices/invoiceable':               '401 403 403 403 403 403 403 ok  ok  pw  403 401 tf',
  'POST /api/admin/invoices/preview':                  '401 403 403 403 403 403 403 ok  ok  pw  403 401 tf',
  'POST /api/admin/invoices':                          '401 403 403 403 403 403 403 ok  ok  pw  403 401 tf',
  'POST /api/admin/invoices/issue':                    '401 403 403 403 403 403 403 ok  ok  pw  403 401 tf',
  'GET /api/admin/invoices/:id':                       '401 403 403 403 403 403 403 404 404 pw  403 401 tf',
  'GET /api/admin/invoices/:id/pdf':                   '401 403 403 403 403 403 403 404 404 pw  403 401 tf',
  'GET /api/admin/invoices/:id/xml':                   '401 403 403 403 403 403 403 404 404 pw  403 401 tf',
  'POST /api/admin/invoices/:id/issue':                '401 403 403 403 403 403 403 ok  ok  pw  403 401 tf',
  'POST /api/admin/invoices/:id/discard':              '401 403 403 403 403 403 403 ok  ok  pw  403 401 tf',
  'POST /api/admin/invoices/:id/credit-notes':         '401 403 403 403 403 403 403 ok  ok  pw  403 401 tf',
  'POST /api/admin/inquiries/business/:id/organisation': '401 403 403 403 403 403 403 ok  ok  pw  403 401 tf',
  'GET /api/chat/conversations':                       '401 403 403 403 403 403 ok  ok  ok  pw  403 401 tf',
  'POST /api/chat/conversations/:id/messages':         '401 403 403 403 403 403 ok  ok  ok  pw  403 401 tf',

  // The sockets: the visitor's chat for everyone; the staff socket is the admin shell's rule; the
  // live channel is every signed-in user's (the second factor done)
  'WS /ws/chat':                                       'ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  ok',
  'WS /ws/staff':                                      '401 403 403 403 403 403 ok  ok  ok  403 403 401 403',
  'WS /ws/live':                                       '401 ok  ok  ok  ok  ok  ok  ok  ok  ok  ok  401 ok',
  // What each user's live socket is sent (got / no; 401: no socket), filtered by the decision: a
  // staff-wide notification (Handle inquiries); one of an organisation (Order Management: staff
  // holding it over everything — admins (Trade orders) and the master admin — and that organisation's
  // partners, which the matrix's partners are not); a `changed` signal for an organisation's
  // marketing request (its partners, and staff handling requests); a chat event (staff who answer chats).
  'EV /ws/live notification:staff-wide':               '401 no  no  no  no  no  got got got no  no  401 no',
  'EV /ws/live notification:organisation':             '401 no  no  no  no  no  no  got got no  no  401 no',
  'EV /ws/live changed:organisation':                  '401 no  no  no  no  no  got got got no  no  401 no',
  'EV /ws/live chat:conversation':                     '401 no  no  no  no  no  got got got no  no  401 no',
  // A shipment between two organisations changed: their Order Management holders and staff holding it over everything.
  'EV /ws/live changed:shipment':                       '401 no  no  no  no  no  no  got got no  no  401 no',
  // A payment's `changed` signal (Order Management of the payer and of the payee).
  'EV /ws/live changed:payment':                       '401 no  no  no  no  no  no  got got no  no  401 no',
};

/** The socket events the live channel sends: each has its rows above (pushed by `liveEvent`). */
const SOCKET_EVENTS = [
  'notification:staff-wide',
  'notification:organisation',
  'changed:organisation',
  'chat:conversation',
  'changed:shipment',
  'changed:payment',
];

const PASSWORD = 'Matrix-check-password-42';
const MISSING_UUID = '00000000-0000-4000-8000-000000000000';
let t: TestServer;
let ip = 0;
/** Every request from its own address (TRUST_PROXY): the per-IP limits are not what this table is about. */
const nextIp = () => `10.9.${(++ip >> 8) & 255}.${ip & 255}`;
const cookies = new Map<Who, string>();
/** Records the rows need: ids of seeded or created rows, the visitor conversation and its secret. */
const ids: Record<string, string> = {};

const ACCOUNTS: Record<Exclude<Who, 'anonymous'>, { role: string; expired?: boolean; twoFactor?: boolean }> = {
  customer: { role: 'customer' },
  partner: { role: 'partner' },
  importer: { role: 'importer' },
  distributor: { role: 'distributor' },
  retailer: { role: 'retailer' },
  employee: { role: 'employee' },
  admin: { role: 'admin' },
  master_admin: { role: 'master_admin' },
  expired: { role: 'employee', expired: true },
  expired_p: { role: 'retailer', expired: true },
  mfa: { role: 'admin', twoFactor: true },
  no2fa: { role: 'employee' },
};

/** Signs `who` in through the real form and answers the cookie to send (a new session each time). */
async function signIn(who: Who): Promise<string> {
  const c = await new Client(t.url).passGate();
  if (who !== 'anonymous') {
    const res = await c.post('/auth/login', { email: `${who}@matrix.example`, password: PASSWORD }, { 'x-forwarded-for': nextIp() });
    expect(res.status, `sign-in as ${who}`).toBe(302);
  }
  return c.header();
}

/** A row's concrete URL: parameters filled with records that exist (writes to the API aim at ids that do not: nothing is changed). */
function urlOf(method: string, pattern: string): string {
  const api = pattern.startsWith('/api/');
  const write = method !== 'GET';
  const fill: Record<string, string> = {
    '/products/:slug': '/products/frolic-london-dry-gin',
    '/cocktails/:id': `/cocktails/${ids.cocktailPage}`,
    '/events/:id': `/events/${ids.eventPage}`,
    '/dashboard/*': '/dashboard/products',
    '/*': '/no-such-page',
    '/api/admin/stores/geocode': '/api/admin/stores/geocode?city=London&country=GB',
    '/api/admin/stores/nearby': '/api/admin/stores/nearby?lat=51.5&lng=-0.12',
    '/api/products/:slug': '/api/products/frolic-london-dry-gin',
    '/api/cocktails/:idOrSlug': `/api/cocktails/${ids.cocktail}`,
    '/api/events/:id': `/api/events/${ids.event}`,
    '/api/pages/:slug': '/api/pages/privacy',
    '/api/admin/pages/:id': '/api/admin/pages/1',
    '/api/admin/navigation/:menu': '/api/admin/navigation/header',
    '/api/admin/database/tables/:name': '/api/admin/database/tables/products',
    '/api/admin/database/tables/:name/count': '/api/admin/database/tables/products/count',
    // The file a write aims at has no edit to discard; a save sends no text (400).
    '/api/admin/code/file': '/api/admin/code/file?path=theme%2Ftheme.css',
    '/api/admin/code/commits/:oid': `/api/admin/code/commits/${ids.commit}`,
    '/api/admin/pages/:id/versions': '/api/admin/pages/1/versions',
    '/api/admin/pages/:id/diff': '/api/admin/pages/1/diff?from=1&to=1',
    '/api/users/:id/unlock': `/api/users/${MISSING_UUID}/unlock`,
    // A real person to read; the writes name nobody.
    '/api/admin/users/:id': write ? `/api/admin/users/${MISSING_UUID}` : `/api/admin/users/${ids.user}`,
    '/partner/dashboard/products/:slug': '/partner/dashboard/products/frolic-london-dry-gin',
    '/api/partner/catalog/:slug': '/api/partner/catalog/frolic-london-dry-gin',
    '/api/partner/shipments/remaining': `/api/partner/shipments/remaining?recipientId=${MISSING_UUID}`,
    '/api/attachments/:id': `/api/attachments/${ids.attachment}`,
    '/api/partner/payments/statement': '/api/partner/payments/statement?from=2026-01-01&to=2026-02-01',
    '/api/partner/payments/statement.csv': '/api/partner/payments/statement.csv?from=2026-01-01&to=2026-02-01',
    '/api/partner/payments/statement.pdf': '/api/partner/payments/statement.pdf?from=2026-01-01&to=2026-02-01',
    // A period to export (the formats alike: the guard and the scope are what this table checks).
    ...Object.fromEntries(
      ['partner', 'admin'].flatMap((area) =>
        ['invoices', 'credit-notes', 'payments'].map((kind) => [
          `/api/${area}/exports/${kind}.csv`,
          `/api/${area}/exports/${kind}.csv?format=plain&from=2026-01-01&to=2026-12-31`,
        ]),
      ),
    ),
    // An importer the brand never supplied: not found.
    '/api/admin/payments/statement': `/api/admin/payments/statement?customerId=${MISSING_UUID}&from=2026-01-01&to=2026-02-01`,
    '/api/admin/payments/statement.csv': `/api/admin/payments/statement.csv?customerId=${MISSING_UUID}&from=2026-01-01&to=2026-02-01`,
    '/api/admin/payments/statement.pdf': `/api/admin/payments/statement.pdf?customerId=${MISSING_UUID}&from=2026-01-01&to=2026-02-01`,
  };
  if (fill[pattern]) return fill[pattern];
  const entity =
    /\/(products|store-locator|stores|cocktails|collateral|events|media|inquiries|notifications|sessions|conversations|marketing-requests|requests|partners)\//.exec(
      pattern,
    )?.[1] ?? '';
  const existing: Record<string, string | undefined> = {
    products: ids.product,
    'store-locator': ids.store,
    stores: ids.store,
    cocktails: ids.cocktail,
    collateral: ids.collateral,
    events: ids.event,
    media: ids.media,
    inquiries: ids.inquiry,
    notifications: '1',
    sessions: ids.chat,
    conversations: ids.chat,
    'marketing-requests': ids.request,
    requests: ids.request,
    partners: ids.partner,
  };
  const missing = ['media', 'sessions', 'conversations', 'partners'].includes(entity) ? MISSING_UUID : '999999';
  // The visitor's chat routes need the real conversation (its secret is the key).
  const id = api && write && entity !== 'sessions' ? missing : (existing[entity] ?? '1');
  return pattern.replace(':kind', 'contact').replace(/:\w+/g, id);
}

interface Observed {
  token: string;
  detail: string;
}

const DENIED_ADMIN = "You don't have permission to access the admin dashboard";
const DENIED_PARTNER = "You don't have permission to access the partner dashboard";
const DENIED_PAGE = "You don't have permission to access this page.";

function toastOf(res: Response): { title?: string; description?: string } | null {
  const raw = res.headers.getSetCookie().find((c) => c.startsWith('frolic_toast='));
  if (!raw) return null;
  const value = decodeURIComponent(raw.slice('frolic_toast='.length).split(';')[0] as string);
  return JSON.parse(Buffer.from(value.slice(0, value.lastIndexOf('.')), 'base64url').toString('utf8'));
}

/** A page's answer as a token of the legend. */
function pageToken(res: Response, url: string): string {
  if (res.status < 300 || res.status >= 400) return String(res.status);
  const to = res.headers.get('location') ?? '';
  const toast = toastOf(res);
  // React Router keeps `?index` out of the address it redirects back to.
  const back = encodeURIComponent(url.replace(/\?index$/, ''));
  const exact: Record<string, string> = {
    [`/admin-login?redirectTo=${back}`]: 'La',
    [`/partner-login?redirectTo=${back}`]: 'Lp',
    [`/auth/login?redirectTo=${back}`]: 'Lu',
    [`/auth/two-factor?redirectTo=${back}`]: 'Tf',
  };
  if (exact[to] && !toast) return exact[to];
  if (toast?.title === 'Access Denied') {
    if (toast.description === DENIED_ADMIN && to === '/auth/login') return 'Dau';
    if (toast.description === DENIED_ADMIN && to === '/partner-login') return 'Dap';
    if (toast.description === DENIED_PARTNER && to === '/auth/login') return 'Dpu';
    if (toast.description === DENIED_PARTNER && to === '/admin-login') return 'Dpa';
    if (toast.description === DENIED_PAGE && to === '/dashboard') return 'Dx';
  }
  if (toast?.title === 'Password Reset Required' && toast.description === 'Your password has expired. Please reset it now.') {
    if (to === '/auth/reset-password?type=admin') return 'Ra';
    if (to === '/auth/reset-password?type=partner') return 'Rp';
  }
  if (
    toast?.title === 'Two-factor authentication required' &&
    toast.description === 'Set up two-factor authentication to use the admin area.' &&
    to === '/account/two-factor?required=1'
  )
    return 'S2';
  return `>${to}`;
}

const REFUSALS = new Set(['La', 'Lp', 'Lu', 'Tf', 'Dau', 'Dap', 'Dpu', 'Dpa', 'Dx', 'Ra', 'Rp', 'S2']);
const API_CODES: Record<string, string> = { unauthenticated: '401', forbidden: '403', password_reset_required: 'pw', two_factor_required: 'tf' };

/** Pushes one live event (by its row's name); answers whether a socket's frame is it. */
async function liveEvent(name: string): Promise<(e: { type: string; id?: unknown; topic?: string; sessionId?: string }) => boolean> {
  const services = t.app.services;
  const notify = async (input: Parameters<typeof services.notifications.notify>[1]) => {
    const stored = await services.notifications.notify(t.db.database.db, input);
    await services.notifications.announce(stored);
    return (e: { type: string; id?: unknown }) => e.type === 'notification' && e.id === stored.id;
  };
  switch (name) {
    case 'notification:staff-wide':
      return notify({ kind: 'matrix', title: 'Matrix: staff-wide', permission: 'inquiries:manage' });
    case 'notification:organisation':
      return notify({ kind: 'matrix', title: 'Matrix: an organisation', permission: 'orders:manage', organisationId: ids.org });
    case 'changed:organisation': {
      const id = ++ip;
      await services.live.changed({
        topic: 'marketing_request',
        id,
        audiences: [{ permission: 'marketing:request', organisationId: ids.org }, { permission: 'marketing:requests' }],
      });
      return (e) => e.type === 'changed' && e.topic === 'marketing_request' && e.id === id;
    }
    case 'changed:payment': {
      const id = ++ip;
      await services.live.changed({
        topic: PAYMENT_TOPIC,
        id,
        audiences: [
          { permission: 'orders:manage', organisationId: ids.org },
          { permission: 'orders:manage', organisationId: ids.otherOrg },
        ],
      });
      return (e) => e.type === 'changed' && e.topic === PAYMENT_TOPIC && e.id === id;
    }
    case 'changed:shipment': {
      const id = ++ip;
      await services.live.changed({
        topic: 'shipment',
        id,
        audiences: [
          { permission: 'orders:manage', organisationId: ids.org },
          { permission: 'orders:manage', organisationId: ids.otherOrg },
        ],
      });
      return (e) => e.type === 'changed' && e.topic === 'shipment' && e.id === id;
    }
    case 'chat:conversation':
      await t.app.feed.publish(CHAT_TOPIC, { type: 'conversation', sessionId: ids.chat });
      return (e) => e.type === 'conversation' && e.sessionId === ids.chat;
  }
  throw new Error(`no live event ${name}`);
}

async function send(who: Who, row: string): Promise<Observed> {
  const [method, pattern, event] = row.split(' ') as [string, string, string | undefined];

  if (method === 'EV') {
    const ws = new WebSocket(t.url.replace('http', 'ws') + pattern, { headers: { cookie: cookies.get(who) as string, 'x-forwarded-for': nextIp() } });
    const frames: { type: string }[] = [];
    let answered: (() => void) | undefined;
    ws.on('message', (raw) => {
      const frame = JSON.parse(String(raw));
      if (frame.type === 'error') answered?.();
      else frames.push(frame);
    });
    const refused = await new Promise<string | null>((resolve) => {
      ws.once('open', () => resolve(null));
      ws.once('unexpected-response', (_req, res) => {
        res.resume();
        resolve(String(res.statusCode));
      });
      ws.once('error', (err) => resolve(`error ${err.message}`));
    });
    if (refused) return { token: refused, detail: `upgrade refused ${refused}` };
    try {
      const isIt = await liveEvent(event as string);
      // Every push under way handed to the sockets, then a round trip: frames arrive in order.
      await t.app.sockets.flush();
      await new Promise<void>((resolve) => {
        answered = resolve;
        ws.send('not json');
      });
      const got = frames.some(isIt);
      return { token: got ? 'got' : 'no', detail: frames.map((f) => f.type).join(',') || 'nothing' };
    } finally {
      ws.close();
    }
  }
  // Signing out ends the session it is sent with: that row gets a session of its own.
  const cookie = /logout$/.test(pattern) && who !== 'anonymous' ? await signIn(who) : (cookies.get(who) as string);
  const url = urlOf(method, pattern);
  const headers: Record<string, string> = { cookie, 'x-forwarded-for': nextIp() };

  if (method === 'WS') {
    return new Promise((resolve) => {
      const ws = new WebSocket(t.url.replace('http', 'ws') + url, { headers });
      ws.once('open', () => {
        ws.close();
        resolve({ token: 'ok', detail: 'open' });
      });
      ws.once('unexpected-response', (_req, res) => {
        res.resume();
        resolve({ token: String(res.statusCode), detail: `upgrade refused ${res.statusCode}` });
      });
      ws.once('error', (err) => resolve({ token: 'error', detail: err.message }));
    });
  }

  if (pattern.startsWith('/api/')) {
    if (pattern.startsWith('/api/chat/sessions/')) headers['x-chat-secret'] = ids.chatSecret as string;
    const body = method === 'GET' ? undefined : pattern === '/api/rpc/has_role' ? { role_name: 'admin' } : {};
    if (body) headers['content-type'] = 'application/json';
    const res = await fetch(t.url + url, { method, headers, body: body && JSON.stringify(body), redirect: 'manual' });
    const text = await res.text();
    let code: string | undefined;
    try {
      code = (JSON.parse(text) as { error?: { code?: string } }).error?.code;
    } catch {
      // Not JSON (a CSV, an empty 204): no error code.
    }
    const detail = `${res.status} ${code ?? ''}`.trim();
    if ((res.status === 401 || res.status === 403) && code && API_CODES[code]) return { token: API_CODES[code] as string, detail };
    if (res.status === 404 && code === 'not_found' && method === 'GET') return { token: '404', detail };
    if (method === 'GET' ? res.status < 300 || res.status === 304 : res.status !== 401 && res.status !== 403) return { token: 'ok', detail };
    return { token: String(res.status), detail };
  }

  const init: RequestInit = { method, headers, redirect: 'manual' };
  if (method === 'POST') init.body = new URLSearchParams({});
  const res = await fetch(t.url + url, init);
  await res.arrayBuffer();
  const token = pageToken(res, url);
  const detail = `${res.status} ${res.headers.get('location') ?? ''}`.trim();
  if (method === 'POST' && !REFUSALS.has(token) && token !== '404' && !token.startsWith('>')) return { token: 'ok', detail };
  return { token, detail };
}

/** Whether an observed answer is what the table says. */
function matches(expected: string, observed: Observed, method: string): boolean {
  if (expected === observed.token) return true;
  // A page action past its guards may answer with a redirect of its own (signing out goes home).
  return expected === 'ok' && method === 'POST' && observed.token.startsWith('>') && !REFUSALS.has(observed.token);
}

const ROWS = Object.entries(MATRIX).map(([row, line]) => {
  const expected = line.trim().split(/\s+/);
  return { row, expected };
});

beforeAll(async () => {
  t = await startTestServer({ TRUST_PROXY: 'true' });
  const db = t.db.database.db;
  for (const [who, a] of Object.entries(ACCOUNTS)) {
    const email = `${who}@matrix.example`;
    const { userId } = await t.app.services.users.createUser(
      { email, firstName: who, lastName: 'Matrix', roles: [a.role as 'admin'], password: PASSWORD, confirmed: true },
      SYSTEM_ACTOR,
    );
    if (who === 'customer') ids.user = userId;
    if (a.expired) await db.update(profiles).set({ requiresPasswordReset: true }).where(eq(profiles.id, userId));
    // The sign-in then stops at the second factor; the code is never typed.
    if (a.twoFactor) await db.update(users).set({ totpEnabledAt: new Date() }).where(eq(users.id, userId));
  }
  for (const who of WHO) cookies.set(who, await signIn(who));

  // Records for the rows with an id: the first seeded of each kind, or one made here.
  const master = cookies.get('master_admin') as string;
  const api = async (method: string, path: string, body?: unknown, extra: Record<string, string> = {}) => {
    const res = await fetch(t.url + path, {
      method,
      headers: { cookie: master, 'x-forwarded-for': nextIp(), ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...extra },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    expect(res.status, `${method} ${path}`).toBeLessThan(300);
    return res.json();
  };
  const first = async (path: string) => (await api('GET', path)).items[0];
  ids.product = String((await first('/api/admin/products')).id);
  ids.store = String((await first('/api/admin/stores')).id);
  // Published ones, so their public pages answer: a recipe by id, an event at its one address.
  const cocktail = await first('/api/cocktails');
  ids.cocktail = String(cocktail.id);
  ids.cocktailPage = String(cocktail.id);
  const event = await first('/api/events');
  ids.event = String(event.id);
  ids.eventPage = String(event.path).replace('/events/', '');
  const upload = async (name: string, type: string, bytes: Uint8Array<ArrayBuffer>) => {
    const form = new FormData();
    form.append('file', new Blob([bytes], { type }), name);
    const res = await fetch(`${t.url}/api/admin/media`, { method: 'POST', body: form, headers: { cookie: master } });
    expect(res.status, `upload ${name}`).toBe(201);
    return String((await res.json()).media.id);
  };
  ids.media = await upload(
    'matrix.png',
    'image/png',
    new Uint8Array(
      await sharp({ create: { width: 8, height: 8, channels: 3, background: '#2f5d50' } })
        .png()
        .toBuffer(),
    ),
  );
  const pdf = await upload('matrix.pdf', 'application/pdf', Uint8Array.from(Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n')));
  ids.collateral = String(
    (await api('POST', '/api/admin/collateral', { title: 'Matrix price list', kind: 'price_list', description: '', mediaId: pdf, audience: ['retailer'] })).id,
  );
  // A marketing request of an organisation none of the matrix's partners belongs to.
  const org = await createOrganisation(t, 'retailer');
  const [request] = await db
    .insert(marketingRequests)
    .values({ organisationId: org.id, kind: 'event_proposal', title: 'Matrix tasting', eventDate: '2099-01-01', venue: 'Matrix bar', expectedGuests: 10 })
    .returning({ id: marketingRequests.id });
  ids.request = String(request?.id);
  await api('POST', '/api/contact', {
    name: 'Matrix Visitor',
    email: 'visitor@matrix.example',
    subject: 'Feedback',
    message: 'A message for the authorization matrix.',
  });
  ids.inquiry = String((await first('/api/admin/inquiries')).id);
  ids.partner = (
    await api('POST', '/api/admin/partners', {
      type: 'importer',
      legalName: 'Matrix Imports Ltd',
      tradingName: 'Matrix Imports',
      licenceNumber: 'MATRIX-1',
      licenceJurisdiction: 'GB',
      licenceExpiresOn: new Date(Date.now() + 365 * 86_400_000).toISOString().slice(0, 10),
      addressLine1: '1 Matrix Row',
      city: 'London',
      country: 'GB',
      market: 'GB',
    })
  ).organisation.id;
  const chat = await api('POST', '/api/chat/sessions', {});
  ids.chat = chat.sessionId;
  ids.chatSecret = chat.secret;
  // An organisation for the live events (the matrix's partners are not its members).
  ids.org = (await createOrganisation(t, 'retailer')).id;
  ids.otherOrg = (await createOrganisation(t, 'distributor')).id;
  // A receipt's photo between two organisations the matrix's partners do not belong to.
  const stored = await t.app.services.attachments.store({
    buffer: await sharp({ create: { width: 4, height: 4, channels: 3, background: '#805030' } })
      .jpeg()
      .toBuffer(),
    originalName: 'matrix.jpg',
  });
  ids.commit = (await api('GET', '/api/admin/code/history')).commits[0].id;
  ids.attachment = (await t.app.services.attachments.record(db, stored, { ownerId: ids.org, counterpartId: ids.otherOrg }, SYSTEM_ACTOR)).id;
});
afterAll(async () => {
  await t?.close();
});

describe('the table', () => {
  it('has a row for every route of the app, and a route for every row', async () => {
    const api = listApiRoutes(t).map((r) => `${r.method} ${r.path}`);
    const pages = await listPages();
    const appRows = [
      ...api,
      ...pages.map((p) => `GET ${p.path}`),
      ...pages.filter((p) => p.action).map((p) => `POST ${p.path}`),
      'WS /ws/chat',
      'WS /ws/staff',
      'WS /ws/live',
      ...SOCKET_EVENTS.map((e) => `EV /ws/live ${e}`),
    ];
    expect(
      appRows.filter((r) => !(r in MATRIX)),
      'routes without a row: add one, its outcomes written out',
    ).toEqual([]);
    expect(
      Object.keys(MATRIX).filter((r) => !appRows.includes(r)),
      'rows of routes the app no longer has',
    ).toEqual([]);
    // Both areas are all there (as the first matrix counted them).
    const children = (area: string) => pages.filter((p) => p.path.startsWith(area) && p.path !== area).length;
    expect(children('/admin/dashboard')).toBeGreaterThanOrEqual(12);
    expect(children('/partner/dashboard')).toBeGreaterThanOrEqual(17);
  });

  it('gives every row one outcome per column', () => {
    for (const { row, expected } of ROWS) expect(expected.length, row).toBe(WHO.length);
  });
});

describe('every route as everyone', () => {
  for (const [col, who] of WHO.entries()) {
    it(`as ${who}`, async () => {
      const settings = await t.app.services.settings.get();
      // Two-factor enforced for employees: only this column runs with it on (it would refuse the employee columns).
      if (who === 'no2fa') await t.app.services.settings.update({ ...settings, requireTwoFactorForEmployees: true }, SYSTEM_ACTOR);
      try {
        const wrong: string[] = [];
        for (const { row, expected } of ROWS) {
          const want = expected[col] as string;
          const got = await send(who, row);
          if (!matches(want, got, row.split(' ')[0] as string)) wrong.push(`${row}: expected ${want}, got ${got.token} (${got.detail})`);
        }
        expect(wrong, `${who}`).toEqual([]);
      } finally {
        if (who === 'no2fa') await t.app.services.settings.update(settings, SYSTEM_ACTOR);
      }
    });
  }
});

describe('where the page and the API guards used to disagree', () => {
  it('a staff permission needs the admin area on the API as on the pages, whoever was granted it', async () => {
    // A master admin switching CMS Access on for the partner role gives partners nothing in the admin
    // area: the API used to let them in (it checked the permission alone), the pages never did.
    const db = t.db.database.db;
    await db.insert(rolePermissions).values({ role: 'partner', permission: 'cms:access' }).onConflictDoNothing();
    try {
      const cookie = await signIn('partner');
      const res = await fetch(`${t.url}/api/admin/products`, { headers: { cookie } });
      expect(res.status).toBe(403);
      expect((await res.json()).error).toMatchObject({ code: 'forbidden', details: { required: { permission: 'cms:access' } } });
      const page = await fetch(`${t.url}/admin/dashboard/products`, { headers: { cookie }, redirect: 'manual' });
      expect(pageToken(page, '/admin/dashboard/products')).toBe('Dap');
    } finally {
      await db.delete(rolePermissions).where(and(eq(rolePermissions.role, 'partner'), eq(rolePermissions.permission, 'cms:access')));
    }
  });
});

describe('the staff socket after the upgrade', () => {
  it('is closed (4403) when the decision refuses it: two-factor enforced for employees without it', async () => {
    const ws = new WebSocket(`${t.url.replace('http', 'ws')}/ws/staff`, { headers: { cookie: cookies.get('no2fa') as string } });
    const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
    await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
    const settings = await t.app.services.settings.get();
    const pinged = new Promise((resolve) => ws.once('ping', resolve));
    await t.app.sockets.tick();
    await pinged;
    // A round trip after the pong (frames are read in order): the socket is alive for the next tick.
    const answered = new Promise((resolve) => ws.once('message', resolve));
    ws.send('not json');
    await answered;
    expect(ws.readyState).toBe(WebSocket.OPEN);
    // The settings change asks every open socket again at once (no heartbeat needed).
    await t.app.services.settings.update({ ...settings, requireTwoFactorForEmployees: true }, SYSTEM_ACTOR);
    try {
      expect(await closed).toBe(4403);
    } finally {
      await t.app.services.settings.update(settings, SYSTEM_ACTOR);
    }
  });
});

describe('protected API routes', () => {
  it('lets only the master admin change the access-control settings, validated, after a step-up, naming the version read', async () => {
    const master = new Client(t.url);
    const admin = new Client(t.url);
    for (const [c, who] of [
      [master, 'master_admin'],
      [admin, 'admin'],
    ] as const)
      for (const pair of (cookies.get(who) as string).split('; ')) c.cookies.set(pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1));
    const current = await (await master.json('GET', '/api/admin/security-settings')).json();
    expect(current).toMatchObject({
      requireTwoFactorForStaff: false,
      requireTwoFactorForEmployees: false,
      passwordExpiryEnabled: true,
      passwordExpiryDays: 90,
      lockoutThreshold: 5,
      sessionTimeoutMinutes: 60,
      rememberDeviceDays: 30,
    });
    expect((await master.json('PUT', '/api/admin/security-settings', { ...current, sessionTimeoutMinutes: 45 })).status).toBe(400);
    const unconfirmed = await master.json('PUT', '/api/admin/security-settings', { ...current, sessionTimeoutMinutes: 120 });
    expect(unconfirmed.status).toBe(403);
    expect((await unconfirmed.json()).error.code).toBe('step_up_required');
    expect((await master.json('POST', '/api/auth/step-up', { password: PASSWORD })).status).toBe(200);
    const saved = await master.json('PUT', '/api/admin/security-settings', { ...current, sessionTimeoutMinutes: 120 });
    const body = await saved.json();
    expect(body).toMatchObject({ sessionTimeoutMinutes: 120, version: current.version + 1 });
    expect((await admin.json('PUT', '/api/admin/security-settings', current)).status).toBe(403);
    await master.json('PUT', '/api/admin/security-settings', { ...current, version: body.version });
  });
});
