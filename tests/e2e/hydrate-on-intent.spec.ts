// Public pages hydrate on the visitor's first intent (app/lib/hydrate-on-intent.ts): read and left, a
// page costs no JavaScript; the first press starts it, and a button pressed before React is there is
// pressed again once it is.
import { expect, type Page, test } from '@playwright/test';
import { contactMessages } from '../../server/db/schema';
import { galleryProductBody, pngOf } from '../support/catalog';
import { passGate, signInAsDemo } from './fixtures';
import { startOwnServer } from './own-server';
import { TIME_SCALE } from '../../playwright.config';

/** The app's JavaScript files the page has asked for so far. */
function scriptRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script' && new URL(r.url()).pathname.startsWith('/assets/')) seen.push(new URL(r.url()).pathname);
  });
  return seen;
}

test('a public page loads no JavaScript until the first press, which still opens the chat', async ({ page }) => {
  await page.goto('/about');
  await passGate(page);
  const scripts = scriptRequests(page);
  await page.goto('/products');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // `load` waits for every module script a page starts: none was.
  await page.waitForLoadState('load');
  expect(scripts).toEqual([]);
  expect(await page.evaluate(() => 'routeModules' in window || '__reactRouterRouteModules' in window)).toBe(false);
  // Links work as links meanwhile.
  await page.getByRole('navigation', { name: 'Filter by category' }).getByRole('link', { name: 'Rum' }).click();
  await expect(page).toHaveURL(/category=rum/i);
  await page.waitForLoadState('load');
  expect(scripts).toEqual([]);

  // The first press: the chat opens (pressed again once React is there) and the app's scripts came.
  await page.getByTestId('chat-button').click();
  const panel = page.getByTestId('chat-panel');
  await expect(panel.getByRole('heading', { name: 'Frolic Assistant' })).toBeVisible();
  await expect(page.getByTestId('chat-button')).toHaveAttribute('aria-expanded', 'true');
  expect(scripts.some((s) => s.includes('entry.client'))).toBe(true);
  // Once, not twice: a second press closes it.
  await page.getByTestId('chat-button').click();
  await expect(panel).toHaveCount(0);
});

test.describe('on a phone', () => {
  test.use({ hasTouch: true, isMobile: true, viewport: { width: 390, height: 844 } });

  test('a finger that only scrolls starts nothing; a tap on the chat button opens it', async ({ page }) => {
    await page.goto('/about');
    await passGate(page);
    const scripts = scriptRequests(page);
    await page.goto('/products');
    await page.waitForLoadState('load');
    // What a scroll's first touch sends, then the scroll itself.
    await page.locator('main').dispatchEvent('touchstart');
    await page.locator('main').dispatchEvent('pointerdown', { pointerType: 'touch' });
    await page.mouse.wheel(0, 400);
    await page.waitForTimeout(500 * TIME_SCALE);
    expect(scripts).toEqual([]);
    await page.getByTestId('chat-button').tap();
    await expect(page.getByTestId('chat-panel').getByRole('heading', { name: 'Frolic Assistant' })).toBeVisible();
    expect(scripts.some((s) => s.includes('entry.client'))).toBe(true);
  });
});

test('a gate passed before the page came to life is mirrored in browser storage at load all the same', async ({ page }) => {
  // The app's scripts never arrive: the gate's form posts as a plain form, and the page it lands on
  // stays as the server sent it.
  await page.route('**/assets/*.js', () => {});
  await page.goto('/about');
  await passGate(page);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await page.evaluate(() => '__reactRouterRouteModules' in window)).toBe(false);
  expect(await page.evaluate(() => sessionStorage.getItem('ageVerified'))).toBe('true');
  expect(await page.evaluate(() => localStorage.getItem('ageVerified'))).toBeNull();
});

test('coming to life later does not jump the page back to where the last load restored it', async ({ page }) => {
  // Each document records when it comes to life.
  await page.addInitScript(() => addEventListener('frolic:hydrated', () => ((window as unknown as { live: boolean }).live = true)));
  const live = () => page.evaluate(() => (window as unknown as { live?: boolean }).live === true);
  await page.goto('/about');
  await passGate(page);
  await page.goto('/products');
  expect(await live()).toBe(false);
  // Live (a press on the page), scrolled down, then reloaded: React Router's own inline script puts the
  // page back where it was, long before it comes to life again.
  await page.getByRole('heading', { level: 1 }).click();
  await expect.poll(live).toBe(true);
  await page.evaluate(() => window.scrollTo(0, 600));
  await page.reload();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(600);
  expect(await live()).toBe(false);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.getByTestId('chat-button').click();
  await expect(page.getByTestId('chat-panel').getByRole('heading', { name: 'Frolic Assistant' })).toBeVisible();
  expect(await live()).toBe(true);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
});

test('scripts that no longer load (a page older than a deploy): one reload for the current page, never a loop', async ({ page }) => {
  await page.goto('/about');
  await passGate(page);
  await page.goto('/products');
  await page.waitForLoadState('load');
  let loads = 0;
  page.on('load', () => loads++);
  // The files this page names are gone.
  await page.route('**/assets/*.js', (route) => route.fulfill({ status: 404, body: 'gone' }));
  await page.getByTestId('chat-button').click();
  await expect.poll(() => loads).toBe(1);
  // Still gone after the reload: a press does not reload again.
  await page.getByTestId('chat-button').click();
  await page.waitForTimeout(1000 * TIME_SCALE);
  expect(loads).toBe(1);
  // Back again: a reload by hand brings the page to life.
  await page.unroute('**/assets/*.js');
  await page.reload();
  await page.getByTestId('chat-button').click();
  await expect(page.getByTestId('chat-panel').getByRole('heading', { name: 'Frolic Assistant' })).toBeVisible();
});

test('a gallery thumbnail pressed before the page is live switches the picture, not the page', async ({ browser }) => {
  test.slow();
  const own = await startOwnServer(Number(process.env.E2E_PORT ?? 3210) + 820 + test.info().parallelIndex, { demo: true });
  try {
    // Staff give a product two pictures.
    const staff = await browser.newPage();
    await signInAsDemo(staff, 'admin', { base: own.url });
    await expect(staff).toHaveURL(/\/admin\/dashboard$/);
    const upload = async (colour: string, name: string) => {
      const png = await pngOf(colour);
      const res = await staff.request.post(`${own.url}/api/admin/media`, { multipart: { file: { name, mimeType: 'image/png', buffer: png } } });
      expect(res.status(), await res.text()).toBe(201);
      return (await res.json()).media.id as string;
    };
    const [green, amber] = [await upload('#2f5d50', 'green.png'), await upload('#c58b2a', 'amber.png')];
    const created = await staff.request.post(`${own.url}/api/admin/products`, { data: galleryProductBody('frolic-gallery-gin', [green, amber]) });
    expect(created.status(), await created.text()).toBe(201);
    await staff.close();

    // A visitor opens the product page: not live yet, the thumbnails are links to the pictures.
    const page = await browser.newPage();
    await page.goto(`${own.url}/about`);
    await passGate(page);
    const scripts = scriptRequests(page);
    await page.goto(`${own.url}/products/frolic-gallery-gin`);
    await page.waitForLoadState('load');
    expect(scripts).toEqual([]);
    const second = page.getByRole('link', { name: 'Show image 2 of 2' });
    await expect(second).toHaveAttribute('href', `/media/${amber}/web`);
    await second.click();
    // The press came to life as the button it became: the picture switched, the page stayed.
    await expect(page.getByRole('button', { name: 'Show image 2 of 2' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.locator(`img[src="/media/${amber}/web"]`)).toBeVisible();
    expect(new URL(page.url()).pathname).toBe('/products/frolic-gallery-gin');
    await page.close();
  } finally {
    await (await own.stopAndOpenDatabase()).close();
  }
});

test('what a visitor types while the page comes to life is kept, and sent', async ({ page }) => {
  test.slow();
  const own = await startOwnServer(Number(process.env.E2E_PORT ?? 3210) + 800 + test.info().parallelIndex);
  await page.goto(`${own.url}/about`);
  await passGate(page);
  const scripts = scriptRequests(page);
  await page.goto(`${own.url}/contact`);
  await page.waitForLoadState('load');
  expect(scripts).toEqual([]);
  // Typed key by key: the first focus starts the scripts, and the rest arrives while React hydrates.
  await page.getByLabel('Your name').pressSequentially('Ada Lovelace');
  await page.getByLabel('Email address').pressSequentially('ada@example.com');
  await page.getByLabel('Subject').selectOption('Events');
  await page.getByLabel('Message').pressSequentially('Typed while the page came to life.');
  expect(scripts.some((s) => s.includes('entry.client'))).toBe(true);
  await expect(page.getByLabel('Your name')).toHaveValue('Ada Lovelace');
  // Humans take a moment; the server drops forms sent faster than a person could type.
  await page.waitForTimeout(1600);
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByRole('heading', { name: 'Thank you — your message is on its way' })).toBeVisible();
  const database = await own.stopAndOpenDatabase();
  try {
    expect(await database.db.select().from(contactMessages)).toMatchObject([
      { name: 'Ada Lovelace', email: 'ada@example.com', subject: 'Events', message: 'Typed while the page came to life.' },
    ]);
  } finally {
    await database.close();
  }
});
