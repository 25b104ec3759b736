// A live signal that arrives while a page loads does not cost the page its toast
// (app/lib/live-revalidate.ts). After an action redirects, the next page's data request reads — and
// clears — the toast the action flashed. Were a signal to restart that load, the first answer would
// be thrown away with its toast, and the second would have none. Here the data request after
// "Place order" is held once the server has answered it, and meanwhile another order of the same
// organisation sends this page a signal.
import { expect, test } from '@playwright/test';
import { TIME_SCALE } from '../../playwright.config';
import { demoEmail, signInPartner } from './fixtures';
import { startOwnServer } from './own-server';

test('a signal during the load after placing an order keeps the "Order placed" toast, and the page refreshes after', async ({ page }) => {
  test.setTimeout(90_000 * TIME_SCALE);
  const own = await startOwnServer(Number(process.env.E2E_PORT ?? 3210) + 700 + test.info().parallelIndex, { demo: true });
  try {
    await signInPartner(page, own.url, demoEmail('retailer'));
    await expect(page).toHaveURL(/\/partner\/dashboard\/retailer$/);
    const catalog = await page.request.get(`${own.url}/api/partner/catalog`);
    expect(catalog.status()).toBe(200);
    const product = ((await catalog.json()) as { items: { id: number; name: string; price: unknown }[] }).items.find((p) => p.price);
    expect(product).toBeDefined();

    let held = 0;
    let signalled = false;
    await page.route(/\/partner\/dashboard\/orders\/\d+\.data/, async (route) => {
      if (route.request().method() !== 'GET' || held++ > 0) return route.continue();
      // The server has answered: the toast is in this answer, and its cookie is cleared.
      const response = await route.fetch();
      // Meanwhile the organisation places another order: its signal reaches this open page.
      const other = await page.request.post(`${own.url}/api/partner/orders`, {
        data: { lines: [{ productId: product!.id, cases: 1 }], note: 'Placed meanwhile' },
        headers: { 'Idempotency-Key': `live-refresh-${Date.now()}` },
      });
      expect(other.status()).toBe(201);
      signalled = true;
      await page.waitForTimeout(1_500);
      await route.fulfill({ response });
    });

    await page.goto(`${own.url}/partner/dashboard/retailer/orders`);
    await expect(page.getByRole('heading', { level: 1, name: 'Place Orders' })).toBeVisible();
    await page.getByLabel(`Cases of ${product!.name}`, { exact: true }).fill('2');
    await page.getByRole('button', { name: 'Place order' }).click();
    await expect(page).toHaveURL(/\/partner\/dashboard\/orders\/\d+$/);
    await expect(page.getByText('Order placed', { exact: true })).toBeVisible();
    await expect(page.getByTestId('order-status')).toHaveText('Submitted');
    expect(signalled).toBe(true);
    // The signal was not dropped: the page loads again once idle (a second data request).
    await expect.poll(() => held).toBeGreaterThan(1);
  } finally {
    await (await own.stopAndOpenDatabase()).close();
  }
});
