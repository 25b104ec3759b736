import { expect, test } from '@playwright/test';
import { SEED_PRODUCTS } from '../../server/seed/products';
import { passGate } from './fixtures';

// Every public route shows its seeded content, server-rendered, once past the gate.
const ROUTES: [string, string[]][] = [
  ['/', ['Featured spirits', 'Frolic London Dry Gin', 'Featured cocktails']],
  ['/home', ['Featured spirits']],
  ['/about', ['Distilled slowly, in small batches, since 1998', 'The distillery']],
  ['/products', ['Our spirits', 'Frolic Single Malt 12 Year Old']],
  ['/products/frolic-spiced-rum', ['Frolic Spiced Rum', 'Tasting notes', 'Buy online', 'Stores that carry it']],
  ['/cocktails', ['Negroni', 'Espresso Martini']],
  ['/cocktails/negroni', ['Negroni']],
  ['/store-locator', ['Find a store']],
  ['/buy-online', ['Buy Frolic online', 'leave the Frolic site']],
  ['/contact', ['Contact us']],
  ['/business-inquiry', ['Business inquiry', 'Partner type']],
  ['/drink-responsibly', ['Drink responsibly', 'Units in a serve']],
  ['/privacy', ['Privacy Policy', 'Last updated']],
  ['/terms', ['Terms of Use']],
  ['/cookies', ['frolic_age']],
  ['/imprint', ['Frolic Spirits Ltd']],
];

// One test per route: each has its own time budget, and a failure names the route.
for (const [path, texts] of ROUTES) {
  test(`${path} shows its seeded content, server-rendered, past the gate`, async ({ page }) => {
    await page.goto(path);
    await passGate(page);
    const res = await page.goto(path);
    expect(res?.status()).toBe(200);
    for (const text of texts) await expect(page.locator('main').getByText(text, { exact: false }).first(), text).toBeVisible();
    expect(await page.title()).toMatch(/Frolic/);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /\S/);
  });
}

test('the draft cocktail never shows', async ({ page }) => {
  await page.goto('/cocktails');
  await passGate(page);
  await expect(page.getByText('Negroni').first()).toBeVisible();
  await expect(page.getByText('Winter Spice Punch')).toHaveCount(0);
  expect((await page.goto('/cocktails/winter-spice-punch'))?.status()).toBe(404);
});

test('every bottle illustration keeps its label text, "FROLIC" included, inside the label', async ({ page }) => {
  for (const { slug } of SEED_PRODUCTS) {
    const res = await page.goto(`/images/products/${slug}.svg`);
    expect(res?.status(), slug).toBe(200);
    const overflowing = await page.evaluate(() => {
      const label = document.querySelector('rect[fill="#fbf7f0"]')?.getBoundingClientRect();
      if (!label) return ['no label'];
      return [...document.querySelectorAll('text')]
        .map((t) => ({ text: t.textContent, box: t.getBoundingClientRect() }))
        .filter(({ box }) => box.left < label.left + 2 || box.right > label.right - 2 || box.top < label.top || box.bottom > label.bottom)
        .map(({ text, box }) => `${text}: ${Math.round(box.left)}-${Math.round(box.right)} outside ${Math.round(label.left)}-${Math.round(label.right)}`);
    });
    expect(overflowing, slug).toEqual([]);
    expect(await page.locator('text').first().textContent()).toBe('FROLIC');
  }
});

test('prices show in the market chosen, formatted by the server, on every page that shows one', async ({ page }) => {
  const gin = SEED_PRODUCTS.find((p) => p.slug === 'frolic-london-dry-gin');
  if (!gin) throw new Error('the seeded gin is missing');
  const pounds = `£${(gin.prices.GB / 100).toFixed(2)}`;
  const euros = `€${(gin.prices.EU / 100).toFixed(2)}`;
  const card = (name: string) => page.locator('article').filter({ has: page.getByRole('link', { name }) });
  await page.goto('/products');
  await passGate(page, { country: 'GB' });
  await expect(card('Frolic London Dry Gin')).toContainText(pounds);
  await page.goto('/products/frolic-london-dry-gin');
  await expect(page.locator('main').getByText(pounds, { exact: true }).first()).toBeVisible();

  // The footer's market changes every price: the page comes back in euros, formatted for Ireland.
  await page.getByLabel('Market and currency').selectOption('EU');
  await page.getByRole('button', { name: 'Change' }).click();
  await expect(page.locator('main').getByText(euros, { exact: true }).first()).toBeVisible();
  await expect(page.locator('main').getByText(pounds, { exact: true })).toHaveCount(0);
  await page.goto('/products');
  await expect(card('Frolic London Dry Gin')).toContainText(euros);
  await page.goto('/');
  const featured = page.locator('main article').filter({ hasText: '€' });
  expect(await featured.count()).toBeGreaterThan(0);
  await expect(page.locator('main').getByText('£', { exact: false })).toHaveCount(0);
});
