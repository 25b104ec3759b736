import { expect, test } from '@playwright/test';
import { bringToLife, passGate } from './fixtures';

// Headless Chromium counts as a bot and gets the complete (non-streamed) render; a normal browser
// user agent gets the streamed one, whose inline scripts must carry the nonce too.
test.use({ userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36' });

test('pages hydrate under the CSP with no violation', async ({ page }) => {
  const violations: string[] = [];
  page.on('console', (msg) => {
    if (/Content Security Policy|Refused to/i.test(msg.text())) violations.push(msg.text());
  });
  await page.goto('/products');
  await passGate(page);
  await expect(page.getByText('Frolic London Dry Gin')).toBeVisible();
  // The page comes to life on the first intent: the held scripts start under the same CSP.
  await bringToLife(page);
  // A client-side navigation only works when the scripts ran.
  await page.getByRole('navigation', { name: 'Filter by category' }).getByRole('link', { name: 'Vodka' }).click();
  await expect(page.getByText('1 spirit', { exact: true })).toBeVisible();
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Featured spirits' })).toBeVisible();
  expect(violations).toEqual([]);
});
