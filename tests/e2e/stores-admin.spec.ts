// Staff journey on the Store Locator: import a CSV with one bad row (see the row's error, import only
// the valid rows), find the new store in the table, then fix its details in the editor.
import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD } from '../../playwright.config';
import { passGate, seriousAxeViolations, signInAsDemo } from './fixtures';

test('an admin imports the valid rows of a CSV and edits the new store', async ({ page }) => {
  test.slow(); // a sign-in, an import and an edit: room for a busy machine
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

// Bulk data is Database Management's (issue 13): an employee edits stores but is not offered the
// CSV, and the import page sends them away as any page they may not open.
test('an employee sees no CSV import or export, and the import page answers Access Denied', async ({ page }) => {
  await signInAsDemo(page, 'employee');
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.goto('/admin/dashboard/store-locator');
  await expect(page.getByRole('heading', { name: 'Store Locator' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'New store' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Import CSV' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Export CSV' })).toHaveCount(0);
  await page.goto('/admin/dashboard/store-locator/import');
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.getByText("You don't have permission to access this page.")).toBeVisible();
});

// A browser whose locale shows AM/PM in time inputs: the hours must still read and take 24-hour times.
test.describe('in a US-English browser', () => {
  test.use({ locale: 'en-US', timezoneId: 'America/New_York' });

  test('staff fill the coordinates from the address, see where they land, and type 24-hour opening hours', async ({ page }) => {
    test.slow(); // a sign-in and a whole store form
    await signInAsDemo(page, 'admin');
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await page.goto('/admin/dashboard/store-locator/new');
    await expect(page.getByRole('heading', { name: 'New store' })).toBeVisible();

    const name = `Cottonopolis Cellars ${Date.now()}`;
    await page.getByLabel('Store name').fill(name);
    await page.getByLabel('Street address').fill('3 Piccadilly Gardens');
    await page.getByLabel('Town or city').fill('Atlantis');
    await page.getByLabel(/^Country code/).fill('GB');

    // Nothing matches: said, and nothing filled.
    await page.getByRole('button', { name: 'Use address position' }).click();
    await expect(page.getByTestId('position-lookup')).toHaveText(
      'Nothing in the gazetteer matches “Atlantis” in GB. Check the town and the postcode (the gazetteer knows towns and UK postcode areas), or type the coordinates.',
    );
    await expect(page.getByLabel('Latitude')).toHaveValue('');

    await page.getByLabel('Town or city').fill('Manchester');
    await page.getByRole('button', { name: 'Use address position' }).click();
    await expect(page.getByTestId('position-lookup')).toContainText('Matched the town Manchester, England, United Kingdom');
    await expect(page.getByLabel('Latitude')).toHaveValue('53.4809');
    await expect(page.getByLabel('Longitude')).toHaveValue('-2.2374');
    await expect(page.getByTestId('position-lands')).toHaveText('At the centre of Manchester, England, United Kingdom.');
    await expect(page.getByTestId('position-plot')).toBeVisible();
    expect((await seriousAxeViolations(page, 'form')).map((v) => `${v.id} ${v.help}`)).toEqual([]);

    // Moved by hand to the shop's door: the distance from the centre follows; a lost minus sign is caught.
    await page.getByLabel('Longitude').fill('-2.2364');
    await expect(page.getByTestId('position-lands')).toHaveText('0.1 km from the centre of Manchester, England, United Kingdom.');
    await page.getByLabel('Longitude').fill('2.2364');
    await expect(page.getByTestId('position-lands')).toContainText('No town in the gazetteer within 100 km');
    await page.getByLabel('Longitude').fill('-2.2364');
    await expect(page.getByTestId('position-lands')).toContainText('from the centre of Manchester');

    // Hours: 24-hour text whatever the browser's locale; "930" is tidied to 09:30.
    const opens = page.getByLabel('Monday opens');
    const closes = page.getByLabel('Monday closes');
    await expect(opens).toHaveAttribute('type', 'text');
    await expect(opens).toHaveAttribute('inputmode', 'numeric');
    await opens.fill('930');
    await opens.blur();
    await expect(opens).toHaveValue('09:30');
    await closes.fill('18:30');
    await expect(closes).toHaveValue('18:30');
    await page.getByLabel('Tuesday closes').fill('25:00');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('Use 24-hour time, e.g. 09:00.')).toBeVisible();
    await page.getByLabel('Tuesday closes').fill('18:30');
    // Hidden from visitors: the locator journeys share this server and search around Manchester too.
    await page.getByLabel('Show on the public store locator').uncheck();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('Store saved')).toBeVisible();
    await expect(page.getByRole('heading', { name: `Edit ${name}` })).toBeVisible();
    await expect(page.getByLabel('Monday opens')).toHaveValue('09:30');
    await expect(page.getByLabel('Monday closes')).toHaveValue('18:30');
    await expect(page.getByLabel('Latitude')).toHaveValue('53.4809');
    await expect(page.getByLabel('Longitude')).toHaveValue('-2.2364');
  });
});
