// Shared steps of the end-to-end journeys.
import { type BrowserContext, expect, type Page } from '@playwright/test';

export const ADULT_YEAR = '1985';

export async function passGate(page: Page, opts: { country?: string; remember?: boolean } = {}) {
  await expect(page.getByRole('heading', { name: 'Are you of legal drinking age?' })).toBeVisible();
  await page.getByLabel('Year of birth').fill(ADULT_YEAR);
  await page.getByLabel('Country you are in').selectOption(opts.country ?? 'GB');
  if (opts.remember) await page.getByLabel('Remember me').check();
  await page.getByRole('button', { name: 'Enter' }).click();
  // The pass is set when the gate is gone; navigating earlier would meet the gate again.
  await expect(page.getByRole('heading', { name: 'Are you of legal drinking age?' })).toHaveCount(0);
}

/** What a browser keeps after it is closed and opened again: persistent cookies only. */
export async function cookiesAfterRestart(context: BrowserContext) {
  return (await context.cookies()).filter((c) => c.expires > 0);
}
