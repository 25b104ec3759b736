// Tax rules and business details (issue 44), on a server of the journey's own (it adds a rule and
// changes a distributor's row, which other journeys' invoices read). The demo admin (Finance) opens
// Tax rules from the sidebar, sees an example figure labelled, adds a VAT rule from a later date and
// finds it listed as upcoming beside the rule in force; the page works on a phone. The demo
// distributor's member opens Business details from its sidebar, is told on the field that its IBAN is
// wrong, then saves its VAT number and IBAN and finds them saved, in their compact forms.
import { expect, type Page, test } from '@playwright/test';
import { seriousAxeIssues, signInAsDemo } from './fixtures';
import { startOwnServer } from './own-server';
import { TIME_SCALE } from '../../playwright.config';

const PHONE = { width: 390, height: 844 };
const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

test('finance staff add a VAT rule from a later date; a distributor keeps its VAT number and IBAN', async ({ browser }) => {
  test.setTimeout(120_000 * TIME_SCALE);
  const own = await startOwnServer(Number(process.env.E2E_PORT ?? 3210) + 1170 + test.info().workerIndex, { demo: true });
  try {
    const admin = await (await browser.newContext({ baseURL: own.url })).newPage();
    await signInAsDemo(admin, 'admin');
    await expect(admin).toHaveURL(/\/admin\/dashboard$/);
    await admin.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Tax rules' }).click();
    await expect(admin).toHaveURL(/\/admin\/dashboard\/tax-rules$/);
    await expect(admin.getByRole('heading', { level: 1, name: 'Tax rules' })).toBeVisible();
    // Every jurisdiction in force today; Germany's VAT is an example figure, labelled so.
    const germany = admin.locator('tr[data-jurisdiction="DE"]');
    await expect(germany.getByTestId('vat-in-force')).toContainText('S 19%');
    await expect(germany.getByTestId('vat-in-force')).toContainText('Example figure — verify before relying on it');
    expect(await seriousAxeIssues(admin)).toEqual([]);

    // A new German rate from a month on.
    const from = inDays(30);
    const form = admin.getByRole('form', { name: 'Add a VAT rule' });
    await form.getByLabel('Jurisdiction').selectOption('DE');
    await form.getByLabel('Category').selectOption('S');
    // A rate nobody charges is refused on its field.
    await form.getByLabel('Rate (%)').fill('120');
    await form.getByLabel('Effective from').fill(from);
    await form.getByRole('button', { name: 'Add VAT rule' }).click();
    await expect(form.getByText('The rate is a percentage from 0 to 100.')).toBeVisible();
    await expect(form.getByLabel('Rate (%)')).toHaveAttribute('aria-invalid', 'true');
    await form.getByLabel('Rate (%)').fill('21');
    await form.getByLabel('Source').fill('Journey: an assumed rise, not a published one');
    await form.getByRole('button', { name: 'Add VAT rule' }).click();
    await expect(admin.getByRole('status').filter({ hasText: 'VAT rule added' })).toBeVisible();
    await expect(admin).toHaveURL(/\/admin\/dashboard\/tax-rules\?jurisdiction=DE$/);
    await expect(admin.getByRole('heading', { level: 2, name: 'Germany (EU)' })).toBeVisible();
    const upcoming = admin.locator(`tr[data-testid="vat-rule"][data-from="${from}"]`);
    await expect(upcoming).toHaveAttribute('data-status', 'upcoming');
    await expect(upcoming.getByTestId('rule-status')).toHaveText('Upcoming');
    await expect(upcoming).toContainText('S 21%');
    await expect(upcoming).toContainText('Journey: an assumed rise');
    await expect(upcoming.getByRole('button', { name: 'Withdraw' })).toBeVisible();
    // The rule in force stays, its example figure labelled, and it cannot be withdrawn.
    const inForce = admin.locator('tr[data-testid="vat-rule"][data-status="in_force"]');
    await expect(inForce).toContainText('S 19%');
    await expect(inForce.getByTestId('example-figure')).toHaveText('Example figure — verify before relying on it');
    await expect(inForce.getByRole('button', { name: 'Withdraw' })).toHaveCount(0);

    // On a phone: nothing scrolls sideways, and the forms are there.
    await admin.setViewportSize(PHONE);
    await admin.reload();
    await expect(admin.getByRole('heading', { level: 1, name: 'Tax rules' })).toBeVisible();
    await expect(admin.getByRole('form', { name: 'Add excise duty bands' })).toBeVisible();
    expect(await overflow(admin)).toBeLessThanOrEqual(0);
    expect(await seriousAxeIssues(admin)).toEqual([]);

    // The distributor's member: its own business details, from its sidebar.
    const member = await (await browser.newContext({ baseURL: own.url })).newPage();
    await signInAsDemo(member, 'distributor', { path: '/partner-login' });
    await expect(member).toHaveURL(/\/partner\/dashboard\/distributor$/);
    await member.getByRole('navigation', { name: 'Partner' }).getByRole('link', { name: 'Business details' }).click();
    await expect(member).toHaveURL(/\/partner\/dashboard\/business-details$/);
    await expect(member.getByRole('heading', { level: 1, name: 'Business details' })).toBeVisible();
    await expect(member.getByTestId('registered-address')).toContainText('Pennine Drinks Distribution Ltd');
    const details = member.getByRole('form', { name: 'Business details' });
    await details.getByLabel('VAT number').fill('GB 980 7806 84');
    await details.getByLabel('Account name').fill('Pennine Drinks Distribution Ltd');
    await details.getByLabel('Bank account').fill('GB82 WEST 1234 5698 7654 33');
    // Its e-invoices: a Peppol endpoint (a GLN) and the XML on its invoice emails (issue 45).
    await details.getByLabel('Peppol scheme').selectOption('0088');
    await details.getByLabel('Peppol identifier').fill('579 0000 436057');
    await details.getByLabel(/Attach the e-invoice/).check();
    await details.getByRole('button', { name: 'Save' }).click();
    await expect(details.getByText('This IBAN is not valid: check it for a typo.')).toBeVisible();
    await expect(details.getByLabel('Bank account')).toHaveAttribute('aria-invalid', 'true');
    await details.getByLabel('Bank account').fill('GB82 WEST 1234 5698 7654 32');
    await details.getByRole('button', { name: 'Save' }).click();
    await expect(member.getByRole('status').filter({ hasText: 'Business details saved' })).toBeVisible();
    await member.reload();
    await expect(details.getByLabel('VAT number')).toHaveValue('GB980780684');
    await expect(details.getByLabel('Bank account')).toHaveValue('GB82WEST12345698765432');
    await expect(details.getByLabel('Account name')).toHaveValue('Pennine Drinks Distribution Ltd');
    await expect(details.getByLabel('Peppol scheme')).toHaveValue('0088');
    await expect(details.getByLabel('Peppol identifier')).toHaveValue('5790000436057');
    await expect(details.getByLabel(/Attach the e-invoice/)).toBeChecked();
    await member.setViewportSize(PHONE);
    expect(await overflow(member)).toBeLessThanOrEqual(0);
    expect(await seriousAxeIssues(member)).toEqual([]);
  } finally {
    await own.stopAndOpenDatabase().then((d) => d.close());
  }
});
