// Audit Logs (issue 17), in Chromium on a server of the journey's own (so no other journey's sign-ins
// land in its log between the page and the export): the master admin signs in, finds the sign-ins
// in the log, filters by user, action and table, opens a row's old and new values, and
// downloads the CSV of exactly the filtered rows; a filter that matches nothing says so.
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { demoEmail, seriousAxeIssues, signInAsDemo } from './fixtures';
import { startOwnServer } from './own-server';
import { TIME_SCALE } from '../../playwright.config';

test('the master admin filters the audit log, opens a row and exports the filtered rows', async ({ page, browser }) => {
  test.setTimeout(90_000 * TIME_SCALE);
  const own = await startOwnServer(Number(process.env.E2E_PORT ?? 3210) + 1000 + test.info().workerIndex, { demo: true });
  try {
    // The admin signs in, in another browser.
    const other = await browser.newPage();
    await signInAsDemo(other, 'admin', { base: own.url });
    await expect(other).toHaveURL(/\/admin\/dashboard$/);
    await other.close();

    await signInAsDemo(page, 'master_admin', { base: own.url });
    await expect(page).toHaveURL(/\/admin\/dashboard\/master-admin$/);
    await page.goto(`${own.url}/admin/dashboard/audit-logs`);
    await expect(page.getByRole('heading', { level: 1, name: 'Audit Logs' })).toBeVisible();
    for (const name of ['Action', 'Table', 'Record ID', 'User', 'Timestamp', 'IP Address']) {
      await expect(page.getByRole('columnheader', { name, exact: true })).toBeVisible();
    }
    expect(await seriousAxeIssues(page)).toEqual([]);

    // The admin's sign-ins: user email, action and table, applied on the server and kept in the URL.
    const filters = page.getByRole('search', { name: 'Filter audit logs' });
    await filters.getByLabel('User email').fill(demoEmail('admin').toUpperCase());
    await filters.getByLabel('Action').selectOption('SIGN_IN');
    await filters.getByLabel('Table').selectOption('users');
    await filters.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(/action=SIGN_IN/);
    await expect(page).toHaveURL(/table=users/);
    const rows = page.getByTestId('audit-row');
    await expect(rows.first()).toBeVisible();
    // The URL changes before the rows do: the list is the filtered one once no row lacks the action.
    await expect(rows.filter({ hasNot: page.getByRole('cell', { name: 'SIGN_IN', exact: true }) })).toHaveCount(0);
    const count = await rows.count();
    for (let i = 0; i < count; i++) {
      await expect(rows.nth(i).getByRole('cell').nth(0)).toHaveText('SIGN_IN');
      await expect(rows.nth(i).getByRole('cell').nth(1)).toHaveText('users');
      await expect(rows.nth(i).getByRole('cell').nth(3)).toContainText(demoEmail('admin'));
    }
    const shownIds = await rows.evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-id')));

    // A row opens its values side by side; Escape closes it.
    await rows.first().getByRole('link', { name: 'SIGN_IN' }).click();
    const detail = page.getByRole('dialog', { name: 'SIGN_IN on users' });
    await expect(detail).toBeVisible();
    await expect(detail.getByRole('region', { name: 'Old values' })).toBeVisible();
    await expect(detail.getByRole('region', { name: 'New values' })).toBeVisible();
    await expect(page).toHaveURL(/open=\d+/);
    await page.keyboard.press('Escape');
    await expect(detail).toBeHidden();
    await expect(page).not.toHaveURL(/open=/);

    // Export CSV: the whole filtered set, and nothing else.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Export CSV' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^audit_logs_\d{4}-\d{2}-\d{2}T[\d-]+Z\.csv$/);
    const csv = (await readFile((await download.path()) as string, 'utf8')).replace(/^\uFEFF/, '');
    const [header, ...lines] = csv.trim().split('\r\n');
    expect(header).toBe('ID,User ID,Action,Table,Record ID,Created At,IP Address');
    expect(lines.map((l) => l.split(',')[0])).toEqual(shownIds);
    for (const l of lines) expect(l.split(',').slice(2, 4)).toEqual(['SIGN_IN', 'users']);

    // A search that matches nothing says so, and why.
    await filters.getByLabel('Search').fill('no-such-record-anywhere');
    await filters.getByRole('button', { name: 'Search' }).click();
    await expect(page.getByText('No logs found')).toBeVisible();
    await expect(page.getByText('Try adjusting your search filters')).toBeVisible();
    await page.getByRole('link', { name: 'Clear filters' }).click();
    await expect(rows.first()).toBeVisible();
  } finally {
    await own.stopAndOpenDatabase().then((d) => d.close());
  }
});
