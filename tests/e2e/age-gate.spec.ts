import { expect, test } from '@playwright/test';
import { cookiesAfterRestart, passGate } from './fixtures';

test.describe('age gate', () => {
  test('an adult passes and lands on the page they asked for', async ({ page }) => {
    await page.goto('/products?category=gin');
    await expect(page.getByTestId('site-header')).toHaveCount(0);
    await passGate(page);
    await expect(page).toHaveURL(/\/products\?category=gin$/);
    await expect(page.getByRole('heading', { name: 'Our spirits' })).toBeVisible();
    await expect(page.getByText('Frolic London Dry Gin')).toBeVisible();
    expect(await page.evaluate(() => sessionStorage.getItem('ageVerified'))).toBe('true');
    expect(await page.evaluate(() => localStorage.getItem('ageVerified'))).toBeNull();
  });

  test('a new browser session is asked again unless remember me was chosen', async ({ browser, page, context }) => {
    await page.goto('/');
    await passGate(page);
    await expect(page.getByRole('heading', { name: 'Featured spirits' })).toBeVisible();
    const restarted = await browser.newContext();
    await restarted.addCookies(await cookiesAfterRestart(context));
    const again = await restarted.newPage();
    await again.goto('/');
    await expect(again.getByRole('heading', { name: 'Are you of legal drinking age?' })).toBeVisible();

    await passGate(again, { remember: true });
    await expect(again.getByRole('heading', { name: 'Featured spirits' })).toBeVisible();
    expect(await again.evaluate(() => localStorage.getItem('ageVerified'))).toBe('true');
    const restartedTwice = await browser.newContext();
    await restartedTwice.addCookies(await cookiesAfterRestart(restarted));
    const remembered = await restartedTwice.newPage();
    await remembered.goto('/');
    await expect(remembered.getByRole('heading', { name: 'Featured spirits' })).toBeVisible();
    await restarted.close();
    await restartedTwice.close();
  });

  test('explains the remember-me choice for shared devices', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByText("Don't tick this on a shared or public device.")).toBeVisible();
  });

  test('asks for the birthday only when the year cannot decide', async ({ page }) => {
    await page.goto('/about');
    await page.getByLabel('Year of birth').fill(String(new Date().getFullYear() - 21));
    await page.getByLabel('Country you are in').selectOption('US');
    await page.getByRole('button', { name: 'Enter' }).click();
    await expect(page.getByRole('heading', { name: 'Just to be sure' })).toBeVisible();
    await page.getByLabel('Month of birth').selectOption('1');
    await page.getByLabel('Day of birth').fill('1');
    await page.getByRole('button', { name: 'Enter' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Distilled slowly, in small batches, since 1998' })).toBeVisible();
  });

  test('an underage visitor is refused and cannot retry with another date', async ({ page }) => {
    await page.goto('/');
    await page.getByLabel('Year of birth').fill(String(new Date().getFullYear() - 16));
    await page.getByLabel('Country you are in').selectOption('GB');
    await page.getByRole('button', { name: 'Enter' }).click();
    await expect(page.getByRole('heading', { name: "Sorry, we can't let you in" })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Responsibility.org' })).toHaveAttribute('href', /responsibility\.org/);
    await page.reload();
    await expect(page.getByRole('heading', { name: "Sorry, we can't let you in" })).toBeVisible();
    await expect(page.getByLabel('Year of birth')).toHaveCount(0);
    await page.goto('/products');
    await expect(page.getByRole('heading', { name: "Sorry, we can't let you in" })).toBeVisible();
  });

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });

    test('the gate works as a plain form and the page HTML carries the products', async ({ page }) => {
      await page.goto('/products');
      await passGate(page);
      await expect(page).toHaveURL(/\/products$/);
      // No script ran: what is visible came in the server's HTML.
      await expect(page.getByText('Frolic Single Malt 12 Year Old')).toBeVisible();
      await expect(page.getByText('Frolic Pink Grapefruit Gin')).toBeVisible();
    });

    test('the birthday step works as a plain form too', async ({ page }) => {
      await page.goto('/');
      await page.getByLabel('Year of birth').fill(String(new Date().getFullYear() - 18));
      await page.getByLabel('Country you are in').selectOption('DE');
      await page.getByRole('button', { name: 'Enter' }).click();
      await expect(page.getByRole('heading', { name: 'Just to be sure' })).toBeVisible();
      await page.getByLabel('Month of birth').selectOption('1');
      await page.getByLabel('Day of birth').fill('1');
      await page.getByRole('button', { name: 'Enter' }).click();
      await expect(page.getByRole('heading', { name: 'Featured spirits' })).toBeVisible();
    });
  });
});
