// Database Management (issue 19), in Chromium on a server of the journey's own (it changes a product
// and reads the audit trail afterwards): an admin is sent away; the master admin browses the live
// tables — users first, its password hashes hidden — picks another, runs the default query, saves
// it, is refused a DROP (the table still browses), then changes a product with "Allow writes": the
// password dialog, the confirmation listing `products`, 'Query executed' — and the history shows
// every run, each of which loads back into the editor.
import { expect, type Locator, type Page, test } from '@playwright/test';
import { and, eq } from 'drizzle-orm';
import { DEMO_PASSWORD, TIME_SCALE } from '../../playwright.config';
import { DEFAULT_SQL } from '../../shared/database-constants';
import type { Database } from '../../server/db/client';
import { auditLogs, products, users } from '../../server/db/schema';
import { demoEmail, seriousAxeIssues, signInAsDemo } from './fixtures';
import { startOwnServer } from './own-server';

const RENAME = "UPDATE products SET name = 'Frolic London Dry Gin (SQL)' WHERE slug = 'frolic-london-dry-gin'";

/** The one visible toast with this title (spec §9: one at a time). */
const toastOf = (page: Page, title: string) => page.getByRole('region', { name: 'Notifications' }).getByText(title, { exact: true });

/** Replaces the query box's text. */
async function typeQuery(editor: Locator, text: string) {
  await editor.fill(text);
}

test('the master admin browses the tables, runs, saves and is refused a DROP; a write needs the switch, the password and the confirmation', async ({
  browser,
}) => {
  test.setTimeout(120_000 * TIME_SCALE);
  // On PGlite even when the run has PostgreSQL: the SQL editor runs differently on each (server/modules/sql/),
  // and the API tests of a CI run cover PostgreSQL's.
  const own = await startOwnServer(Number(process.env.E2E_PORT ?? 3210) + 1000 + test.info().workerIndex, { demo: true, database: 'pglite' });
  let database: Database | undefined;
  try {
    // An admin (not the master admin) is sent to the dashboard with Access Denied.
    const admin = await (await browser.newContext()).newPage();
    await signInAsDemo(admin, 'admin', { base: own.url });
    await expect(admin).toHaveURL(/\/admin\/dashboard$/);
    await admin.goto(`${own.url}/admin/dashboard/database-management`);
    await expect(admin).toHaveURL(/\/admin\/dashboard$/);
    await expect(toastOf(admin, 'Access Denied')).toBeVisible();
    await expect(admin.getByText("You don't have permission to access this page.")).toBeVisible();
    await admin.close();

    const page = await (await browser.newContext()).newPage();
    await signInAsDemo(page, 'master_admin', { base: own.url });
    await expect(page).toHaveURL(/\/admin\/dashboard\/master-admin$/);
    await page.goto(`${own.url}/admin/dashboard/database-management`);
    await expect(page.getByRole('heading', { level: 1, name: 'Database Management' })).toBeVisible();

    // Table Browser: the first table (users) is selected and its rows show; the password hashes never do.
    const browserTab = page.getByRole('tab', { name: 'Table Browser' });
    const sqlTab = page.getByRole('tab', { name: 'SQL Editor' });
    await expect(browserTab).toHaveAttribute('aria-selected', 'true');
    const tableList = page.getByRole('navigation', { name: 'Tables' });
    const tableLinks = tableList.getByTestId('table-link');
    await expect(tableLinks.first()).toContainText('users');
    await expect(tableLinks.first()).toHaveAttribute('aria-current', 'page');
    await expect(tableLinks.nth(2)).toContainText('products');
    await expect(page.getByRole('heading', { level: 2, name: 'users' })).toBeVisible();
    const rows = page.getByTestId('table-rows');
    await expect(rows.getByRole('cell', { name: demoEmail('master_admin'), exact: true })).toBeVisible();
    const hashHeader = rows.getByRole('columnheader', { name: /password_hash/ });
    await expect(hashHeader).toContainText('text');
    await expect(hashHeader).toContainText('hidden');
    await expect(rows.getByRole('columnheader', { name: /^id \(primary key\) uuid/ })).toBeVisible();
    const hashColumn = await rows.getByRole('columnheader').evaluateAll((ths) => ths.findIndex((th) => th.textContent?.startsWith('password_hash')));
    const bodyRows = rows.locator('tbody tr');
    const shown = await bodyRows.count();
    expect(shown).toBeGreaterThan(5);
    for (let i = 0; i < shown; i++) await expect(bodyRows.nth(i).getByRole('cell').nth(hashColumn)).toHaveText('hidden');
    expect(await page.content()).not.toMatch(/\$argon2/);
    expect(await seriousAxeIssues(page)).toEqual([]);

    // Another table: products, in the address; its rows and its count.
    await tableList.getByRole('link', { name: /^products \d/ }).click();
    await expect(page).toHaveURL(/[?&]table=products/);
    await expect(page.getByRole('heading', { level: 2, name: 'products' })).toBeVisible();
    await expect(tableList.getByRole('link', { name: /^products \d/ })).toHaveAttribute('aria-current', 'page');
    await expect(rows.getByRole('cell', { name: 'Frolic London Dry Gin', exact: true })).toBeVisible();
    await expect(page.getByTestId('table-count')).toContainText(/\d+ rows/);
    // An empty table says so.
    await tableList.getByRole('link', { name: /^invoices \d/ }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'invoices' })).toBeVisible();
    await expect(rows.getByText('No data available')).toBeVisible();

    // SQL Editor: the default text, nothing run yet.
    await sqlTab.click();
    await expect(page).toHaveURL(/[?&]tab=sql/);
    await expect(sqlTab).toHaveAttribute('aria-selected', 'true');
    const editor = page.getByRole('textbox', { name: 'SQL query' });
    await expect(editor).toHaveValue(DEFAULT_SQL);
    await expect(page.getByText('Execute a query to see results')).toBeVisible();
    await expect(page.getByText(/return at most 1,000 rows/)).toBeVisible();
    await expect(page.getByRole('switch', { name: 'Allow writes' })).toHaveAttribute('aria-checked', 'false');
    expect(await seriousAxeIssues(page)).toEqual([]);

    // The default query runs: 'Query executed', ten rows under their typed columns.
    await page.getByRole('button', { name: 'Execute Query' }).click();
    await expect(toastOf(page, 'Query executed')).toBeVisible();
    const result = page.getByTestId('statement-result');
    await expect(result.getByTestId('row-count')).toHaveText('10 rows');
    for (const name of ['id', 'email', 'status', 'created_at']) await expect(result.getByRole('columnheader', { name: new RegExp(`^${name}`) })).toBeVisible();
    await expect(result.getByRole('columnheader', { name: /^created_at/ })).toContainText('timestamp with time zone');
    await expect(result.locator('tbody tr')).toHaveCount(10);
    await expect(page.getByText('Execute a query to see results')).toHaveCount(0);

    // Saved under a name: it appears in the saved list, for every master admin.
    const saved = page.getByRole('region', { name: 'Saved queries' });
    await saved.getByLabel('Name', { exact: true }).fill('Newest users');
    await saved.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(toastOf(page, 'Query saved')).toBeVisible();
    await expect(saved.getByTestId('saved-query')).toHaveCount(1);
    await expect(saved.getByRole('button', { name: 'Load Newest users into the editor' })).toBeVisible();
    await expect(saved.getByText('Master admin Demo')).toBeVisible();

    // The spec's own example: every column of users, the secret ones hidden as the browser hides them (issue 40).
    await typeQuery(editor, 'select * from users');
    await page.getByRole('button', { name: 'Execute Query' }).click();
    await expect(toastOf(page, 'Query executed')).toBeVisible();
    const hashHeading = result.getByRole('columnheader', { name: /^password_hash/ });
    await expect(hashHeading).toContainText('hidden');
    const hashAt = await result.getByRole('columnheader').evaluateAll((hs) => hs.findIndex((h) => h.textContent?.startsWith('password_hash')));
    await expect(result.locator('tbody tr').first().getByRole('cell').nth(hashAt)).toHaveText('hidden');
    await expect(result).not.toContainText('$argon2');

    // DROP is refused: 'Query error' with the refusal, said in the results too; products still browses.
    await typeQuery(editor, 'DROP TABLE products');
    await page.getByRole('button', { name: 'Execute Query' }).click();
    await expect(toastOf(page, 'Query error')).toBeVisible();
    const refusal = 'Schema and permission changes are refused: the schema changes through migrations.';
    await expect(page.getByRole('region', { name: 'Notifications' }).getByText(refusal)).toBeVisible();
    await expect(page.getByTestId('results-error')).toContainText(refusal);
    await browserTab.click();
    await tableList.getByRole('link', { name: /^products \d/ }).click();
    await expect(rows.getByRole('cell', { name: 'Frolic London Dry Gin', exact: true })).toBeVisible();

    // A write with the switch off is refused, saying which table and how.
    await sqlTab.click();
    await expect(editor).toHaveValue('DROP TABLE products');
    await typeQuery(editor, RENAME);
    await page.getByRole('button', { name: 'Execute Query' }).click();
    await expect(toastOf(page, 'Query error')).toBeVisible();
    await expect(page.getByTestId('results-error')).toContainText('This query changes data (products). Turn on “Allow writes” to run it.');

    // With "Allow writes": the password first, then the confirmation that lists products, then it runs.
    await page.getByRole('switch', { name: 'Allow writes' }).click();
    await expect(page.getByRole('switch', { name: 'Allow writes' })).toHaveAttribute('aria-checked', 'true');
    await expect(page.getByText('Writes are on: this run may change data.')).toBeVisible();
    await page.getByRole('button', { name: 'Execute Query' }).click();
    const stepUp = page.getByRole('dialog', { name: 'Confirm it’s you' });
    await expect(stepUp).toBeVisible();
    await stepUp.getByLabel('Password').fill(DEMO_PASSWORD);
    await stepUp.getByRole('button', { name: 'Confirm' }).click();
    await expect(stepUp).toHaveCount(0);
    const confirm = page.getByRole('dialog', { name: 'Confirm the changes' });
    await expect(confirm).toBeVisible();
    await expect(confirm.getByRole('list', { name: 'Tables it changes' }).getByRole('listitem')).toHaveText(['products']);
    await expect(confirm.getByRole('list', { name: 'Statements' })).toContainText(RENAME);
    await expect(confirm.getByRole('list', { name: 'Statements' })).toContainText('UPDATE · changes products');
    await expect(toastOf(page, 'Query executed')).toHaveCount(0);
    await confirm.getByRole('button', { name: 'Change products' }).click();
    await expect(confirm).toHaveCount(0);
    await expect(toastOf(page, 'Query executed')).toBeVisible();
    await expect(result.getByTestId('row-count')).toHaveText('1 row changed');
    await expect(page.getByTestId('run-summary')).toContainText('changes committed');

    // The history: every run, newest first — who, how it ended, rows — and a run loads back.
    const history = page.getByRole('region', { name: 'History' }).getByTestId('history-entry');
    await expect(history.first()).toContainText(RENAME);
    await expect(history.first()).toContainText('OK');
    await expect(history.first()).toContainText('write');
    await expect(history.first()).toContainText('1 row');
    await expect(history.first()).toContainText('Master admin Demo');
    const texts = await history.allTextContents();
    const outcomeOf = (sql: string) =>
      texts.filter((t) => t.includes(sql)).map((t) => (t.includes('Refused') ? 'Refused' : t.includes('Error') ? 'Error' : 'OK'));
    // The rename: refused with the switch off, asked for the password, asked for the confirmation, run.
    expect(outcomeOf(RENAME)).toEqual(['OK', 'Refused', 'Refused', 'Refused']);
    expect(outcomeOf('DROP TABLE products')).toEqual(['Refused']);
    expect(outcomeOf(DEFAULT_SQL.replace(/\s+/g, ' '))).toEqual(['OK']);
    await history
      .filter({ hasText: 'DROP TABLE products' })
      .getByRole('button', { name: /Load into the editor/ })
      .click();
    await expect(editor).toHaveValue('DROP TABLE products');
    await expect(editor).toBeFocused();
    await page.getByRole('button', { name: 'Load Newest users into the editor' }).click();
    await expect(editor).toHaveValue(DEFAULT_SQL);

    // The product changed, as the Table Browser now shows.
    await browserTab.click();
    await expect(rows.getByRole('cell', { name: 'Frolic London Dry Gin (SQL)', exact: true })).toBeVisible();

    // Renamed, then deleted (asked twice).
    await sqlTab.click();
    await saved.getByRole('button', { name: 'Rename Newest users' }).click();
    await saved.getByLabel('New name').fill('Ten newest users');
    await saved.getByRole('button', { name: 'Save name' }).click();
    await expect(toastOf(page, 'Query renamed')).toBeVisible();
    await expect(saved.getByRole('button', { name: 'Load Ten newest users into the editor' })).toBeVisible();
    await saved.getByRole('button', { name: 'Delete Ten newest users' }).click();
    await saved.getByRole('group', { name: 'Delete Ten newest users?' }).getByRole('button', { name: 'Delete' }).click();
    await expect(toastOf(page, 'Query deleted')).toBeVisible();
    await expect(saved.getByText('No saved queries yet.')).toBeVisible();

    // The write left the row-level trail, naming the master admin.
    database = await own.stopAndOpenDatabase();
    const [master] = await database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, demoEmail('master_admin')));
    const [gin] = await database.db.select().from(products).where(eq(products.slug, 'frolic-london-dry-gin'));
    expect(gin!.name).toBe('Frolic London Dry Gin (SQL)');
    const trail = await database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.tableName, 'products'), eq(auditLogs.userId, master!.id)));
    expect(trail.map((a) => [a.action, a.source, a.recordId])).toEqual([['UPDATE', 'trigger', String(gin!.id)]]);
  } finally {
    database ??= await own.stopAndOpenDatabase();
    await database.close();
  }
});
