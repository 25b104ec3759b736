import { expect, test } from '@playwright/test';
import { passGate, seriousAxeViolations } from './fixtures';

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

test('a missing product, recipe or event is the friendly 404 inside the header and footer, with status 404', async ({ page }) => {
  const cases: [string, RegExp][] = [
    ['/products/nope', /^Product not found · Frolic$/],
    ['/cocktails/999999', /^Cocktail not found · Frolic$/],
    ['/cocktails/abc', /^Cocktail not found · Frolic$/],
    ['/cocktails/99999999999', /^Cocktail not found · Frolic$/],
    ['/events/999999', /^Event not found · Frolic$/],
    ['/events/nope', /^Event not found · Frolic$/],
  ];
  for (const [path, title] of cases) {
    const res = await page.goto(path);
    expect(res?.status(), path).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: "We couldn't find that page" }), path).toBeVisible();
    await expect(page.getByText('Unexpected Application Error!')).toHaveCount(0);
    await expect(page.getByTestId('site-header')).toBeVisible();
    await expect(page.getByTestId('site-footer')).toBeVisible();
    await expect(page.getByTestId('chat-slot')).toHaveCount(1);
    await expect(page).toHaveTitle(title);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  }
  // The sentence says what was missing; the way on is one click away.
  await page.goto('/products/nope');
  await expect(page.getByText('We could not find that product.')).toBeVisible();
  await page.getByRole('main').getByRole('link', { name: 'Our spirits' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Our spirits' })).toBeVisible();
});

test('the header offers the account to every visitor: signed out, it leads to sign-in', async ({ page }) => {
  const account = page.getByTestId('site-header').getByRole('link', { name: 'Account' });
  await expect(account).toHaveAttribute('href', '/account');
  await account.click();
  await expect(page).toHaveURL(/\/auth\/login\?redirectTo=%2Faccount$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  // The footer has it too, beside the partner and staff sign-in.
  await page.goto('/about');
  await expect(page.getByTestId('site-footer').getByRole('link', { name: 'Account' })).toHaveAttribute('href', '/account');
});

test('on a phone the menu closes once a page is chosen, and the account stays in reach', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const header = page.getByTestId('site-header');
  const menu = header.locator('details');
  await expect(header.getByRole('link', { name: 'Account' })).toBeVisible();
  await header.getByText('Menu', { exact: true }).click();
  await expect(menu).toHaveAttribute('open', '');
  await header.getByRole('link', { name: 'Cocktails' }).click();
  await expect(page).toHaveURL(/\/cocktails$/);
  await expect(page.getByRole('heading', { level: 1, name: /cocktail/i })).toBeVisible();
  await expect(menu).not.toHaveAttribute('open');
  await expect(header.getByRole('link', { name: 'Cocktails' })).toBeHidden();
  // Choosing the page you are on closes it too; so does Escape.
  await header.getByText('Menu', { exact: true }).click();
  await header.getByRole('link', { name: 'Cocktails' }).click();
  await expect(menu).not.toHaveAttribute('open');
  await header.getByText('Menu', { exact: true }).click();
  await expect(menu).toHaveAttribute('open', '');
  await page.keyboard.press('Escape');
  await expect(menu).not.toHaveAttribute('open');
});

test('a tablet and a small laptop get the header on one row and no sideways scrolling', async ({ page }) => {
  for (const width of [768, 1024]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/about');
    await expect(page.getByTestId('site-header').getByRole('link', { name: 'Account' })).toBeVisible();
    expect((await page.getByTestId('site-header').boundingBox())?.height, `${width}`).toBeLessThan(80);
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `${width}`).toBeLessThanOrEqual(width);
  }
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
  // axe over several pages is slow work: room for a busy machine.
  test.slow();
  for (const path of ['/', '/products', '/products/frolic-london-dry-gin', '/about', '/this-does-not-exist', '/admin-login']) {
    await page.goto(path);
    const bad = await seriousAxeViolations(page);
    expect(bad.map((v) => `${path}: ${v.id} ${v.help}`)).toEqual([]);
  }
  const freshContext = await browser.newContext();
  const fresh = await freshContext.newPage();
  await fresh.goto('/');
  expect((await seriousAxeViolations(fresh)).map((v) => v.id)).toEqual([]);
  await freshContext.close();
});
