// Staff journey on the Store Locator: import a CSV with one bad row (see the row's error, import only
// the valid rows), find the new store in the table, then fix its details in the editor.
import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD } from '../../playwright.config';
import { passGate } from './fixtures';

test('an admin imports the valid rows of a CSV and edits the new store', async ({ page }) => {
  await page.goto('/admin-login');
  await passGate(page);
  await page.getByLabel('Email address').fill('admin@demo.frolic.example');
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);

  const name = `Tideline Spirits ${Date.now()}`;
  const csv = [
    'name,address,city,region,postcode,country,latitude,longitude,phone,hours,products,active',
    `${name},12 Quay Street,Galway,,H91 X2T4,IE,53.2707,-9.0568,+353 91 555 0101,Mon-Sat 10:00-20:00; Sun closed,frolic-london-dry-gin|frolic-wheat-vodka,yes`,
    'Ghost Bottles,1 Nowhere Lane,Galway,,,IE,53.27,-9.05,,,frolic-moonshine,yes',
  ].join('\n');

  await page.goto('/admin/dashboard/store-locator');
  await expect(page.getByRole('heading', { name: 'Store Locator' })).toBeVisible();
  await page.getByRole('link', { name: 'Import CSV' }).click();
  await page.getByLabel('CSV file').setInputFiles({ name: 'stores.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await page.getByRole('button', { name: 'Preview' }).click();

  await expect(page.getByTestId('import-counts')).toHaveText('2 rows: 1 valid, 1 with errors.');
  const bad = page.locator('[data-testid="import-row"][data-valid="false"]');
  await expect(bad).toHaveCount(1);
  await expect(bad).toContainText('Unknown product slug: frolic-moonshine.');
  await expect(page.getByRole('button', { name: 'Import all rows' })).toBeDisabled();
  await expect(page.getByText('nothing would be written')).toBeVisible();

  await page.getByRole('button', { name: 'Import only the 1 valid row' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard\/store-locator$/);
  await expect(page.getByText('Imported 1 store')).toBeVisible();

  await page.getByLabel('Search stores').fill('Tideline');
  await page.getByLabel('Search stores').press('Enter');
  await expect(page).toHaveURL(/\?q=Tideline/);
  const table = page.getByRole('table', { name: 'Store locations' });
  await expect(table.getByRole('link', { name })).toBeVisible();
  await expect(table.getByRole('row')).toHaveCount(2);

  // The editor: a wrong latitude is shown on its field, a right one saves.
  await table.getByRole('link', { name }).click();
  await expect(page.getByRole('heading', { name: `Edit ${name}` })).toBeVisible();
  await expect(page.getByLabel('Sunday closed')).toBeChecked();
  await expect(page.getByLabel('Monday opens')).toHaveValue('10:00');
  await page.getByLabel('Latitude').fill('123');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('The latitude must be between -90 and 90.')).toBeVisible();
  await expect(page.getByLabel('Latitude')).toBeFocused();
  await page.getByLabel('Latitude').fill('53.2709');
  await page.getByLabel('Sunday closed').uncheck();
  await page.getByLabel('Sunday opens').fill('12:00');
  await page.getByLabel('Sunday closes').fill('18:00');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Store saved')).toBeVisible();
  await expect(page.getByLabel('Sunday closed')).not.toBeChecked();
  await expect(page.getByLabel('Sunday closes')).toHaveValue('18:00');
});
