// Onboarding a trading partner (issue 14): a distributor sends the public business inquiry; staff turn
// it into a pending organisation under the demo importer, inviting its contact, in one step from the
// inquiry's page; the invitee opens the emailed link (read from the master admin's outbox), chooses a
// password and lands signed in on the distributor dashboard; staff see the organisation pending.
import { expect, type Page, test } from '@playwright/test';
import { passGate, seriousAxeViolations, signInAsDemo } from './fixtures';
import { startOwnServer } from './own-server';
import { TIME_SCALE } from '../../playwright.config';

// Beside the shared server's port (E2E_PORT): helpers running their specs at once never share one.
const OWN_PORT = Number(process.env.E2E_PORT ?? 3221) + 500;

/** Serious and critical accessibility problems on the page, once its 100 ms fade-in has finished. */
async function axeProblems(page: Page) {
  await page.waitForTimeout(150);
  return (await seriousAxeViolations(page, 'main')).map((v) => `${v.id} ${v.help}`);
}

test('a business inquiry becomes an organisation; the invitee sets a password and lands on its dashboard', async ({ browser }) => {
  test.setTimeout(120_000 * TIME_SCALE);
  const own = await startOwnServer(OWN_PORT, { demo: true });
  try {
    const stamp = Date.now();
    const company = `Severn Valley Drinks ${stamp}`;
    const contactEmail = `ffion.morgan-${stamp}@severn.example`;

    // The visitor: the public form.
    const visitor = await (await browser.newContext({ baseURL: own.url })).newPage();
    await visitor.goto('/business-inquiry');
    await passGate(visitor);
    // Humans take a moment; the server drops forms sent faster than a person could type.
    await visitor.waitForTimeout(1600);
    await visitor.getByLabel('Company').fill(company);
    await visitor.getByLabel('Your name').fill('Ffion Morgan');
    await visitor.getByLabel('Email address').fill(contactEmail);
    await visitor.getByLabel('Partner type').selectOption('distributor');
    await visitor.getByLabel('Licence number').fill(`AWRS-SV-${stamp}`);
    await visitor.getByLabel('Country').selectOption('GB');
    await visitor.getByLabel('Region').fill('Gloucestershire');
    await visitor.getByLabel('Expected volume').selectOption('250–1,000 cases a year');
    await visitor.getByLabel('Tell us about your business').fill('We distribute craft spirits to bars and bottle shops along the Severn.');
    await visitor.getByRole('button', { name: 'Send inquiry' }).click();
    await expect(visitor.getByRole('heading', { name: 'Thank you for your inquiry' })).toBeVisible();

    // Staff (the demo master admin: handles inquiries and runs partners) open it from the inquiries.
    const staff = await (await browser.newContext({ baseURL: own.url })).newPage();
    await signInAsDemo(staff, 'master_admin');
    await expect(staff).toHaveURL(/\/admin\/dashboard\/master-admin$/);
    await staff.goto('/admin/dashboard/inquiries');
    await staff.getByRole('link', { name: 'Ffion Morgan' }).click();
    await expect(staff.getByRole('heading', { name: `Inquiry from ${company}` })).toBeVisible();

    // Prefilled from the inquiry: the type, the names, the licence number, the country and its market, the contact.
    const form = staff.getByRole('form', { name: 'Create organisation' });
    await expect(form.getByLabel('Type', { exact: true })).toHaveValue('distributor');
    await expect(form.getByLabel('Trading name')).toHaveValue(company);
    await expect(form.getByLabel('Licence number')).toHaveValue(`AWRS-SV-${stamp}`);
    await expect(form.getByLabel('Country code')).toHaveValue('GB');
    await expect(form.getByLabel('Market')).toHaveValue('GB');
    await expect(form.getByLabel("Contact's first name")).toHaveValue('Ffion');
    await expect(form.getByLabel("Contact's last name")).toHaveValue('Morgan');
    await expect(form.getByLabel("Contact's email address")).toHaveValue(contactEmail);

    // What the inquiry did not say. Without a supplier the server says so, on the field.
    await form.getByLabel('Address', { exact: true }).fill('Unit 7, Quedgeley Trading Estate');
    await form.getByLabel('Town or city').fill('Gloucester');
    await form.getByLabel('Postal code').fill('GL2 4PA');
    await form.getByLabel('Licence jurisdiction').fill('GB');
    await form.getByLabel('Licence expiry date').fill(new Date(stamp + 400 * 86_400_000).toISOString().slice(0, 10));
    await form.getByRole('button', { name: 'Create organisation and invite' }).click();
    await expect(form.getByText('Choose the importer that supplies it.')).toBeVisible();
    await expect(form.getByLabel('Supplier')).toHaveAttribute('aria-invalid', 'true');
    expect(await axeProblems(staff)).toEqual([]);

    await form.getByLabel('Supplier').selectOption({ label: 'Albion Spirits Imports (GB)' });
    await form.getByRole('button', { name: 'Create organisation and invite' }).click();

    // The new organisation's page: pending, under the importer, the contact invited.
    await expect(staff).toHaveURL(/\/admin\/dashboard\/partners\/[\w-]+$/);
    await expect(staff.getByRole('heading', { level: 1, name: company })).toBeVisible();
    await expect(staff.getByText('Organisation created')).toBeVisible();
    await expect(staff.getByTestId('organisation-status').first()).toHaveText('Pending');
    await expect(staff.getByRole('link', { name: 'Albion Spirits Imports' })).toBeVisible();
    const people = staff.getByRole('table', { name: 'People of this organisation' });
    await expect(people.getByRole('row', { name: new RegExp(contactEmail) })).toContainText('Invited — no password yet');
    expect(await axeProblems(staff)).toEqual([]);

    // The inquiry records the outcome and links to it.
    await staff.goBack();
    await staff.reload();
    await expect(staff.getByTestId('inquiry-outcome').getByRole('link', { name: company })).toBeVisible();
    await expect(staff.getByRole('form', { name: 'Create organisation' })).toHaveCount(0);

    // The invitation, as the master admin reads it in the outbox (no SMTP here).
    const item = staff.getByRole('list', { name: 'Emails' }).getByRole('listitem').filter({ hasText: contactEmail }).first();
    await expect(async () => {
      await staff.goto('/admin/dashboard/outbox');
      await expect(item).toBeVisible({ timeout: 1000 });
    }).toPass();
    await item.getByText(/You are invited to the Frolic partner portal/).click();
    const body = (await item.locator('pre').textContent()) ?? '';
    const link = body.match(/https?:\/\/\S+\/auth\/reset-password\?type=partner&token=[\w-]+/)?.[0];
    expect(link, body).toBeTruthy();
    // Without PUBLIC_ORIGIN links name http://localhost:PORT; the browser goes to 127.0.0.1 (same server).
    const { pathname, search } = new URL(link as string);

    // The invitee, in a browser of their own: the gate, a password, and their dashboard.
    const invitee = await (await browser.newContext({ baseURL: own.url })).newPage();
    await invitee.goto(pathname + search);
    await passGate(invitee);
    await expect(invitee.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
    await invitee.getByLabel('New password', { exact: true }).fill('Severn-bore-at-dawn-2026');
    await invitee.getByLabel('Repeat the new password').fill('Severn-bore-at-dawn-2026');
    await invitee.getByRole('button', { name: 'Update password' }).click();
    await expect(invitee).toHaveURL(/\/partner\/dashboard\/distributor$/);
    await expect(invitee.getByRole('heading', { name: 'Welcome, Ffion' })).toBeVisible();
    await expect(invitee.getByTestId('partner-role-label')).toHaveText('Distributor');
    // The link was used up.
    await invitee.goto(pathname + search);
    await invitee.getByLabel('New password', { exact: true }).fill('Another-try-password-2026');
    await invitee.getByLabel('Repeat the new password').fill('Another-try-password-2026');
    await invitee.getByRole('button', { name: 'Update password' }).click();
    await expect(invitee.getByText('This link is invalid or has expired.').first()).toBeVisible();

    // Staff see it pending in the list, and its contact now active.
    await staff.goto('/admin/dashboard/partners?status=pending');
    const row = staff.getByRole('row', { name: new RegExp(company) });
    await expect(row).toContainText('Pending');
    await expect(row).toContainText('Distributor');
    await expect(row).toContainText('Albion Spirits Imports');
    expect(await axeProblems(staff)).toEqual([]);
    await row.getByRole('link', { name: company }).click();
    await expect(staff.getByRole('table', { name: 'People of this organisation' }).getByRole('row', { name: new RegExp(contactEmail) })).toContainText(
      'Active',
    );
  } finally {
    // Never left running (holding the port) when a step fails.
    await (await own.stopAndOpenDatabase()).close();
  }
});
