// The journey: an admin creates a product in Manage Products (with an image and prices),
// finds it again by searching, archives it — and a visitor, past the age gate, sees it on /products
// and then no longer. It runs on a server of its own, so the other journeys' lists never change.
import { expect, type Page, test } from '@playwright/test';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { Database } from '../../server/db/client';
import { auditLogs, products } from '../../server/db/schema';
import { passGate, signInAsDemo } from './fixtures';
import { type OwnServer, startOwnServer } from './own-server';
import { TIME_SCALE } from '../../playwright.config';

const NAME = 'Frolic Sloe Gin';

/** Runs the journey, then stops the server and opens its database; a failed run stops it too. */
/** A product's SKU as the staff list reports it to the signed-in page's own cookies. */
async function fetchSku(base: string, slug: string, page: Page): Promise<string> {
  const res = await page.context().request.get(`${base}/api/admin/products?q=${slug}`);
  expect(res.status()).toBe(200);
  const { items } = (await res.json()) as { items: { slug: string; sku: string }[] };
  return items.find((p) => p.slug === slug)!.sku;
}

async function runThenStop(own: OwnServer, journey: () => Promise<void>): Promise<Database> {
  try {
    await journey();
  } catch (err) {
    await (await own.stopAndOpenDatabase()).close();
    throw err;
  }
  return own.stopAndOpenDatabase();
}

test('an admin creates a product, then archives it, and a visitor no longer sees it on /products', async ({ page, browser }) => {
  test.setTimeout(90_000 * TIME_SCALE);
  const own = await startOwnServer(Number(process.env.E2E_PORT ?? 3210) + 200 + test.info().workerIndex, { demo: true });
  const png = await sharp({ create: { width: 60, height: 100, channels: 3, background: '#7b2d4f' } })
    .png()
    .toBuffer();

  const database = await runThenStop(own, async () => {
    await signInAsDemo(page, 'admin', { base: own.url });
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await page.goto(`${own.url}/admin/dashboard/products`);
    await expect(page.getByRole('heading', { level: 1, name: 'Manage Products' })).toBeVisible();
    await page.getByRole('link', { name: 'New product' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'New product' })).toBeVisible();

    // The slug follows the name; a bad ABV and a price that is not money are named at their fields.
    await page.getByLabel('Name', { exact: true }).fill(NAME);
    await expect(page.getByLabel('Slug')).toHaveValue('frolic-sloe-gin');
    await page.getByLabel('Category').selectOption('gin');
    await page.getByLabel('Status').selectOption('active');
    await page.getByLabel('ABV (%)').fill('26.55');
    await page.getByLabel('Description').fill('Wild sloes steeped in our London Dry through the winter.');
    await page.getByLabel('Retail price in United Kingdom (GBP)').fill('24,95x');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Retail, United Kingdom: Enter a price like 34.99.')).toBeVisible();
    // Focus goes to the field to fix; a decimal comma is a decimal point (it was read as £2,495).
    await expect(page.getByLabel('Retail price in United Kingdom (GBP)')).toBeFocused();
    await page.getByLabel('Retail price in United Kingdom (GBP)').fill('24,95');
    await page.getByLabel('Importer price in United Kingdom (GBP)').fill('11.00');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Use at most one decimal, e.g. 40.5.')).toBeVisible();
    await expect(page.getByLabel('ABV (%)')).toBeFocused();
    await page.getByLabel('ABV (%)').fill('26.5');

    // A SKU another product has is refused at its field; one typed in lower case is kept in capitals.
    const london = await fetchSku(own.url, 'frolic-london-dry-gin', page);
    await page.getByLabel('SKU').fill(london.toLowerCase());
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(`Another product already uses the SKU “${london}”.`).first()).toBeVisible();
    await page.getByLabel('SKU').fill('frl-sloe-50');

    // Going active needs a picture: the server says so, then the picker uploads one.
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Add at least one image before making the product active or archiving it.')).toBeVisible();
    await page.getByRole('button', { name: 'Choose Image', exact: true }).click();
    const library = page.getByRole('dialog', { name: 'Media library' });
    await library.getByLabel('Upload new file').setInputFiles({ name: 'sloe-gin.png', mimeType: 'image/png', buffer: png });
    await expect(library).toBeHidden({ timeout: 15_000 });
    await expect(page.getByRole('group', { name: 'Image 1' })).toContainText('sloe-gin.png');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Product saved')).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/dashboard\/products$/);

    // A visitor in a browser of their own finds it, priced in their market.
    const visitor = await browser.newContext();
    const guest = await visitor.newPage();
    await guest.goto(`${own.url}/products`);
    await passGate(guest, { country: 'GB' });
    await expect(guest.getByRole('link', { name: NAME })).toBeVisible();
    await expect(guest.getByRole('article').filter({ hasText: NAME })).toContainText('£24.95');

    // Staff: search, open, archive.
    await page.getByLabel('Search products').fill('sloe');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(/q=sloe/);
    const rows = page.getByRole('table', { name: 'Products' }).getByRole('row');
    await expect(rows).toHaveCount(2); // the header and the one match
    await expect(rows.nth(1)).toContainText('FRL-SLOE-50');
    // Its SKU finds it too.
    await page.getByLabel('Search products').fill('sloe-50');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(/q=sloe-50/);
    await expect(rows).toHaveCount(2);
    await page.getByRole('link', { name: NAME }).click();
    await expect(page.getByRole('heading', { level: 1, name: `Edit ${NAME}` })).toBeVisible();
    await expect(page.getByLabel('Importer price in United Kingdom (GBP)')).toHaveValue('11.00');
    await expect(page.getByRole('button', { name: 'Delete' })).toBeVisible();
    await page.getByRole('button', { name: 'Archive' }).click();
    await page.getByRole('button', { name: 'Yes, archive' }).click();
    await expect(page.getByText('Product archived')).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/dashboard\/products$/);

    await guest.reload();
    await expect(guest.getByRole('heading', { level: 1, name: 'Our spirits' })).toBeVisible();
    await expect(guest.getByRole('link', { name: NAME })).toHaveCount(0);
    await expect(guest.getByRole('link', { name: 'Frolic London Dry Gin' })).toBeVisible();
    await visitor.close();

    // Deleting a product the recipes use is refused, with the way out.
    await page.getByLabel('Search products').fill('london');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('link', { name: 'Frolic London Dry Gin' }).click();
    await page.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('button', { name: 'Yes, delete' }).click();
    const refusal = page.getByTestId('editor-alert');
    await expect(refusal).toContainText('still used by the cocktails');
    await expect(refusal).toContainText('Negroni');
    await expect(refusal).toContainText('Archive the product instead');
  });
  // The product and its audit trail, written by the admin.
  try {
    const [row] = await database.db.select().from(products).where(eq(products.slug, 'frolic-sloe-gin'));
    expect(row).toMatchObject({ status: 'archived', abvTenths: 265, version: 2, sku: 'FRL-SLOE-50' });
    expect(row!.imageUrl).toMatch(/^\/media\/[0-9a-f-]{36}\/web$/);
    const audits = await database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.tableName, 'products'), eq(auditLogs.recordId, String(row!.id))));
    expect(audits.map((a) => a.action)).toEqual(['INSERT', 'UPDATE']);
  } finally {
    await database.close();
  }
});
