import { expect, type Page, test } from '@playwright/test';
import { businessInquiries, contactMessages } from '../../server/db/schema';
import { passGate, seriousAxeViolations } from './fixtures';
import { startOwnServer } from './own-server';

async function fillContact(page: Page) {
  await page.getByLabel('Your name').fill('Grace Hopper');
  await page.getByLabel('Email address').fill('grace@example.com');
  await page.getByLabel('Subject').selectOption('Events');
  await page.getByLabel('Message').fill('Do you host gin tastings for groups of twelve?');
}

test('contact and business inquiry are stored in the database', async ({ page }) => {
  test.slow();
  const own = await startOwnServer(3290 + test.info().workerIndex);
  await page.goto(`${own.url}/contact`);
  await passGate(page);
  // Humans take a moment; the server drops forms sent faster than a person could type.
  await page.waitForTimeout(1600);
  await fillContact(page);
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByRole('heading', { name: 'Thank you — your message is on its way' })).toBeVisible();

  await page.goto(`${own.url}/business-inquiry`);
  await page.waitForTimeout(1600);
  await page.getByLabel('Company').fill('Northern Cellars GmbH');
  await page.getByLabel('Your name').fill('Jonas Weber');
  await page.getByLabel('Email address').fill('jonas@northern.example');
  await page.getByLabel('Partner type').selectOption('importer');
  await page.getByLabel('Licence number').fill('DE-IMP-4471');
  await page.getByLabel('Country').selectOption('DE');
  await page.getByLabel('Region').fill('Hamburg');
  await page.getByLabel('Expected volume').selectOption('Over 1,000 cases a year');
  await page.getByLabel('Tell us about your business').fill('We import premium spirits into northern Germany and Denmark.');
  await page.getByRole('button', { name: 'Send inquiry' }).click();
  await expect(page.getByRole('heading', { name: 'Thank you for your inquiry' })).toBeVisible();

  const database = await own.stopAndOpenDatabase();
  try {
    const contacts = await database.db.select().from(contactMessages);
    expect(contacts).toMatchObject([{ name: 'Grace Hopper', email: 'grace@example.com', subject: 'Events', status: 'new' }]);
    const inquiries = await database.db.select().from(businessInquiries);
    expect(inquiries).toMatchObject([
      { company: 'Northern Cellars GmbH', partnerType: 'importer', licenceNumber: 'DE-IMP-4471', country: 'DE', region: 'Hamburg' },
    ]);
  } finally {
    await database.close();
  }
});

test.describe('on the shared server', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/contact');
    await passGate(page);
  });

  test('field errors show inline, next to their fields, and keep what was typed', async ({ page }) => {
    await page.getByLabel('Email address').fill('not-an-email');
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByText('Enter your name.')).toBeVisible();
    await expect(page.getByLabel('Email address')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel('Email address')).toHaveAccessibleDescription('Enter a valid email address.');
    await expect(page.getByLabel('Email address')).toHaveValue('not-an-email');
  });

  test('the footer changes the market and its currency', async ({ page }) => {
    await page.goto('/products/frolic-wheat-vodka');
    await expect(page.getByText('£23.95')).toBeVisible();
    await page.getByLabel('Market and currency').selectOption('EU');
    await page.getByRole('button', { name: 'Change' }).click();
    await expect(page).toHaveURL(/\/products\/frolic-wheat-vodka$/);
    await expect(page.getByText('€26.90')).toBeVisible();
  });

  test('legal pages are linked from the footer', async ({ page }) => {
    for (const [link, heading] of [
      ['Privacy Policy', 'Privacy Policy'],
      ['Terms of Use', 'Terms of Use'],
      ['Cookie Notice', 'Cookie Notice'],
      ['Imprint', 'Imprint'],
    ]) {
      await page.getByRole('navigation', { name: 'Legal' }).getByRole('link', { name: link }).click();
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    }
  });

  test('axe finds no serious or critical issue on the content and form pages', async ({ page }) => {
    // axe over several pages is slow work: room for a busy machine.
    test.slow();
    for (const path of ['/contact', '/business-inquiry', '/about', '/drink-responsibly', '/privacy', '/cookies', '/imprint', '/terms']) {
      await page.goto(path);
      expect((await seriousAxeViolations(page)).map((v) => `${path}: ${v.id}`)).toEqual([]);
    }
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the contact form works as a plain form', async ({ page }) => {
    await page.goto('/contact');
    await passGate(page);
    await page.getByLabel('Your name').fill('');
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByText('Enter your name.')).toBeVisible();
    await page.waitForTimeout(1600);
    await fillContact(page);
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByRole('heading', { name: 'Thank you — your message is on its way' })).toBeVisible();
  });
});
