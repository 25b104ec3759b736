// What a customer and a phone user meet (issue 12): the header's Account entry, the staff and
// partner shells as a drawer on a phone, a toast with equal margins, and a product whose tasting
// notes staff left empty. One server of the file's own: these journeys sign in several times (the
// shared server's per-IP sign-in limit is the other journeys' to spend) and one edits a product.
import { type Browser, expect, type Locator, type Page, test } from '@playwright/test';
import { DEMO_PASSWORD, TIME_SCALE } from '../../playwright.config';
import { demoEmail, passGate, signInAsDemo } from './fixtures';
import { type OwnServer, startOwnServer } from './own-server';

const PHONE = { width: 390, height: 844 };

test.describe.configure({ mode: 'serial', timeout: 60_000 * TIME_SCALE });

let own: OwnServer;

test.beforeAll(async () => {
  test.setTimeout(90_000 * TIME_SCALE);
  own = await startOwnServer(Number(process.env.E2E_PORT ?? 3210) + 1 + test.info().parallelIndex, { demo: true });
});

test.afterAll(async () => {
  await (await own?.stopAndOpenDatabase())?.close();
});

async function phonePage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: PHONE, hasTouch: true, isMobile: true });
  return context.newPage();
}

async function box(locator: Locator) {
  const b = await locator.boundingBox();
  if (!b) throw new Error('no bounding box');
  return b;
}

const overlaps = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

test('a customer finds the account in the header: sign-in when signed out, the account page once signed in', async ({ browser }) => {
  const page = await phonePage(browser);
  await page.goto(`${own.url}/`);
  await passGate(page);
  const header = page.getByTestId('site-header');
  const signedOutHeader = await header.innerHTML();
  await header.getByRole('link', { name: 'Account' }).click();
  await expect(page).toHaveURL(/\/auth\/login\?redirectTo=%2Faccount$/);
  await page.getByLabel('Email address').fill(demoEmail('customer'));
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Your account' })).toBeVisible();

  // The same header for everyone (the page cache shares it); the entry now opens the account.
  await page.goto(`${own.url}/`);
  await expect(header).toBeVisible();
  expect(await header.innerHTML()).toBe(signedOutHeader);
  await header.getByRole('link', { name: 'Account' }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Your account' })).toBeVisible();
  await page.context().close();
});

test('on a phone the staff shell is a drawer: hidden, opened by Menu, closed by a choice, Escape or the backdrop', async ({ browser }) => {
  const page = await phonePage(browser);
  await signInAsDemo(page, 'admin', { base: own.url });
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Admin' })).toBeVisible();

  const nav = page.getByRole('navigation', { name: 'Admin' });
  const menu = page.getByRole('button', { name: 'Menu', exact: true });
  await expect(nav).toBeHidden();
  // The page has the width; the Home button covers neither the search box nor the menu button.
  expect((await box(page.getByRole('heading', { level: 1, name: 'Welcome, Admin' }))).x).toBeLessThan(40);
  const home = await box(page.getByTestId('home-button'));
  expect(overlaps(await box(page.getByRole('searchbox')), home)).toBe(false);
  expect(overlaps(await box(menu), home)).toBe(false);
  expect((await box(page.getByRole('searchbox'))).width).toBeGreaterThan(300);

  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  await menu.click();
  await expect(menu).toHaveAttribute('aria-expanded', 'true');
  await expect(nav).toBeVisible();
  // It slides in from the left edge (polled: the slide takes a moment).
  await expect.poll(async () => (await box(page.getByRole('dialog', { name: 'Admin navigation' }))).x).toBe(0);
  // Focus moves into the drawer; Escape closes it and gives focus back to the button.
  await expect(page.getByRole('dialog', { name: 'Admin navigation' }).locator(':focus')).toHaveCount(1);
  await page.keyboard.press('Escape');
  await expect(nav).toBeHidden();
  await expect(menu).toBeFocused();
  await expect(menu).toHaveAttribute('aria-expanded', 'false');

  // A tap beside the drawer closes it.
  await menu.click();
  await expect(nav).toBeVisible();
  await page.mouse.click(PHONE.width - 20, PHONE.height / 2);
  await expect(nav).toBeHidden();

  // Choosing a page closes it.
  await menu.click();
  await nav.getByText('Products', { exact: true }).click();
  await nav.getByRole('link', { name: 'Manage Products' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard\/products$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Manage Products' })).toBeVisible();
  await expect(nav).toBeHidden();
  await expect(menu).toHaveAttribute('aria-expanded', 'false');

  // A toast sits with equal margins on a phone ('Access Denied' for a master-admin-only page).
  await page.goto(`${own.url}/admin/dashboard/master-admin`);
  const toast = page.getByRole('alert').filter({ hasText: 'Access Denied' });
  await expect(toast).toBeVisible();
  const t = await box(toast);
  expect(t.x).toBeGreaterThanOrEqual(8);
  expect(Math.abs(t.x - (PHONE.width - t.x - t.width))).toBeLessThanOrEqual(1);
  await page.context().close();
});

test('on a phone the partner shell is a drawer too', async ({ browser }) => {
  const page = await phonePage(browser);
  await signInAsDemo(page, 'retailer', { base: own.url, path: '/partner-login' });
  await expect(page).toHaveURL(/\/partner\/dashboard\/retailer$/);
  const nav = page.getByRole('navigation', { name: 'Partner' });
  await expect(nav).toBeHidden();
  expect(overlaps(await box(page.getByRole('combobox', { name: 'Search products' })), await box(page.getByTestId('home-button')))).toBe(false);
  await page.getByRole('button', { name: 'Menu', exact: true }).click();
  await expect(nav).toBeVisible();
  await nav.getByRole('link', { name: 'Browse Catalog' }).click();
  await expect(page).toHaveURL(/\/partner\/dashboard\/retailer\/catalog$/);
  await expect(nav).toBeHidden();
  await page.context().close();
});

test('a product without tasting notes shows no empty "Tasting notes"', async ({ page, browser }) => {
  await signInAsDemo(page, 'admin', { base: own.url });
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.goto(`${own.url}/admin/dashboard/products?q=white`);
  await page.getByRole('link', { name: 'Frolic White Rum' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Edit Frolic White Rum' })).toBeVisible();
  await page.getByLabel('Nose').fill('');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Product saved')).toBeVisible();

  const visitor = await phonePage(browser);
  await visitor.goto(`${own.url}/products/frolic-white-rum`);
  await passGate(visitor);
  const main = visitor.getByRole('main');
  // One note left empty: its label goes, the others stay.
  await expect(main.getByRole('heading', { name: 'Tasting notes' })).toBeVisible();
  await expect(main.getByText('Palate', { exact: true })).toBeVisible();
  await expect(main.getByText('Nose', { exact: true })).toHaveCount(0);

  await page.getByRole('link', { name: 'Frolic White Rum' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Edit Frolic White Rum' })).toBeVisible();
  await page.getByLabel('Palate').fill('');
  await page.getByLabel('Finish').fill('');
  await page.getByRole('button', { name: 'Save' }).click();
  // The first save's toast may still show: the list's address says this save is done.
  await expect(page).toHaveURL(/\/admin\/dashboard\/products$/);
  await expect(page.getByText('Product saved')).toBeVisible();

  await visitor.reload();
  await expect(main.getByRole('heading', { level: 1, name: 'Frolic White Rum' })).toBeVisible();
  await expect(main.getByRole('heading', { name: 'Tasting notes' })).toHaveCount(0);
  for (const label of ['Nose', 'Palate', 'Finish']) await expect(main.getByText(label, { exact: true })).toHaveCount(0);
  await visitor.context().close();
});
