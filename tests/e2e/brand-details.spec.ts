// Brand details (issue 43), on a server of the journey's own (it changes the brand's row, which other
// journeys' invoices print): the demo admin opens Brand details from the sidebar, is told on the field
// that a VAT number's check digit is wrong, saves the VAT number and the bank details, sees the toast
// and, after a reload, the saved values in their compact form. The demo employee (no Finance) is not
// offered the page and is refused its address.
import { expect, test } from '@playwright/test';
import { seriousAxeIssues, signInAsDemo } from './fixtures';
import { startOwnServer } from './own-server';
import { TIME_SCALE } from '../../playwright.config';

test("an admin keeps the brand's VAT number and bank details; an employee is neither offered nor let in", async ({ browser }) => {
  test.setTimeout(90_000 * TIME_SCALE);
  const own = await startOwnServer(Number(process.env.E2E_PORT ?? 3210) + 1000 + test.info().workerIndex, { demo: true });
  try {
    const admin = await (await browser.newContext({ baseURL: own.url })).newPage();
    await signInAsDemo(admin, 'admin');
    await expect(admin).toHaveURL(/\/admin\/dashboard$/);
    await admin.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Brand details' }).click();
    await expect(admin).toHaveURL(/\/admin\/dashboard\/brand$/);
    await expect(admin.getByRole('heading', { level: 1, name: 'Brand details' })).toBeVisible();
    const form = admin.getByRole('form', { name: 'Brand details' });
    await expect(form.getByLabel('Legal name')).toHaveValue('Frolic Spirits Ltd');
    await expect(admin.getByTestId('brand-market')).toContainText('United Kingdom');
    await expect(admin.getByTestId('brand-market')).toContainText('GBP');
    expect(await seriousAxeIssues(admin)).toEqual([]);

    // A wrong check digit is said beside the field, and nothing is saved.
    await form.getByLabel('VAT number').fill('GB 980 7806 85');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form.getByText("This VAT number's check digit does not match: check it for a typo.")).toBeVisible();
    await expect(form.getByLabel('VAT number')).toHaveAttribute('aria-invalid', 'true');

    await form.getByLabel('VAT number').fill('GB 980 7806 84');
    await form.getByLabel('Account name').fill('Frolic Spirits Ltd');
    await form.getByLabel('Bank account').fill('GB82 WEST 1234 5698 7654 32');
    await form.getByLabel('BIC').fill('nwbkgb2l');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(admin.getByRole('status').filter({ hasText: 'Brand details saved' })).toBeVisible();

    await admin.reload();
    await expect(form.getByLabel('VAT number')).toHaveValue('GB980780684');
    await expect(form.getByLabel('Account name')).toHaveValue('Frolic Spirits Ltd');
    await expect(form.getByLabel('Bank account')).toHaveValue('GB82WEST12345698765432');
    await expect(form.getByLabel('BIC')).toHaveValue('NWBKGB2L');

    // An employee has no Finance: no link to it, and its address is refused.
    const employee = await (await browser.newContext({ baseURL: own.url })).newPage();
    await signInAsDemo(employee, 'employee');
    await expect(employee).toHaveURL(/\/admin\/dashboard$/);
    const nav = employee.getByRole('navigation', { name: 'Admin' });
    await expect(nav.getByRole('link', { name: 'Support Inbox' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Brand details' })).toHaveCount(0);
    await employee.goto('/admin/dashboard/brand');
    await expect(employee.getByRole('alert').filter({ hasText: "You don't have permission to access this page." })).toBeVisible();
    await expect(employee).not.toHaveURL(/\/admin\/dashboard\/brand$/);
    await expect(employee.getByRole('heading', { level: 1, name: 'Brand details' })).toHaveCount(0);
  } finally {
    await own.stopAndOpenDatabase().then((d) => d.close());
  }
});
