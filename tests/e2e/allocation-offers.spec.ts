// Allocation offers (issue 43): an importer, on Assign to Distributors, offers cases of gin to its
// distributor — the cases are reserved at once; the distributor, told by its bell, opens the offer
// and accepts it (an approved order); the importer sees it approved and its stock still reserved.
// A second offer the distributor declines: the importer sees it declined and the cases available
// again. Both people are checked after every step. It runs on a server of its own, prepared through
// the services (and the stock ledger, which no service opens to a journey's setup).
import { expect, type Page, test } from '@playwright/test';
import { eq } from 'drizzle-orm';
import { TIME_SCALE } from '../../playwright.config';
import { products } from '../../server/db/schema';
import { SEED_PRODUCTS } from '../../server/seed/products';
import type { Db } from '../../server/db/client';
import { seriousAxeIssues, signInPartner } from './fixtures';
import { type PrepareServices, startOwnServer } from './own-server';
import { createChain, createPeople, openingStock } from './trade-network';

const IMPORTER_EMAIL = 'ada@albion-imports.example';
const DISTRIBUTOR_EMAIL = 'dan@thames-drinks.example';
const GIN = SEED_PRODUCTS.find((p) => p.slug === 'frolic-london-dry-gin')!;
const HELD_CASES = 20;
const n = (v: number) => v.toLocaleString('en-GB');
const casesText = (cases: number) => `${cases} ${cases === 1 ? 'case' : 'cases'} (${n(cases * GIN.caseSize)} bottles)`;

/** Albion Imports (holding 20 cases of gin) and its distributor Thames Drinks, one member each. */
async function prepare(services: PrepareServices, db: Db) {
  const { importer, distributor } = await createChain(
    services.partners,
    { addressLine1: '12 Market Row', city: 'London', postalCode: 'SW9 8LD' },
    {
      importer: { name: 'Albion Imports', licence: 'E2E-OFFER-IMP' },
      distributor: { name: 'Thames Drinks', licence: 'E2E-OFFER-DIS' },
      retailer: { name: 'Corner Shop Wines', licence: 'E2E-OFFER-RET' },
    },
  );
  await createPeople(services.users, [
    { email: IMPORTER_EMAIL, firstName: 'Ada', lastName: 'Partner', roles: ['importer'], organisationId: importer.id },
    { email: DISTRIBUTOR_EMAIL, firstName: 'Dan', lastName: 'Partner', roles: ['distributor'], organisationId: distributor.id },
  ]);
  const [gin] = await db.select({ id: products.id }).from(products).where(eq(products.slug, GIN.slug));
  await openingStock(db, importer.id, gin!.id, HELD_CASES * GIN.caseSize, { cause: 'delivery' });
}

/** The importer offers `cases` of gin to Thames Drinks from Assign to Distributors; answers the offer's page path. */
async function offer(importer: Page, cases: number, note: string): Promise<{ path: string; number: string }> {
  await importer.getByLabel('Distributor').selectOption({ label: 'Thames Drinks' });
  await importer.getByLabel(`Cases of ${GIN.name} (${GIN.caseSize} bottles each)`).fill(String(cases));
  await importer.getByLabel('Note').fill(note);
  await importer.getByRole('button', { name: 'Offer to distributor' }).click();
  await expect(importer.getByText('Offer sent', { exact: true })).toBeVisible();
  const row = importer.getByTestId('offer').first();
  await expect(row).toContainText(`${cases} × ${GIN.name}`);
  const link = row.getByRole('link');
  return { path: (await link.getAttribute('href'))!, number: (await link.textContent())! };
}

test('an importer offers stock to its distributor, who accepts one offer and declines another; both see where each stands', async ({ browser }) => {
  test.setTimeout(150_000 * TIME_SCALE);
  const own = await startOwnServer(Number(process.env.E2E_PORT ?? 3210) + 200 + test.info().workerIndex, { prepare });
  const pages: Page[] = [];
  try {
    const distributor = await (await browser.newContext()).newPage();
    pages.push(distributor);
    await signInPartner(distributor, own.url, DISTRIBUTOR_EMAIL);
    await expect(distributor).toHaveURL(/\/partner\/dashboard\/distributor$/);
    await expect(distributor.getByTestId('stock-on-hand')).toHaveText('0');

    // The importer opens Assign to Distributors: its 20 cases, nothing reserved, no offers yet.
    const importer = await (await browser.newContext()).newPage();
    pages.push(importer);
    await signInPartner(importer, own.url, IMPORTER_EMAIL);
    await importer.goto(`${own.url}/partner/dashboard/distribution/assign`);
    await expect(importer.getByRole('heading', { level: 1, name: 'Assign to Distributors' })).toBeVisible();
    const ginRow = importer.getByRole('row', { name: new RegExp(GIN.name) });
    const available = ginRow.getByTestId(/^available-/);
    const reserved = ginRow.getByTestId(/^reserved-/);
    await expect(available).toHaveText(casesText(HELD_CASES));
    await expect(reserved).toHaveText('0 bottles');
    await expect(importer.getByRole('region', { name: 'Your offers' }).getByText('None yet.')).toBeVisible();
    await expect(importer.getByRole('heading', { name: 'Past allocations' })).toBeVisible();
    expect(await seriousAxeIssues(importer)).toEqual([]);

    // 1. It offers 5 cases: reserved at once, listed as Offered with a Withdraw button.
    const first = await offer(importer, 5, 'For the spring list');
    await expect(available).toHaveText(casesText(HELD_CASES - 5));
    await expect(reserved).toHaveText(`${n(5 * GIN.caseSize)} bottles`);
    const firstRow = importer.getByTestId('offer').filter({ hasText: first.number });
    await expect(firstRow.getByTestId('offer-status')).toHaveText('Offered');
    await expect(firstRow.getByRole('button', { name: `Withdraw offer ${first.number}` })).toBeVisible();
    expect(await seriousAxeIssues(importer)).toEqual([]);

    // The distributor's bell says so (live); its stock has not moved: the cases come by shipment.
    await expect(distributor.getByTestId('bell-dot')).toBeVisible();
    await expect(distributor.getByTestId('stock-on-hand')).toHaveText('0');
    await distributor.goto(`${own.url}/partner/dashboard/notifications`);
    const entry = distributor.getByRole('main').getByRole('button', { name: `Albion Imports offered you 5 cases (order ${first.number})` });
    await expect(entry).toBeVisible();

    // It opens the offer from its bell entry: Offered, its lines, Accept and Decline; it accepts.
    await entry.click();
    await expect(distributor).toHaveURL(`${own.url}${first.path}`);
    await expect(distributor.getByRole('heading', { level: 1, name: `Order ${first.number}` })).toBeVisible();
    await expect(distributor.getByTestId('order-status').first()).toHaveText('Offered');
    await expect(distributor.getByTestId('order-seller')).toHaveText('Albion Imports');
    await expect(distributor.getByTestId('order-line')).toContainText(GIN.name);
    await expect(distributor.getByRole('button', { name: 'Decline offer' })).toBeVisible();
    await expect(distributor.getByRole('button', { name: 'Approve order' })).toHaveCount(0);
    expect(await seriousAxeIssues(distributor)).toEqual([]);
    await distributor.getByRole('button', { name: 'Accept offer' }).click();
    await expect(distributor.getByText('Offer accepted', { exact: true })).toBeVisible();
    await expect(distributor.getByTestId('order-status').first()).toHaveText('Approved');
    await expect(distributor.getByRole('button', { name: 'Accept offer' })).toHaveCount(0);

    // The importer: the offer is approved (an order to invoice and ship now), its 5 cases still reserved.
    await importer.reload();
    await expect(firstRow.getByTestId('offer-status')).toHaveText('Approved');
    await expect(firstRow.getByRole('button', { name: /^Withdraw/ })).toHaveCount(0);
    await expect(available).toHaveText(casesText(HELD_CASES - 5));
    await expect(reserved).toHaveText(`${n(5 * GIN.caseSize)} bottles`);

    // 2. A second offer of 3 cases, which the distributor declines with a reason.
    const second = await offer(importer, 3, 'Extra for the weekend');
    await expect(available).toHaveText(casesText(HELD_CASES - 8));
    await expect(reserved).toHaveText(`${n(8 * GIN.caseSize)} bottles`);
    await distributor.goto(`${own.url}${second.path}`);
    await expect(distributor.getByTestId('order-status').first()).toHaveText('Offered');
    await distributor.getByLabel('Why you decline it').fill('No room this month');
    await distributor.getByRole('button', { name: 'Decline offer' }).click();
    await expect(distributor.getByText('Offer declined', { exact: true })).toBeVisible();
    await expect(distributor.getByTestId('order-status').first()).toHaveText('Declined');
    await expect(distributor.getByTestId('order-decision-reason')).toHaveText('No room this month');

    // The importer: declined, and the 3 cases are available again (the accepted 5 stay reserved).
    await importer.reload();
    const secondRow = importer.getByTestId('offer').filter({ hasText: second.number });
    await expect(secondRow.getByTestId('offer-status')).toHaveText('Declined');
    await expect(available).toHaveText(casesText(HELD_CASES - 5));
    await expect(reserved).toHaveText(`${n(5 * GIN.caseSize)} bottles`);
    await expect(firstRow.getByTestId('offer-status')).toHaveText('Approved');
    expect(await seriousAxeIssues(importer)).toEqual([]);
  } finally {
    for (const p of pages) await p.context().close();
    await own.stopAndOpenDatabase().then((d) => d.close());
  }
});
