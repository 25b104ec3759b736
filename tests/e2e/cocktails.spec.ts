import { expect, type Page, test } from '@playwright/test';
import { bringToLife, passGate, seriousAxeViolations } from './fixtures';

async function openCocktails(page: Page, path = '/cocktails') {
  await page.goto(path);
  await passGate(page);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
}

const count = (page: Page) => page.getByTestId('cocktail-count');
const cards = (page: Page) => page.getByTestId('cocktail-card');
const spiritFilter = (page: Page) => page.getByRole('navigation', { name: 'Base spirit' });
const difficultyFilter = (page: Page) => page.getByRole('navigation', { name: 'Difficulty' });

async function expectNoSeriousAxeIssue(page: Page, label: string) {
  const bad = await seriousAxeViolations(page);
  expect(bad.map((v) => `${label}: ${v.id} ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
}

test.describe('cocktail recipes', () => {
  test('the list shows the published recipes, never the draft', async ({ page }) => {
    await openCocktails(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Cocktail recipes' })).toBeVisible();
    await expect(count(page)).toHaveText('17 cocktails');
    await expect(cards(page)).toHaveCount(17);
    for (const name of ['Negroni', 'Espresso Martini', 'Old Fashioned', 'Daiquiri', 'White Russian']) {
      await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
    }
    await expect(page.getByText('Winter Spice Punch')).toHaveCount(0);
    const names = await cards(page).getByRole('heading', { level: 2 }).allTextContents();
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    // Every illustration has its size reserved before it loads.
    const sized = await cards(page)
      .locator('img')
      .evaluateAll((imgs) => imgs.every((i) => i.getAttribute('width') && i.getAttribute('height')));
    expect(sized).toBe(true);
  });

  test('the filters narrow the list, live in the URL and keep the scroll position', async ({ page }) => {
    await openCocktails(page);
    // The filters keep the scroll position only when React runs the page.
    await bringToLife(page);
    await page.evaluate(() => window.scrollTo(0, 120));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(120);
    await spiritFilter(page).getByRole('link', { name: 'Rum' }).click();
    await expect(page).toHaveURL(/\/cocktails\?baseSpirit=rum$/);
    await expect(count(page)).toHaveText('3 cocktails');
    await expect(spiritFilter(page).getByRole('link', { name: 'Rum' })).toHaveAttribute('aria-current', 'page');
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await expect(page.getByRole('heading', { name: 'Daiquiri' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Negroni' })).toHaveCount(0);

    await difficultyFilter(page).getByRole('link', { name: 'Easy' }).click();
    await expect(page).toHaveURL(/\/cocktails\?baseSpirit=rum&difficulty=easy$/);
    await expect(count(page)).toHaveText('1 cocktail');
    await expect(cards(page).getByRole('heading')).toHaveText(['Spiced Storm']);

    // A shared link shows the same list.
    await page.reload();
    await expect(count(page)).toHaveText('1 cocktail');

    await spiritFilter(page).getByRole('link', { name: 'Liqueur' }).click();
    await difficultyFilter(page).getByRole('link', { name: 'Hard' }).click();
    await expect(page).toHaveURL(/\/cocktails\?baseSpirit=liqueur&difficulty=hard$/);
    await expect(page.getByText('No cocktails match these filters.')).toBeVisible();
    await expect(count(page)).toHaveText('0 cocktails');
    await page.getByRole('link', { name: 'Show all cocktails' }).click();
    await expect(page).toHaveURL(/\/cocktails$/);
    await expect(count(page)).toHaveText('17 cocktails');
  });

  test('the filters work without JavaScript', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await openCocktails(page);
    await spiritFilter(page).getByRole('link', { name: 'Gin' }).click();
    await expect(page).toHaveURL(/\/cocktails\?baseSpirit=gin$/);
    await expect(count(page)).toHaveText('7 cocktails');
    await context.close();
  });

  test('a recipe shows its ingredients in order, its method and links to our product', async ({ page }) => {
    await openCocktails(page);
    await page.getByRole('link', { name: 'Negroni' }).click();
    await expect(page).toHaveURL(/\/cocktails\/negroni$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Negroni' })).toBeVisible();
    await expect(page).toHaveTitle('Negroni cocktail recipe · Frolic');
    await expect(page.getByRole('img', { name: 'Negroni served in a rocks glass' })).toBeVisible();

    const ingredients = page.getByTestId('ingredients').getByRole('listitem');
    await expect(ingredients).toHaveText(['25 ml Frolic London Dry Gin', '25 ml Campari', '25 ml sweet vermouth', 'Orange peel, to garnish']);
    await expect(page.getByTestId('steps').getByRole('listitem')).toHaveCount(4);
    await expect(page.getByTestId('steps').getByRole('listitem').first()).toHaveText(/Fill a mixing glass with ice/);
    await expect(page.getByTestId('recipe-facts')).toHaveText(/Glass\s*Rocks glass\s*Difficulty\s*Easy\s*Prep time\s*3 minutes/);
    await expect(page.getByText('Share only with people of legal drinking age.')).toBeVisible();

    const madeWith = page.getByRole('region', { name: 'Made with' });
    await expect(madeWith.getByRole('link', { name: 'Frolic London Dry Gin' })).toHaveAttribute('href', '/products/frolic-london-dry-gin');

    await ingredients.first().getByRole('link', { name: 'Frolic London Dry Gin' }).click();
    await expect(page).toHaveURL(/\/products\/frolic-london-dry-gin$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Frolic London Dry Gin' })).toBeVisible();
  });

  test('a recipe carries schema.org Recipe data that parses', async ({ page }) => {
    await openCocktails(page, '/cocktails/espresso-martini');
    const raw = await page.locator('script[type="application/ld+json"]').first().textContent();
    const ld = JSON.parse(raw as string);
    expect(ld['@type']).toBe('Recipe');
    expect(ld.name).toBe('Espresso Martini');
    expect(ld.recipeIngredient.slice(0, 2)).toEqual(['50 ml Frolic Wheat Vodka', '25 ml Frolic Coffee Liqueur']);
    expect(ld.recipeInstructions).toHaveLength(4);
    expect(ld.recipeInstructions[0]).toMatchObject({ '@type': 'HowToStep', position: 1 });
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', 'Espresso Martini · Frolic');
  });

  test('an unknown or unpublished recipe is a 404', async ({ page }) => {
    await openCocktails(page);
    for (const path of ['/cocktails/no-such-drink', '/cocktails/winter-spice-punch']) {
      const res = await page.goto(path);
      expect(res?.status(), path).toBe(404);
    }
  });

  test('fits a 360px screen without sideways scrolling', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await openCocktails(page);
    for (const path of ['/cocktails', '/cocktails/old-fashioned']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(360);
    }
  });

  test('axe finds no serious or critical issue on the list, a filtered list and a recipe', async ({ page }) => {
    // axe over several pages is slow work: room for a busy machine.
    test.slow();
    await openCocktails(page);
    await expectNoSeriousAxeIssue(page, '/cocktails');
    for (const path of ['/cocktails?baseSpirit=liqueur&difficulty=hard', '/cocktails/whisky-sour']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectNoSeriousAxeIssue(page, path);
    }
  });
});
