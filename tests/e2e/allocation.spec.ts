// The issue's allocation journey (issue 15): an importer, on Assign to Distributors, allocates cases
// of one product to its distributor; the distributor, already on its dashboard in another browser,
// sees the stock arrive on its Stock card without reloading and its bell light; the importer's
// holdings drop; a retailer opening Assign to Distributors is told 'Access Denied'. Every person is
// checked after every step. It runs on a server of its own, prepared through the services (and the
// stock ledger, which no service opens to a journey's setup).
import { expect, type Browser, type Page, test } from '@playwright/test';
import { eq } from 'drizzle-orm';
import { DEMO_PASSWORD, TIME_SCALE } from '../../playwright.config';
import { products } from '../../server/db/schema';
import { SEED_PRODUCTS } from '../../server/seed/products';
import { passGate, seriousAxeIssues } from './fixtures';
import { type PrepareServices, startOwnServer } from './own-server';
import { createChain, createPeople, openingStock } from './trade-network';
import type { Db } from '../../server/db/client';

const IMPORTER_EMAIL = 'ada@albion-imports.example';
const DISTRIBUTOR_EMAIL = 'dan@thames-drinks.example';
const RETAILER_EMAIL = 'sam@corner-shop.example';
const GIN = SEED_PRODUCTS.find((p) => p.slug === 'frolic-london-dry-gin')!;
const HELD_CASES = 20;
const n = (v: number) => v.toLocaleString('en-GB');

/** Albion Imports (holding 20 cases of gin), its distributor Thames Drinks, a retailer of that distributor, one member each. */
async function prepare(services: PrepareServices, db: Db) {
  const { importer, distributor, retailer } = await createChain(
    services.partners,
    { addressLine1: '12 Market Row', city: 'London', postalCode: 'SW9 8LD' },
    {
      importer: { name: 'Albion Imports', licence: 'E2E-ALLOC-IMP' },
      distributor: { name: 'Thames Drinks', licence: 'E2E-ALLOC-DIS' },
      retailer: { name: 'Corner Shop Wines', licence: 'E2E-ALLOC-RET' },
    },
  );
  await createPeople(services.users, [
    { email: IMPORTER_EMAIL, firstName: 'Ada', lastName: 'Partner', roles: ['importer'], organisationId: importer.id },
    { email: DISTRIBUTOR_EMAIL, firstName: 'Dan', lastName: 'Partner', roles: ['distributor'], organisationId: distributor.id },
    { email: RETAILER_EMAIL, firstName: 'Sam', lastName: 'Partner', roles: ['retailer'], organisationId: retailer.id },
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

test('an importer allocates cases to its distributor, who sees them arrive live; a retailer is denied the page', async ({ browser }) => {
  test.setTimeout(120_000 * TIME_SCALE);
  const own = await startOwnServer(Number(process.env.E2E_PORT ?? 3210) + 200 + test.info().workerIndex, { prepare });
  const pages: Page[] = [];
  try {
    // The distributor opens its dashboard first, so the stock must arrive live.
    const distributor = await signIn(browser, own.url, DISTRIBUTOR_EMAIL, /\/partner\/dashboard\/distributor$/);
    pages.push(distributor);
    const stockCard = distributor.getByTestId('stock-card');
    await expect(stockCard.getByRole('heading', { name: 'Stock' })).toBeVisible();
    await expect(stockCard.getByText('You hold no stock yet.')).toBeVisible();
    await expect(distributor.getByTestId('stock-on-hand')).toHaveText('0');
    await expect(distributor.getByTestId('bell-dot')).toHaveCount(0);
    expect(await seriousAxeIssues(distributor)).toEqual([]);

    // The importer finds Assign to Distributors in its sidebar: its 20 cases and its one distributor.
    const importer = await signIn(browser, own.url, IMPORTER_EMAIL, /\/partner\/dashboard$/);
    pages.push(importer);
    await expect(importer.getByTestId('stock-on-hand')).toHaveText(n(HELD_CASES * GIN.caseSize));
    await importer.getByRole('navigation', { name: 'Partner' }).getByRole('link', { name: 'Assign to Distributors' }).click();
    await expect(importer.getByRole('heading', { level: 1, name: 'Assign to Distributors' })).toBeVisible();
    const available = importer.getByRole('row', { name: new RegExp(GIN.name) }).getByTestId(/^available-/);
    await expect(available).toHaveText(`${HELD_CASES} cases (${n(HELD_CASES * GIN.caseSize)} bottles)`);
    await expect(importer.getByLabel('Distributor').getByRole('option')).toHaveText(['Choose a distributor', 'Thames Drinks']);
    await expect(importer.getByText('None yet.')).toBeVisible();
    expect(await seriousAxeIssues(importer)).toEqual([]);
    // Nothing has moved for the distributor.
    await expect(distributor.getByTestId('stock-on-hand')).toHaveText('0');

    // A retailer is not an importer: the page is denied and it lands on its own dashboard.
    const retailer = await signIn(browser, own.url, RETAILER_EMAIL, /\/partner\/dashboard\/retailer$/);
    pages.push(retailer);
    await retailer.goto(`${own.url}/partner/dashboard/distribution/assign`);
    await expect(retailer.getByRole('alert').filter({ hasText: 'Access Denied' })).toBeVisible();
    await expect(retailer).toHaveURL(/\/partner\/dashboard\/retailer$/);
    await expect(retailer.getByRole('heading', { name: 'Assign to Distributors' })).toHaveCount(0);
    await expect(retailer.getByTestId('stock-card')).toHaveCount(0);
    expect(await seriousAxeIssues(retailer)).toEqual([]);
    // The others are where they were.
    await expect(available).toHaveText(`${HELD_CASES} cases (${n(HELD_CASES * GIN.caseSize)} bottles)`);
    await expect(distributor.getByTestId('stock-on-hand')).toHaveText('0');

    // The importer allocates 5 cases of gin to Thames Drinks.
    await importer.getByLabel('Distributor').selectOption({ label: 'Thames Drinks' });
    await importer.getByLabel(`Cases of ${GIN.name} (${GIN.caseSize} bottles each)`).fill('5');
    await importer.getByLabel('Note').fill('For the spring list');
    await importer.getByRole('button', { name: 'Allocate' }).click();
    await expect(importer.getByText('5 cases went to Thames Drinks.')).toBeVisible();
    // Its holdings drop, and the allocation is listed.
    await expect(available).toHaveText(`${HELD_CASES - 5} cases (${n((HELD_CASES - 5) * GIN.caseSize)} bottles)`);
    await expect(importer.getByTestId('allocations-made')).toContainText(`Thames Drinks`);
    await expect(importer.getByTestId('allocations-made')).toContainText(`5 × ${GIN.name} — For the spring list`);
    expect(await seriousAxeIssues(importer)).toEqual([]);

    // The distributor, without reloading: the stock is on its card and its bell is lit.
    await expect(distributor.getByTestId('stock-on-hand')).toHaveText(n(5 * GIN.caseSize));
    await expect(stockCard.getByRole('row', { name: new RegExp(GIN.name) })).toContainText(`${n(5 * GIN.caseSize)} (5 cases)`);
    await expect(distributor.getByTestId('allocations-received')).toContainText(`From Albion Imports: 5 × ${GIN.name} — For the spring list`);
    await expect(distributor.getByTestId('bell-dot')).toBeVisible();
    await expect(distributor.getByRole('link', { name: /^Notifications/ })).toHaveAccessibleName('Notifications: 1 unread');
    expect(await seriousAxeIssues(distributor)).toEqual([]);

    // The importer's dashboard agrees; the retailer heard nothing and holds nothing.
    await importer.goto(`${own.url}/partner/dashboard`);
    await expect(importer.getByTestId('stock-on-hand')).toHaveText(n((HELD_CASES - 5) * GIN.caseSize));
    await expect(importer.getByTestId('bell-dot')).toHaveCount(0);
    await expect(retailer.getByTestId('bell-dot')).toHaveCount(0);
    await expect(retailer.getByTestId('stock-card')).toHaveCount(0);
  } finally {
    for (const p of pages) await p.context().close();
    await own.stopAndOpenDatabase().then((d) => d.close());
  }
});
