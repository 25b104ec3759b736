// The journey: a staff member writes a cocktail recipe with an image and publishes it; a
// visitor, past the age gate, finds it on /cocktails and opens its page with the ingredients and the
// image. It runs on a server of its own, so the new recipe never shows up in the other journeys' lists.
import { type Browser, expect, type Page, test } from '@playwright/test';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { Database } from '../../server/db/client';
import { auditLogs, cocktails } from '../../server/db/schema';
import { passGate, seriousAxeViolations, signInAsDemo } from './fixtures';
import { type OwnServer, startOwnServer } from './own-server';
import { TIME_SCALE } from '../../playwright.config';

const NAME = 'Frolic Garden Fizz';
const SLUG = 'frolic-garden-fizz';

async function fillIngredient(page: Page, n: number, name: string, amount: string, unit: string) {
  const row = page.getByRole('group', { name: `Ingredient ${n}` });
  await row.getByLabel('Name').fill(name);
  await row.getByLabel('Amount').fill(amount);
  await row.getByLabel('Unit').selectOption(unit);
  return row;
}

async function staffPublishRecipe(page: Page, own: OwnServer) {
  const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#6a8f3c' } })
    .png()
    .toBuffer();

  // Staff: Manage Recipes → New recipe.
  await signInAsDemo(page, 'employee', { base: own.url });
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.goto(`${own.url}/admin/dashboard/cocktails`);
  await expect(page.getByRole('heading', { level: 1, name: 'Manage Recipes' })).toBeVisible();
  await page.getByRole('link', { name: 'New recipe' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New recipe' })).toBeVisible();

  const about = page.getByRole('region', { name: 'About the drink' });
  await about.getByLabel('Name').fill(NAME);
  await expect(about.getByLabel('Slug')).toHaveValue(SLUG);
  await about.getByLabel('Description').fill('Our London Dry lengthened with elderflower and soda: a long, green summer drink.');
  await about.getByLabel('Base spirit').selectOption('gin');
  await about.getByLabel('Glass').fill('Highball glass');
  await about.getByLabel('Difficulty').selectOption('easy');
  await about.getByLabel('Preparation time (minutes)').fill('3');

  const gin = await fillIngredient(page, 1, 'Frolic London Dry Gin', '50', 'ml');
  await gin.getByLabel('Our product').selectOption({ label: 'Frolic London Dry Gin' });
  await page.getByRole('button', { name: 'Add ingredient' }).click();
  await fillIngredient(page, 2, 'soda water', '', 'to top');
  await page.getByRole('button', { name: 'Add ingredient' }).click();
  await fillIngredient(page, 3, 'elderflower cordial', '15', 'ml');
  // The cordial goes before the soda.
  await page.getByRole('button', { name: 'Move ingredient 3 up' }).click();
  await expect(page.getByRole('group', { name: 'Ingredient 2' }).getByLabel('Name')).toHaveValue('elderflower cordial');

  await page.getByRole('textbox', { name: 'Step 1', exact: true }).fill('Fill a highball glass with ice.');
  await page.getByRole('button', { name: 'Add step' }).click();
  await page.getByRole('textbox', { name: 'Step 2', exact: true }).fill('Add the gin and the cordial, top with soda and stir once.');

  expect((await seriousAxeViolations(page, 'main')).map((v) => `${v.id}: ${v.help}`)).toEqual([]);

  // Publishing needs an image: the server says so next to the field.
  await page.getByLabel('Published').check();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Choose an image before publishing the recipe.')).toBeVisible();

  // The media picker: upload a new image from the library dialog; it is chosen and the dialog closes.
  await page.getByRole('button', { name: 'Choose Image' }).click();
  const library = page.getByRole('dialog', { name: 'Media library' });
  await expect(library).toBeVisible();
  await library.getByLabel('Upload new file').setInputFiles({ name: 'garden-fizz.png', mimeType: 'image/png', buffer: png });
  await expect(library).toBeHidden({ timeout: 15_000 });

  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Recipe saved')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/dashboard\/cocktails\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: `Edit ${NAME}` })).toBeVisible();
}

async function visitorFindsRecipe(browser: Browser, own: OwnServer) {
  const visitor = await browser.newContext();
  const guest = await visitor.newPage();
  await guest.goto(`${own.url}/cocktails`);
  await passGate(guest);
  await guest.getByRole('link', { name: NAME }).click();
  await expect(guest).toHaveURL(new RegExp(`/cocktails/${SLUG}$`));
  await expect(guest.getByRole('heading', { level: 1, name: NAME })).toBeVisible();
  await expect(guest.getByTestId('ingredients').getByRole('listitem')).toHaveText([
    /50 ml\s*Frolic London Dry Gin/,
    /15 ml\s*elderflower cordial/,
    /soda water, to top/i,
  ]);
  await expect(guest.getByTestId('steps')).toContainText('top with soda and stir once');
  const image = guest.getByRole('img', { name: `${NAME} served in a highball glass` });
  await expect(image).toHaveAttribute('src', /^\/media\/[0-9a-f-]{36}\/web$/);
  // The uploaded file is really served: the browser decoded it.
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  await visitor.close();
}

test('staff publish a cocktail with an image; a visitor finds it on /cocktails and opens it', async ({ page, browser }) => {
  test.setTimeout(90_000 * TIME_SCALE);
  const own = await startOwnServer(Number(process.env.E2E_PORT ?? 3210) + 100 + test.info().workerIndex, { demo: true });
  let database: Database | null = null;
  try {
    await staffPublishRecipe(page, own);
    await visitorFindsRecipe(browser, own);

    // The recipe and its audit row, written by the employee.
    database = await own.stopAndOpenDatabase();
    const [row] = await database.db.select().from(cocktails).where(eq(cocktails.slug, SLUG));
    expect(row).toMatchObject({ published: true, glass: 'Highball glass' });
    expect(row!.imageMediaId).toBeTruthy();
    const audits = await database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.tableName, 'cocktails'), eq(auditLogs.recordId, String(row!.id))));
    expect(audits.map((a) => a.action)).toEqual(['INSERT']);
  } finally {
    // Stops the server when the journey failed half-way too.
    database ??= await own.stopAndOpenDatabase();
    await database.close();
  }
});
