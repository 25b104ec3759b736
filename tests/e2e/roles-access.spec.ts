// Issue 17's Roles & Permissions and Access Control in the browser: the master admin switches CMS
// Access off for employees (a fresh password in the step-up dialog) and an employee already signed in
// is refused at the next navigation; the master admin saves the Access Control settings after reading
// what changes for whom, through the same dialog. Each runs on a server of its own (they change what
// every journey's employee may do), whose audit log is read afterwards.
import { type Browser, expect, type Page, test } from '@playwright/test';
import { and, eq } from 'drizzle-orm';
import { DEMO_PASSWORD, TIME_SCALE } from '../../playwright.config';
import type { Database } from '../../server/db/client';
import { auditLogs } from '../../server/db/schema';
import { seriousAxeIssues, signInAsDemo } from './fixtures';
import { type OwnServer, startOwnServer } from './own-server';

const ownPort = () => Number(process.env.E2E_PORT ?? 3210) + 1000 + test.info().workerIndex;

async function signedIn(browser: Browser, own: OwnServer, role: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signInAsDemo(page, role, { base: own.url });
  await expect(page).toHaveURL(role === 'master_admin' ? /\/admin\/dashboard\/master-admin$/ : /\/admin\/dashboard$/);
  return page;
}

/** The step-up dialog: the password, then the action goes again — and the password never in an address. */
async function confirmItsMe(page: Page) {
  const addresses: string[] = [];
  page.on('request', (r) => addresses.push(r.url()));
  const dialog = page.getByRole('dialog', { name: 'Confirm it’s you' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Password').fill(DEMO_PASSWORD);
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog).toHaveCount(0);
  await page.waitForLoadState('networkidle');
  expect(addresses.filter((a) => a.includes(encodeURIComponent(DEMO_PASSWORD)) || a.includes(DEMO_PASSWORD))).toEqual([]);
}

async function withOwnServer(run: (own: OwnServer) => Promise<void>, check: (database: Database) => Promise<void>) {
  const own = await startOwnServer(ownPort(), { demo: true });
  let database: Database | undefined;
  try {
    await run(own);
    database = await own.stopAndOpenDatabase();
    await check(database);
  } finally {
    database ??= await own.stopAndOpenDatabase();
    await database.close();
  }
}

test('the master admin switches CMS Access off for employees: a signed-in employee is refused at the next navigation', async ({ browser }) => {
  test.setTimeout(90_000 * TIME_SCALE);
  await withOwnServer(
    async (own) => {
      const employee = await signedIn(browser, own, 'employee');
      await employee.goto(`${own.url}/admin/dashboard/products`);
      await expect(employee.getByRole('heading', { level: 1, name: 'Manage Products' })).toBeVisible();

      const master = await signedIn(browser, own, 'master_admin');
      await master.goto(`${own.url}/admin/dashboard/advanced-user-management/roles`);
      await expect(master.getByRole('link', { name: 'Roles & Permissions' })).toHaveAttribute('aria-current', 'page');
      for (const name of ['Admin', 'Employee', 'Partner']) await expect(master.getByRole('heading', { level: 2, name, exact: true })).toBeVisible();
      const card = master.getByRole('region', { name: 'Employee', exact: true });
      const cms = card.getByRole('switch', { name: 'CMS Access' });
      await expect(cms).toBeChecked();
      await expect(cms).toBeDisabled();
      // Each switch says what it governs; Code Editing is disabled with its reason.
      await expect(cms).toHaveAccessibleDescription(/Editing the brand's content in the staff screens/);
      await expect(card.getByRole('switch', { name: 'Code Editing' })).toHaveAccessibleDescription(/The Code Editor is master admin only/);
      expect(await seriousAxeIssues(master)).toEqual([]);

      await card.getByRole('button', { name: 'Edit Role' }).click();
      await expect(card.getByRole('switch', { name: 'Code Editing' })).toBeDisabled();
      await cms.click();
      await expect(cms).not.toBeChecked();
      await card.getByRole('button', { name: 'Save Changes' }).click();
      await confirmItsMe(master);
      await expect(master.getByRole('status').filter({ hasText: 'Role updated' })).toBeVisible();
      await expect(master.getByRole('region', { name: 'Employee', exact: true }).getByRole('switch', { name: 'CMS Access' })).not.toBeChecked();

      // The employee, signed in all along, follows a link to Manage Products: refused on the server.
      await employee.goto(`${own.url}/admin/dashboard`);
      await employee.goto(`${own.url}/admin/dashboard/products`);
      await expect(employee).toHaveURL(/\/admin\/dashboard$/);
      await expect(employee.getByRole('alert').filter({ hasText: 'Access Denied' })).toBeVisible();
      await expect(employee.getByRole('alert').filter({ hasText: "You don't have permission to access this page." })).toBeVisible();
    },
    async (database) => {
      const rows = await database.db
        .select()
        .from(auditLogs)
        .where(and(eq(auditLogs.action, 'ROLE_UPDATE'), eq(auditLogs.recordId, 'employee')));
      expect(rows).toHaveLength(1);
      expect((rows[0]?.newValues as { permissions: string[] }).permissions).not.toContain('cms:access');
      expect((rows[0]?.oldValues as { permissions: string[] }).permissions).toContain('cms:access');
    },
  );
});

test('the master admin saves the Access Control settings after reading what changes for whom, through the step-up dialog', async ({ browser }) => {
  test.setTimeout(90_000 * TIME_SCALE);
  await withOwnServer(
    async (own) => {
      const employee = await signedIn(browser, own, 'employee');
      const master = await signedIn(browser, own, 'master_admin');
      await master.goto(`${own.url}/admin/dashboard/advanced-user-management/access-control`);
      const admins = master.getByRole('switch', { name: 'Require Two-Factor Authentication (admins and master admin)' });
      const employees = master.getByRole('switch', { name: 'Require Two-Factor Authentication (employees)' });
      await expect(admins).not.toBeChecked();
      await expect(employees).not.toBeChecked();
      await expect(master.getByRole('switch', { name: 'Password Expiry' })).toBeChecked();
      await expect(master.getByLabel('Days before a password expires')).toHaveValue('90');
      await expect(master.getByRole('switch', { name: 'Account Locking' })).toBeChecked();
      await expect(master.getByLabel('Failed attempts')).toHaveValue('5');
      await expect(master.getByLabel('Idle time')).toHaveValue('60');
      await expect(master.getByLabel('Remember device')).toHaveValue('30');
      expect(await seriousAxeIssues(master)).toEqual([]);

      // A value out of range: the live hint does not repeat it, and the refusal is a sentence with the limit.
      const days = master.getByLabel('Days before a password expires');
      const expiryHint = master.getByText(/^Force a password reset every/);
      await expect(expiryHint).toHaveText('Force a password reset every 90 days, at sign-in.');
      await days.fill('5');
      await expect(expiryHint).toHaveText('Force a password reset every N days, at sign-in.');
      await master.getByRole('button', { name: 'Save Security Settings' }).click();
      await expect(master.getByText('Password expiry must be at least 7 days.')).toBeVisible();
      await expect(master.getByText(/Too small|expected number/)).toHaveCount(0);
      await days.fill('90');
      await expect(expiryHint).toHaveText('Force a password reset every 90 days, at sign-in.');

      await employees.click();
      await master.getByLabel('Idle time').selectOption('30');
      await master.getByRole('button', { name: 'Save Security Settings' }).click();
      const summary = master.getByRole('region', { name: 'What changes, for whom' });
      await expect(summary).toContainText('Employees and custom staff roles:');
      await expect(summary).toContainText('without it will be sent to set it up at their next page');
      await expect(summary).toContainText('Sessions idle for more than 30 minutes end.');
      await summary.getByRole('button', { name: 'Confirm and Save' }).click();
      await confirmItsMe(master);
      await expect(master.getByRole('status').filter({ hasText: 'Security settings saved' })).toBeVisible();
      await master.reload();
      await expect(master.getByRole('switch', { name: 'Require Two-Factor Authentication (employees)' })).toBeChecked();
      await expect(master.getByLabel('Idle time')).toHaveValue('30');

      // The employee without two-factor is sent to set it up at the next page of the admin area.
      await employee.goto(`${own.url}/admin/dashboard`);
      await expect(employee).toHaveURL(/\/account\/two-factor\?required=1$/);
    },
    async (database) => {
      const [row] = await database.db.select().from(auditLogs).where(eq(auditLogs.action, 'SETTINGS_UPDATE'));
      expect(row?.newValues).toMatchObject({ requireTwoFactorForEmployees: true, sessionTimeoutMinutes: 30 });
      expect(row?.oldValues).toMatchObject({ requireTwoFactorForEmployees: false, sessionTimeoutMinutes: 60 });
    },
  );
});
