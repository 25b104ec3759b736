// A retailer in the trade network (issue 14, part 1): a member of Harbour Wines signs in and lands
// on its own dashboard with its organisation and terms; searches the catalogue from the header
// (suggestions as it types, results on Enter); opens a product and reads its retailer price; opens
// a distributor's page and is told 'Access Denied' and sent back; and sees its bell light up live
// when its organisation is notified — never for another organisation's notification. The server
// runs in this worker, so the journey creates the organisations and the notifications through its
// services while the retailer watches.
import { expect, test, type WebSocket } from '@playwright/test';
import { eq } from 'drizzle-orm';
import { products } from '../../server/db/schema';
import type { Organisation } from '../../server/modules/partners/service';
import { SEED_PRODUCTS, SEED_TRADE_SHARE } from '../../server/seed/products';
import { formatPrice } from '../../shared/markets';
import { passGate, seriousAxeIssues } from './fixtures';
import { type InProcessServer, startOwnServerInProcess } from './in-process-server';
import { createOrganisation, createPeople, openingStock } from './trade-network';
import { TIME_SCALE } from '../../playwright.config';

test.describe.configure({ mode: 'serial', timeout: 90_000 * TIME_SCALE });

const PASSWORD = 'Harbour-wines-password-2026';
const EMAIL = 'rita@harbour-wines.example';
let server: InProcessServer;
let harbour: Organisation;
let other: Organisation;

let licence = 0;
function organisation(type: 'importer' | 'distributor' | 'retailer', tradingName: string, supplierId: string | null): Promise<Organisation> {
  return createOrganisation(
    server.services.partners,
    { addressLine1: '1 Quay Street', city: 'Bristol', postalCode: 'BS1 4DJ' },
    type,
    { name: tradingName, licence: `E2E-${process.pid}-${++licence}` },
    supplierId,
  );
}

test.beforeAll(async () => {
  test.setTimeout(90_000 * TIME_SCALE);
  server = await startOwnServerInProcess(Number(process.env.E2E_PORT ?? 3210) + 300 + test.info().workerIndex);
  const importer = await organisation('importer', 'Channel Imports', null);
  const distributor = await organisation('distributor', 'Westway Distribution', importer.id);
  harbour = await organisation('retailer', 'Harbour Wines', distributor.id);
  // The retailer's catalogue shows its distributor's stock: 10 cases of the gin (and a loose bottle).
  const [gin] = await server.database.db.select({ id: products.id }).from(products).where(eq(products.slug, 'frolic-london-dry-gin'));
  await openingStock(server.database.db, distributor.id, gin!.id, 61, { cause: 'opening', reason: null });
  other = await organisation('retailer', 'Corner Cellar', distributor.id);
  await createPeople(
    server.services.users,
    [{ email: EMAIL, firstName: 'Rita', lastName: 'Harbour', roles: ['retailer'], organisationId: harbour.id }],
    PASSWORD,
  );
});

test.afterAll(async () => {
  await server?.close();
});

/** What a capability does when it tells an organisation something: store the entry, announce it. */
async function notify(org: Organisation, title: string): Promise<number> {
  const stored = await server.services.notifications.notify(server.database.db, {
    kind: 'test',
    title,
    permission: 'marketing:request',
    organisationId: org.id,
  });
  await server.services.notifications.announce(stored);
  return stored.id;
}

test('a retailer signs in to its dashboard, searches the catalogue, reads its price, is refused a distributor page and sees its bell light up live', async ({
  page,
}) => {
  // What the browser's live sockets receive, to say which notifications reached it.
  const pushed: { type: string; id?: number }[] = [];
  let liveSockets = 0;
  page.on('websocket', (ws: WebSocket) => {
    if (!ws.url().endsWith('/ws/live')) return;
    liveSockets += 1;
    ws.on('framereceived', (frame) => {
      if (typeof frame.payload === 'string') pushed.push(JSON.parse(frame.payload));
    });
  });

  await page.goto(`${server.url}/partner-login`);
  await passGate(page);
  await page.getByLabel('Email address').fill(EMAIL);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();

  // Its own dashboard: the organisation, its supplier and terms; the header names it.
  await expect(page).toHaveURL(/\/partner\/dashboard\/retailer$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Rita' })).toBeVisible();
  await expect(page.getByTestId('partner-role-label')).toHaveText('Retailer');
  await expect(page.getByTestId('partner-organisation')).toHaveText('Harbour Wines');
  const card = page.getByTestId('organisation-card');
  await expect(card.getByRole('heading', { name: 'Harbour Wines' })).toBeVisible();
  await expect(card).toContainText('Westway Distribution');
  await expect(card).toContainText('30 days');
  await expect(card).toContainText('£40,000.00');
  await expect(page.getByTestId('standing-banner')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Notifications', exact: true })).toBeVisible();
  expect(await seriousAxeIssues(page)).toEqual([]);

  // Search as you type: suggestions under the box, chosen with the keyboard.
  const search = page.getByRole('combobox', { name: 'Search products' });
  await search.fill('grapefr');
  const suggestions = page.getByRole('listbox', { name: /suggestions/ });
  await expect(suggestions.getByRole('option', { name: /Frolic Pink Grapefruit Gin/ })).toBeVisible();
  await expect(search).toHaveAttribute('aria-expanded', 'true');
  await search.press('ArrowDown');
  await expect(suggestions.getByRole('option', { name: /Frolic Pink Grapefruit Gin/ })).toHaveAttribute('aria-selected', 'true');
  await search.press('Enter');
  await expect(page).toHaveURL(/\/partner\/dashboard\/products\/frolic-pink-grapefruit-gin$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Frolic Pink Grapefruit Gin' })).toBeVisible();

  // Enter without a suggestion chosen: the results page.
  await search.fill('london dry');
  await search.press('Enter');
  await expect(page).toHaveURL(/\/partner\/dashboard\/products\?q=london\+dry$/);
  await expect(page.getByRole('heading', { level: 1, name: 'View Products' })).toBeVisible();
  const results = page.getByRole('table', { name: 'Products' });
  await expect(results.getByRole('link', { name: 'Frolic London Dry Gin' })).toBeVisible();
  await expect(results.getByRole('link', { name: 'Frolic Pink Grapefruit Gin' })).toHaveCount(0);
  // Its SKU, what the retailer's own system orders by.
  const [{ sku }] = (await server.database.db.select({ sku: products.sku }).from(products).where(eq(products.slug, 'frolic-london-dry-gin'))) as [
    { sku: string },
  ];
  await expect(results.getByRole('row').filter({ hasText: 'Frolic London Dry Gin' })).toContainText(sku);
  await expect(search).toHaveValue('london dry');
  expect(await seriousAxeIssues(page)).toEqual([]);

  // The product page: the retailer price in pounds, per bottle and per case of its case size.
  const gin = SEED_PRODUCTS.find((p) => p.slug === 'frolic-london-dry-gin')!;
  const bottle = Math.round(gin.prices.GB * SEED_TRADE_SHARE.retailer);
  await results.getByRole('link', { name: 'Frolic London Dry Gin' }).click();
  await expect(page).toHaveURL(/\/partner\/dashboard\/products\/frolic-london-dry-gin$/);
  const price = page.getByTestId('trade-price');
  await expect(price).toContainText(`${formatPrice(bottle, 'GBP')} a bottle`);
  await expect(price).toContainText(`${formatPrice(bottle * gin.caseSize, 'GBP')} a case of ${gin.caseSize}`);
  await expect(page.getByRole('heading', { name: 'Tasting notes' })).toBeVisible();
  await expect(page.getByText(`SKU ${sku} ·`)).toBeVisible();
  // Its distributor's figure, not the brand warehouse's.
  await expect(page.getByTestId('availability')).toHaveText('10 cases (+1 bottle) available');
  await expect(page.getByTestId('own-stock')).toHaveCount(0);
  await expect(page.getByTestId('pricing-note')).toContainText('Retailer trade prices for United Kingdom in GBP');
  expect(await seriousAxeIssues(page)).toEqual([]);

  // A distributor's page: 'Access Denied', and back on its own dashboard.
  const socketsBefore = liveSockets;
  await page.goto(`${server.url}/partner/dashboard/distributor/orders/approve`);
  await expect(page.getByRole('alert').filter({ hasText: 'Access Denied' })).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: "You don't have permission to access this page." })).toBeVisible();
  await expect(page).toHaveURL(/\/partner\/dashboard\/retailer$/);

  // The bell: another organisation's notification reaches neither the socket nor the bell; its own
  // lights the bell without a reload.
  const bell = page.getByRole('link', { name: /^Notifications/ });
  await expect(bell).toHaveAccessibleName('Notifications');
  // The reloaded page's live socket is open (the last page's is gone) before anything is announced.
  await expect.poll(() => liveSockets, { message: 'the page opened its live socket' }).toBe(socketsBefore + 1);
  await expect.poll(() => server.app.sockets.counts().staff, { message: 'the server holds one live socket' }).toBe(1);
  const theirs = await notify(other, 'Corner Cellar: your request was approved');
  const ours = await notify(harbour, 'Harbour Wines: your event request was approved');
  await expect(bell).toHaveAccessibleName('Notifications: 1 unread');
  await expect(page.getByTestId('bell-dot')).toBeVisible();
  // Frames arrive in order: had the other organisation's been sent, it would be here before ours.
  expect(pushed.filter((e) => e.type === 'notification').map((e) => e.id)).toEqual([ours]);
  expect(pushed.some((e) => e.id === theirs)).toBe(false);

  // The dashboard's latest notifications refreshed with it; the top bar's list has it too.
  const latest = page.getByRole('region', { name: 'Latest notifications' });
  await expect(latest.getByRole('button', { name: 'Harbour Wines: your event request was approved' })).toBeVisible();
  await page.getByRole('banner').getByLabel('Latest notifications').click();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Harbour Wines: your event request was approved' })).toBeVisible();
  await expect(page.getByText('Corner Cellar: your request was approved')).toHaveCount(0);
  await bell.click();
  await expect(page).toHaveURL(/\/partner\/dashboard\/notifications$/);
  await expect(page.getByRole('list', { name: 'Notifications' }).getByRole('listitem')).toHaveCount(1);
  await page.getByRole('button', { name: 'Mark all as read' }).click();
  await expect(bell).toHaveAccessibleName('Notifications');
});
