import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { passGate } from './fixtures';

test.beforeEach(async ({ page }) => {
  await page.goto('/');
  await passGate(page);
  await expect(page.getByRole('heading', { name: 'Featured spirits' })).toBeVisible();
});

test('public pages show the header, the footer and the chat slot', async ({ page }) => {
  for (const path of ['/', '/products', '/about', '/cocktails', '/contact']) {
    await page.goto(path);
    await expect(page.getByTestId('site-header')).toBeVisible();
    await expect(page.getByTestId('site-footer')).toBeVisible();
    await expect(page.getByTestId('chat-slot')).toHaveCount(1);
    await expect(page.getByTestId('home-button')).toHaveCount(0);
  }
});

test('staff, partner and auth pages hide the chrome and show a Home button', async ({ page }) => {
  const cases: [string, RegExp][] = [
    ['/admin-login', /\/admin-login$/],
    ['/partner-login', /\/partner-login$/],
    ['/auth/login', /\/auth\/login$/],
    ['/auth/register', /\/auth\/register$/],
    ['/auth/forgot-password', /\/auth\/forgot-password$/],
    ['/admin/dashboard', /\/admin-login\?redirectTo=/],
    ['/partner/dashboard', /\/partner-login\?redirectTo=/],
    ['/dashboard/products', /\/auth\/login$/],
  ];
  for (const [path, landed] of cases) {
    await page.goto(path);
    await expect(page).toHaveURL(landed);
    await expect(page.getByTestId('site-header')).toHaveCount(0);
    await expect(page.getByTestId('site-footer')).toHaveCount(0);
    await expect(page.getByTestId('chat-slot')).toHaveCount(0);
    await expect(page.getByTestId('home-button')).toHaveAttribute('href', '/');
  }
  await page.getByTestId('home-button').click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('site-header')).toBeVisible();
});

test('an unknown page shows a friendly 404', async ({ page }) => {
  const res = await page.goto('/this-does-not-exist');
  expect(res?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: "We couldn't find that page" })).toBeVisible();
  await expect(page.getByTestId('site-header')).toBeVisible();
});

test('the category filter narrows the list and lives in the URL', async ({ page }) => {
  await page.goto('/products');
  await expect(page.getByText('8 spirits')).toBeVisible();
  await page.getByRole('navigation', { name: 'Filter by category' }).getByRole('link', { name: 'Rum' }).click();
  await expect(page).toHaveURL(/\/products\?category=rum$/);
  await expect(page.getByText('2 spirits')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Frolic Spiced Rum' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Frolic London Dry Gin' })).toHaveCount(0);
  await page.reload();
  await expect(page.getByText('2 spirits')).toBeVisible();
});

test('a product page opens from the list, scrolled to the top', async ({ page }) => {
  await page.goto('/products');
  await page.mouse.wheel(0, 600);
  await page.getByRole('link', { name: 'Frolic Single Malt 12 Year Old' }).click();
  await expect(page).toHaveURL(/\/products\/frolic-single-malt-12$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Frolic Single Malt 12 Year Old' })).toBeVisible();
  await expect(page.getByText('Tasting notes')).toBeVisible();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
});

test('axe finds no serious or critical issue on public pages', async ({ page, browser }) => {
  for (const path of ['/', '/products', '/products/frolic-london-dry-gin', '/about', '/this-does-not-exist', '/admin-login']) {
    await page.goto(path);
    const results = await new AxeBuilder({ page }).analyze();
    const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(bad.map((v) => `${path}: ${v.id} ${v.help}`)).toEqual([]);
  }
  const freshContext = await browser.newContext();
  const fresh = await freshContext.newPage();
  await fresh.goto('/');
  const gate = await new AxeBuilder({ page: fresh }).analyze();
  expect(gate.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
  await freshContext.close();
});
