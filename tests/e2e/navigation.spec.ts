// Navigation (issue 18): the master admin starts building navigation (today's menus are stored),
// reorders the header menu by keyboard and by drag, saves — and a visitor in another browser context
// sees the public header follow. On a server of its own: the shared server's header stays as the
// other journeys expect it.
import { expect, type Page, test } from '@playwright/test';
import { passGate, seriousAxeIssues, signInAsDemo } from './fixtures';
import { startOwnServer } from './own-server';
import { TIME_SCALE } from '../../playwright.config';

const ownPort = () => Number(process.env.E2E_PORT ?? 3210) + 1000 + test.info().workerIndex;

/** The desktop header's top-level links, in order. */
const headerLinks = (page: Page) => page.locator('header nav[aria-label="Main"] > ul > li > a').allInnerTexts();

test('reordering the header menu by keyboard and by drag changes the public header at once', async ({ browser }) => {
  test.setTimeout(120_000 * TIME_SCALE);
  const own = await startOwnServer(ownPort(), { demo: true });
  try {
    const visitor = await (await browser.newContext()).newPage();
    await visitor.goto(`${own.url}/products`);
    await passGate(visitor);
    await expect.poll(() => headerLinks(visitor)).toEqual(['About', 'Products', 'Cocktails', 'Events', 'Store Locator', 'Buy Online', 'Contact']);

    const admin = await (await browser.newContext()).newPage();
    await signInAsDemo(admin, 'master_admin', { base: own.url });
    await expect(admin).toHaveURL(/\/admin\/dashboard\/master-admin$/);
    await admin.goto(`${own.url}/admin/dashboard/content-management?tab=navigation`);
    await admin.getByRole('button', { name: 'Start Building Navigation' }).click();
    await expect(admin.getByText('Navigation ready', { exact: true })).toBeVisible();
    const editor = admin.getByTestId('menu-editor-header');
    await expect(editor).toBeVisible();
    const labels = () => editor.locator('[data-testid="nav-row"]').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-label')));
    await expect.poll(labels).toEqual(['About', 'Products', 'Cocktails', 'Events', 'Store Locator', 'Buy Online', 'Contact']);
    expect(await seriousAxeIssues(admin)).toEqual([]);

    // By keyboard: Products up, above About.
    const up = editor.getByRole('button', { name: 'Move Products up' });
    await up.focus();
    await admin.keyboard.press('Enter');
    await expect.poll(labels).toEqual(['Products', 'About', 'Cocktails', 'Events', 'Store Locator', 'Buy Online', 'Contact']);
    // By drag: Contact onto Products puts it first.
    const row = (label: string) => editor.locator(`[data-testid="nav-row"][data-label="${label}"]`).locator('[title="Drag to reorder"]').first();
    await row('Contact').dragTo(row('Products'));
    await expect.poll(labels).toEqual(['Contact', 'Products', 'About', 'Cocktails', 'Events', 'Store Locator', 'Buy Online']);
    // One level of nesting: Buy Online under Store Locator.
    await editor.getByRole('button', { name: 'Indent Buy Online' }).click();
    await expect(editor.getByRole('list', { name: 'Links under Store Locator' }).getByTestId('nav-row')).toHaveAttribute('data-label', 'Buy Online');

    await editor.getByRole('button', { name: 'Save Menu' }).click();
    await expect(admin.getByText('Navigation saved', { exact: true })).toBeVisible();
    await expect(admin.getByText('The Header menu has been saved.')).toBeVisible();

    // The visitor's next page shows the new order (no restart, no wait for a cache to expire).
    await visitor.reload();
    await expect.poll(() => headerLinks(visitor)).toEqual(['Contact', 'Products', 'About', 'Cocktails', 'Events', 'Store Locator']);
    await expect(visitor.locator('header nav[aria-label="Main"] > ul > li').filter({ hasText: 'Store Locator' }).locator('ul a')).toHaveText('Buy Online');
  } finally {
    const database = await own.stopAndOpenDatabase();
    await database.close();
  }
});
