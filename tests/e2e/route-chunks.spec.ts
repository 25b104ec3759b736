// A staff screen's chunks are fetched side by side (app/lib/route-chunks.ts): while the route's own
// module is held back by the test, every chunk it imports that the page does not have yet is already
// being fetched. Without the preloading, the browser could ask for none of them before the module
// arrived and named them.
import { expect, test } from '@playwright/test';
import { signInAsDemo } from './fixtures';

// Partners: the dashboard's own chunks (the staff lists' parts among them) do not cover its imports.
const ROUTE = 'admin-partners';

test("opening a staff screen fetches the route's module and every chunk it imports at once", async ({ page }) => {
  test.slow(); // a sign-in, then one held module
  await signInAsDemo(page, 'admin');
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  const sidebarLink = page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Partners' });
  await expect(sidebarLink).toBeVisible();

  // The screen's entry in the build's manifest (discovered for the sidebar's links), and what the
  // page has fetched so far.
  const route = await page.waitForFunction((id) => {
    const entry = (window as { __reactRouterManifest?: { routes: Record<string, { module: string; imports?: string[] }> } }).__reactRouterManifest?.routes[id];
    if (!entry) return null;
    const fetched = new Set(performance.getEntriesByType('resource').map((r) => new URL(r.name).pathname));
    return { module: entry.module, pending: (entry.imports ?? []).filter((href) => !fetched.has(href)) };
  }, ROUTE);
  const { module, pending } = (await route.jsonValue())!;
  expect(pending.length).toBeGreaterThan(0); // else this screen proves nothing: choose another

  const requested = new Set<string>();
  page.on('request', (request) => requested.add(new URL(request.url()).pathname));
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(`**${module}`, async (held) => {
    await released;
    await held.continue();
  });

  await sidebarLink.click();
  // While the module is held, its imports are on their way.
  await expect.poll(() => pending.filter((href) => !requested.has(href))).toEqual([]);
  release();
  await expect(page.getByRole('heading', { level: 1, name: 'Partners' })).toBeVisible();
  // The links the page added, each once.
  const links = await page.locator('link[rel="modulepreload"]').evaluateAll((els) => els.map((el) => el.getAttribute('href')));
  expect(links).toEqual(expect.arrayContaining([module, ...pending]));
  expect(new Set(links).size).toBe(links.length);
});
