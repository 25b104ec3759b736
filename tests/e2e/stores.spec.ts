import { expect, type Page, test } from '@playwright/test';
import { passGate, seriousAxeViolations } from './fixtures';

const SEARCH_LABEL = 'Town, city, postcode or store name';

async function openLocator(page: Page, path = '/store-locator') {
  await page.goto(path);
  await passGate(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Find a store' })).toBeVisible();
}

async function searchFor(page: Page, place: string) {
  await page.getByLabel(SEARCH_LABEL).fill(place);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
}

const cards = (page: Page) => page.getByTestId('store-card');

async function distances(page: Page): Promise<number[]> {
  return cards(page).evaluateAll((els) => els.map((el) => Number(el.getAttribute('data-distance-km'))));
}

test.describe('store locator', () => {
  test('a city search lists the stores nearest first, and the search lives in the URL', async ({ page }) => {
    const problems: string[] = [];
    page.on('console', (msg) => {
      if (/Content Security Policy|Refused to|hydrat|did not match/i.test(msg.text())) problems.push(msg.text());
    });
    await openLocator(page);
    await searchFor(page, 'London');
    await expect(page).toHaveURL(/[?&]q=London(&|$)/);
    await expect(page.getByRole('heading', { level: 2, name: 'Stores near London, England, United Kingdom' })).toBeVisible();
    await expect(cards(page)).toHaveCount(4);
    await expect(cards(page).first().getByRole('heading', { level: 3 })).toHaveText('The Juniper Cellar');
    const ds = await distances(page);
    expect(ds).toEqual([...ds].sort((a, b) => a - b));
    // The visitor passed the gate in the UK: miles.
    await expect(cards(page).first().getByTestId('store-distance')).toContainText(/\d mi/);
    const first = cards(page).first();
    await expect(first.getByRole('link', { name: '+44 20 7946 0348' })).toHaveAttribute('href', 'tel:+442079460348');
    const directions = first.getByRole('link', { name: /Directions to The Juniper Cellar.*external site/ });
    await expect(directions).toHaveAttribute('href', 'https://www.google.com/maps/dir/?api=1&destination=51.51360,-0.12700');
    await expect(directions).toHaveAttribute('rel', 'noopener noreferrer');
    // Each card marks one day of its opening hours as today: London's day, by the clock the page came with.
    const londonDay = new Intl.DateTimeFormat('en-GB', { weekday: 'long', timeZone: 'Europe/London' }).format(new Date());
    for (const card of await cards(page).all()) {
      await expect(card.locator('[data-today]')).toHaveCount(1);
      await expect(card.locator('[data-today] dt')).toContainText(londonDay);
    }

    // A shared link shows the same search.
    await page.reload();
    await expect(cards(page)).toHaveCount(4);
    expect(problems).toEqual([]);
  });

  test('the radius and the product filter change the results and the URL', async ({ page }) => {
    await openLocator(page);
    await searchFor(page, 'London');
    await expect(cards(page)).toHaveCount(4);

    await page.getByLabel('Within').selectOption('50');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL(/radius=50/);
    await expect(cards(page)).toHaveCount(5);
    await expect(page.getByRole('heading', { name: 'Lanes Spirits Co.' })).toBeVisible();

    await page.getByLabel('Spirit').selectOption({ label: 'Frolic Navy Strength Gin' });
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL(/product=frolic-navy-strength-gin/);
    await expect(cards(page)).toHaveCount(2);
    await expect(page.getByTestId('results-summary')).toContainText('2 stores that carry Frolic Navy Strength Gin within 50 miles of London');

    // Switching the unit keeps the search and converts the radius.
    await page.getByRole('link', { name: 'kilometres' }).click();
    await expect(page).toHaveURL(/unit=km/);
    await expect(page).toHaveURL(/radius=100/);
    await expect(cards(page).first().getByTestId('store-distance')).toContainText(/\d km/);
  });

  test('an unknown place is answered with a clear message', async ({ page }) => {
    await openLocator(page);
    await searchFor(page, 'Xyzzyville');
    await expect(page.getByTestId('results-summary')).toContainText('We couldn’t find a place, postcode or store called “Xyzzyville”');
    await expect(cards(page)).toHaveCount(0);
  });

  test('"Use my location" refused: a clear message, and the text search still works', async ({ browser }) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await openLocator(page);
    await page.getByRole('button', { name: 'Use my location' }).click();
    await expect(page.getByRole('alert')).toContainText('permission was refused');
    await expect(page).toHaveURL(/\/store-locator$/);
    await searchFor(page, 'Glasgow');
    await expect(cards(page).first().getByRole('heading', { level: 3 })).toHaveText('Merchant City Drinks');
    await context.close();
  });

  test('"Use my location" granted: the nearest store first', async ({ browser }) => {
    const context = await browser.newContext({ permissions: ['geolocation'], geolocation: { latitude: 53.4794, longitude: -2.2453 } });
    const page = await context.newPage();
    await openLocator(page);
    await page.getByRole('button', { name: 'Use my location' }).click();
    await expect(page).toHaveURL(/lat=53\.47940&lng=-2\.24530/);
    await expect(page.getByRole('heading', { level: 2, name: 'Stores near you' })).toBeVisible();
    await expect(cards(page).first().getByRole('heading', { level: 3 })).toHaveText('Northern Quarter Spirits');
    await context.close();
  });

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });

    test('the search form works as a plain form', async ({ page }) => {
      await openLocator(page);
      await expect(page.getByRole('button', { name: 'Use my location' })).toHaveCount(0);
      await searchFor(page, 'Edinburgh');
      await expect(page).toHaveURL(/q=Edinburgh/);
      await expect(cards(page).first().getByRole('heading', { level: 3 })).toHaveText('Stockbridge Whisky House');
      await page.getByLabel('Spirit').selectOption({ label: 'Frolic Coffee Liqueur' });
      await page.getByRole('button', { name: 'Search', exact: true }).click();
      await expect(page).toHaveURL(/product=frolic-coffee-liqueur/);
      await expect(page.getByTestId('results-summary')).toContainText('No store that carries Frolic Coffee Liqueur');
    });
  });
});

test.describe('buy online', () => {
  test('lists the retailers of the visitor’s market with a notice that links leave the site', async ({ page }) => {
    await page.goto('/buy-online');
    await passGate(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Buy Frolic online' })).toBeVisible();
    await expect(page.getByTestId('external-notice')).toContainText('You’ll leave the Frolic site');
    const link = page.getByRole('link', { name: 'Buy Frolic London Dry Gin at The Whisky Vault (opens an external site in a new tab)' });
    await expect(link).toHaveAttribute('href', 'https://www.thewhiskyvault.example/spirits/frolic/frolic-london-dry-gin');
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    await expect(page.getByText('£27.99')).toBeVisible();

    await page.getByLabel('Spirit').selectOption({ label: 'Frolic Single Malt 12 Year Old' });
    await page.getByRole('button', { name: 'Show' }).click();
    await expect(page).toHaveURL(/\/buy-online\?product=frolic-single-malt-12$/);
    await expect(page.getByTestId('retailer-product')).toHaveCount(1);
    await expect(page.getByRole('heading', { level: 2, name: 'Frolic Single Malt 12 Year Old' })).toBeVisible();
  });
});

test('axe finds no serious or critical issue on the locator and buy-online pages', async ({ page }) => {
  // axe over several pages is slow work: room for a busy machine.
  test.slow();
  await openLocator(page);
  for (const path of ['/store-locator', '/store-locator?q=London&radius=50&unit=mi', '/store-locator?q=Tokyo', '/store-locator?q=Xyzzy', '/buy-online']) {
    await page.goto(path);
    const bad = await seriousAxeViolations(page);
    expect(bad.map((v) => `${path}: ${v.id} ${v.help}`)).toEqual([]);
  }
});
