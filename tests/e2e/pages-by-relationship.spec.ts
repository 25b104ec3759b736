// Pages by relationship (issue 43, product.md §3): an importer finds its supplier pages (selling to
// its distributors) and its buyer pages (buying from Frolic) in its sidebar and opens each; a
// distributor opens Place Order and sees its importer's products with what the importer holds; a
// retailer opening a supplier page is told 'Access Denied'. Every page is checked again on a phone
// (390 px): nothing scrolls sideways. It runs on a server of its own, prepared through the services
// (and the stock ledger, which no service opens to a journey's setup).
import { expect, type Browser, type Page, test } from '@playwright/test';
import { eq } from 'drizzle-orm';
import { DEMO_PASSWORD, TIME_SCALE } from '../../playwright.config';
import { products } from '../../server/db/schema';
import { SEED_PRODUCTS } from '../../server/seed/products';
import { passGate, seriousAxeIssues } from './fixtures';
import { type PrepareServices, startOwnServer } from './own-server';
import { createChain, createPeople, openingStock } from './trade-network';
import type { Db } from '../../server/db/client';

const IMPORTER_EMAIL = 'iris@harbour-imports.example';
const DISTRIBUTOR_EMAIL = 'dev@weald-drinks.example';
const RETAILER_EMAIL = 'rae@high-street-wines.example';
const GIN = SEED_PRODUCTS.find((p) => p.slug === 'frolic-london-dry-gin')!;
const HELD_CASES = 8;
const PHONE = { width: 390, height: 844 };

/** Harbour Imports (holding 8 cases of gin), its distributor Weald Drinks, a retailer of that distributor, one member each. */
async function prepare(services: PrepareServices, db: Db) {
  const { importer, distributor, retailer } = await createChain(
    services.partners,
    { addressLine1: '3 Quay Street', city: 'Bristol', postalCode: 'BS1 4DB' },
    {
      importer: { name: 'Harbour Imports', licence: 'E2E-REL-IMP' },
      distributor: { name: 'Weald Drinks', licence: 'E2E-REL-DIS' },
      retailer: { name: 'High Street Wines', licence: 'E2E-REL-RET' },
    },
  );
  await createPeople(services.users, [
    { email: IMPORTER_EMAIL, firstName: 'Iris', lastName: 'Partner', roles: ['importer'], organisationId: importer.id },
    { email: DISTRIBUTOR_EMAIL, firstName: 'Dev', lastName: 'Partner', roles: ['distributor'], organisationId: distributor.id },
    { email: RETAILER_EMAIL, firstName: 'Rae', lastName: 'Partner', roles: ['retailer'], organisationId: retailer.id },
  ]);
  const [gin] = await db.select({ id: products.id }).from(products).where(eq(products.slug, GIN.slug));
  await openingStock(db, importer.id, gin!.id, HELD_CASES * GIN.caseSize, { cause: 'delivery' });
}

async function signIn(browser: Browser, base: string, email: string, landing: RegExp): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto(`${base}/partner-login`);
  await passGate(page);
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(landing);
  return page;
}

/** How far the page reaches past the screen's right edge (0: nothing scrolls sideways). */
const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** Opens each URL on a phone: the heading shows and nothing scrolls sideways. */
async function onPhone(page: Page, visits: { url: string; heading: string }[]) {
  await page.setViewportSize(PHONE);
  for (const v of visits) {
    await page.goto(v.url);
    await expect(page.getByRole('heading', { level: 1, name: v.heading })).toBeVisible();
    expect(await overflow(page), `${v.url} on a phone`).toBeLessThanOrEqual(0);
  }
}

test('an importer opens its supplier and buyer pages from its sidebar; a distributor orders from its importer; on a phone too', async ({ browser }) => {
  test.setTimeout(180_000 * TIME_SCALE);
  const own = await startOwnServer(Number(process.env.E2E_PORT ?? 3210) + 230 + test.info().workerIndex, { prepare });
  const pages: Page[] = [];
  try {
    // The importer: what it sells to its distributors, and what it buys from Frolic.
    const importer = await signIn(browser, own.url, IMPORTER_EMAIL, /\/partner\/dashboard$/);
    pages.push(importer);
    const nav = importer.getByRole('navigation', { name: 'Partner' });
    await expect(nav.getByText('Selling to distributors')).toBeVisible();
    await expect(nav.getByText('Buying from Frolic')).toBeVisible();
    const visits = [
      { link: 'Approve Orders', heading: 'Approve Orders', path: '/partner/dashboard/supplier/orders/approve', says: 'Your distributors' },
      { link: 'Generate Invoice', heading: 'Generate Invoice', path: '/partner/dashboard/supplier/invoices/generate', says: 'Invoice one distributor' },
      { link: 'Issued Invoices', heading: 'Invoices', path: '/partner/dashboard/supplier/invoices', says: 'issued to your distributors' },
      { link: 'Shipments', heading: 'Shipments', path: '/partner/dashboard/supplier/shipments', says: 'Ship your distributors' },
      { link: 'Order History', heading: 'Order History', path: '/partner/dashboard/orders/history', says: 'Your orders to Frolic' },
      { link: 'Received Invoices', heading: 'Received Invoices', path: '/partner/dashboard/buyer/invoices', says: 'from Frolic' },
      { link: 'Receipts', heading: 'Receipts', path: '/partner/dashboard/buyer/receipts', says: 'Confirm each delivery from Frolic' },
      { link: 'Payments', heading: 'Payments', path: '/partner/dashboard/payments', says: 'What your distributors owe you' },
    ];
    for (const v of visits) {
      await nav.getByRole('link', { name: v.link, exact: true }).click();
      await expect(importer).toHaveURL(new RegExp(`${v.path.replace(/\//g, '\\/')}(\\?.*)?$`));
      await expect(importer.getByRole('heading', { level: 1, name: v.heading })).toBeVisible();
      await expect(importer.getByText(v.says).first()).toBeVisible();
    }
    // Shipments → New shipment stays under supplier/, choosing among its distributors.
    await nav.getByRole('link', { name: 'Shipments', exact: true }).click();
    await importer.getByRole('link', { name: 'New shipment' }).click();
    await expect(importer).toHaveURL(/\/partner\/dashboard\/supplier\/shipments\/new$/);
    await expect(importer.getByLabel('Distributor')).toBeVisible();
    // Payments: both sides, switched by tabs.
    await nav.getByRole('link', { name: 'Payments', exact: true }).click();
    const sides = importer.getByRole('navigation', { name: 'Paying or receiving' });
    await expect(sides.getByRole('link', { name: 'Receiving' })).toHaveAttribute('aria-current', 'page');
    await expect(importer.getByRole('heading', { name: 'What you are owed' })).toBeVisible();
    await sides.getByRole('link', { name: 'Paying' }).click();
    await expect(sides.getByRole('link', { name: 'Paying' })).toHaveAttribute('aria-current', 'page');
    await expect(importer.getByRole('heading', { name: 'What you owe' })).toBeVisible();
    expect(await seriousAxeIssues(importer)).toEqual([]);

    // The distributor orders from its importer: the importer's products with what it holds.
    const distributor = await signIn(browser, own.url, DISTRIBUTOR_EMAIL, /\/partner\/dashboard\/distributor$/);
    pages.push(distributor);
    const dnav = distributor.getByRole('navigation', { name: 'Partner' });
    await expect(dnav.getByText('Selling to retailers')).toBeVisible();
    await expect(dnav.getByText('Buying from your importer')).toBeVisible();
    await dnav.getByRole('link', { name: 'Place Order', exact: true }).click();
    await expect(distributor).toHaveURL(/\/partner\/dashboard\/orders\/place$/);
    await expect(distributor.getByRole('heading', { level: 1, name: 'Place Order' })).toBeVisible();
    await expect(distributor.getByText('Ordering from your importer.')).toBeVisible();
    const gin = distributor.getByTestId('order-product').filter({ hasText: GIN.name });
    await expect(gin.getByTestId('order-available')).toHaveText(`${HELD_CASES} cases`);
    expect(await seriousAxeIssues(distributor)).toEqual([]);

    // A retailer has no supplier pages.
    const retailer = await signIn(browser, own.url, RETAILER_EMAIL, /\/partner\/dashboard\/retailer$/);
    pages.push(retailer);
    await expect(retailer.getByRole('navigation', { name: 'Partner' }).getByText('Buying from your distributor')).toBeVisible();
    await retailer.goto(`${own.url}/partner/dashboard/supplier/shipments`);
    await expect(retailer.getByRole('alert').filter({ hasText: 'Access Denied' })).toBeVisible();
    await expect(retailer).toHaveURL(/\/partner\/dashboard\/retailer$/);

    // The same pages on a phone.
    await onPhone(importer, [
      ...visits.map((v) => ({ url: `${own.url}${v.path}`, heading: v.heading })),
      { url: `${own.url}/partner/dashboard/supplier/shipments/new`, heading: 'New shipment' },
      { url: `${own.url}/partner/dashboard/payments?side=paying`, heading: 'Payments' },
    ]);
    await onPhone(distributor, [{ url: `${own.url}/partner/dashboard/orders/place`, heading: 'Place Order' }]);
  } finally {
    for (const p of pages) await p.context().close();
    await own.stopAndOpenDatabase().then((d) => d.close());
  }
});
