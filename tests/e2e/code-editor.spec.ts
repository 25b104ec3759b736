// The Code Editor (issue 20): the master admin edits the theme colour in the editor, sees the diff in
// View Changes, commits (an empty message refused with the spec's toast), deploys through the step-up
// — and a visitor's page shows the new colour; reverts and deploys — the old colour is back; creates
// a branch and switches; a broken stylesheet is refused at commit (file, line, reason), the live site unchanged. On a
// server of its own: a deploy changes every visitor's page, and other journeys expect the seed theme.
import { expect, type Page, test } from '@playwright/test';
import { DEMO_PASSWORD, TIME_SCALE } from '../../playwright.config';
import { passGate, seriousAxeIssues, signInAsDemo } from './fixtures';
import { startOwnServer } from './own-server';

const ownPort = () => Number(process.env.E2E_PORT ?? 3210) + 1000 + test.info().workerIndex;

/** The forest colour as the visitor's page computes it: the custom property and a painted element. */
async function forest(page: Page) {
  await page.reload();
  return page.evaluate(() => ({
    variable: getComputedStyle(document.documentElement).getPropertyValue('--color-forest').trim(),
    painted: getComputedStyle(document.querySelector('.bg-forest') as Element).backgroundColor,
  }));
}

async function editTheme(admin: Page, base: string, change: (css: string) => string) {
  await admin.getByRole('tab', { name: 'Editor' }).click();
  await admin.getByRole('tree', { name: 'Repository files' }).getByRole('button', { name: 'theme.css' }).click();
  await expect(admin.getByTestId('open-file')).toContainText('theme/theme.css');
  const { content } = (await (await admin.request.get(`${base}/api/admin/code/file?path=theme%2Ftheme.css`)).json()) as { content: string };
  const editor = admin.getByRole('textbox', { name: 'Contents of theme/theme.css' });
  await expect(editor).toBeVisible();
  await editor.fill(change(content));
  // Saved as this user's uncommitted change: the file is marked in the tree.
  await expect(admin.getByRole('tree', { name: 'Repository files' }).getByRole('button', { name: /theme\.css.*changed/ })).toBeVisible();
}

async function commit(admin: Page, message: string) {
  await admin.getByTestId('commit-changes').click();
  const dialog = admin.getByRole('dialog', { name: 'Commit Changes' });
  await dialog.getByLabel('Commit message').fill(message);
  await dialog.getByRole('button', { name: 'Commit' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(admin.getByText('Changes committed', { exact: true })).toBeVisible();
}

/**
 * `stepUp`: the password is asked for. It holds for ten minutes, so only the first deploy asks. Said
 * by the caller, not guessed from the screen: the first try shows "Deploying…" for a moment before
 * the server asks for the password, and a check that took that moment for the deploy itself left
 * the dialog unanswered.
 */
async function deploy(admin: Page, { stepUp = false } = {}) {
  await admin.getByRole('button', { name: 'Deploy to Production' }).click();
  const dialog = admin.getByRole('dialog', { name: 'Confirm it’s you' });
  if (stepUp) {
    await expect(dialog).toBeVisible();
    await dialog.getByLabel('Password').fill(DEMO_PASSWORD);
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await expect(dialog).toBeHidden();
  }
  await expect(admin.getByRole('button', { name: 'Deploying…' })).toBeDisabled();
  await expect(dialog).toBeHidden();
}

test('edit the theme colour, view the changes, commit, deploy, revert and deploy, branch — and a broken stylesheet refused at commit', async ({ browser }) => {
  test.setTimeout(180_000 * TIME_SCALE);
  const own = await startOwnServer(ownPort(), { demo: true });
  try {
    const visitor = await (await browser.newContext()).newPage();
    await visitor.goto(`${own.url}/`);
    await passGate(visitor);
    expect(await forest(visitor)).toEqual({ variable: '#1f3d36', painted: 'rgb(31, 61, 54)' });

    const admin = await (await browser.newContext()).newPage();
    await signInAsDemo(admin, 'master_admin', { base: own.url });
    await expect(admin).toHaveURL(/\/admin\/dashboard\/master-admin$/);
    await admin.goto(`${own.url}/admin/dashboard/code-editor`);
    await expect(admin.getByRole('heading', { name: 'Code Editor' })).toBeVisible();
    await expect(admin.getByRole('tab', { name: 'Editor' })).toHaveAttribute('aria-selected', 'true');
    await expect(admin.getByRole('textbox', { name: 'Contents of theme/theme.css' })).toBeVisible();
    expect(await seriousAxeIssues(admin)).toEqual([]);

    // Edit the colour; View Changes shows the diff against the last commit.
    await editTheme(admin, own.url, (css) => css.replace('--color-forest: #1f3d36;', '--color-forest: #7a1f3d;'));
    await admin.getByRole('button', { name: 'View Changes' }).click();
    const diff = admin.getByRole('region', { name: 'Changes to theme/theme.css' });
    await expect(diff.locator('tr[data-kind="removed"]')).toContainText('--color-forest: #1f3d36;');
    await expect(diff.locator('tr[data-kind="added"]')).toContainText('--color-forest: #7a1f3d;');
    expect(await seriousAxeIssues(admin)).toEqual([]);
    await admin.getByRole('button', { name: 'Back to the editor' }).click();

    // An empty message is refused with the spec's toast.
    await admin.getByTestId('commit-changes').click();
    const dialog = admin.getByRole('dialog', { name: 'Commit Changes' });
    await dialog.getByLabel('Commit message').fill('   ');
    await dialog.getByRole('button', { name: 'Commit' }).click();
    await expect(admin.getByText('Commit Failed', { exact: true })).toBeVisible();
    await expect(admin.getByText('Please enter a commit message.', { exact: true })).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await commit(admin, 'Wine-coloured forest');

    // The new commit heads the history: 7-character id, message, author, files changed.
    await admin.getByRole('tab', { name: 'Commit History' }).click();
    const first = admin.getByTestId('commit').first();
    await expect(first.getByTestId('commit-message')).toHaveText('Wine-coloured forest');
    await expect(first).toContainText('Master admin Demo');
    await expect(first).toContainText('1 file changed');
    await expect(first.locator('code').first()).toHaveText(/^[0-9a-f]{7}$/);
    expect(await seriousAxeIssues(admin)).toEqual([]);

    // Deploy: the step-up, the deploying state, the spec's toast — and the visitor's page follows.
    await deploy(admin, { stepUp: true });
    await expect(admin.getByText('Deployment Successful', { exact: true })).toBeVisible({ timeout: 15_000 });
    await expect(admin.getByText('Changes have been deployed to production.', { exact: true })).toBeVisible();
    expect(await forest(visitor)).toEqual({ variable: '#7a1f3d', painted: 'rgb(122, 31, 61)' });

    // Revert (a new commit undoing it), deploy: the old colour is back.
    await admin.getByRole('tab', { name: 'Commit History' }).click();
    await expect(admin.getByTestId('commit').first().getByTestId('commit-message')).toHaveText('Wine-coloured forest');
    await admin.getByTestId('commit').first().getByRole('button', { name: 'Revert' }).click();
    await expect(admin.getByText('Commit reverted', { exact: true })).toBeVisible();
    await expect(admin.getByTestId('commit').first().getByTestId('commit-message')).toHaveText('Revert "Wine-coloured forest"');
    await deploy(admin);
    await expect(admin.getByText('Deployment Successful', { exact: true })).toBeVisible({ timeout: 15_000 });
    expect(await forest(visitor)).toEqual({ variable: '#1f3d36', painted: 'rgb(31, 61, 54)' });

    // A branch, created and switched to; then back to main.
    await admin.getByRole('tab', { name: 'Branches' }).click();
    await admin.getByRole('button', { name: 'Create Branch' }).click();
    // A name git reserves is refused by the form with the server's own sentence.
    await admin.getByLabel('Branch name').fill('HEAD');
    await admin.getByRole('button', { name: 'Create and switch' }).click();
    await expect(admin.getByRole('alert').filter({ hasText: '"HEAD" is a name git reserves: choose another.' })).toBeVisible();
    await admin.getByLabel('Branch name').fill('feature/autumn');
    await admin.getByRole('button', { name: 'Create and switch' }).click();
    await expect(admin.getByText('Branch created', { exact: true })).toBeVisible();
    await expect(admin.locator('[data-branch="feature/autumn"]')).toContainText('Current');
    await expect(admin.getByTestId('repo-status')).toContainText('Branch feature/autumn');
    await admin.locator('[data-branch="main"]').getByRole('button', { name: 'Switch' }).click();
    await expect(admin.locator('[data-branch="main"]')).toContainText('Current');
    await expect(admin.getByTestId('repo-status')).toContainText('Branch main');

    // A broken stylesheet: refused at commit, in the dialog, with the file, the line and the reason;
    // nothing committed, the edit kept, the live site unchanged.
    await editTheme(admin, own.url, (css) => css.replace('--color-forest: #1f3d36;', '--color-forest #ff0000;'));
    await admin.getByTestId('commit-changes').click();
    const refused = admin.getByRole('dialog', { name: 'Commit Changes' });
    await refused.getByLabel('Commit message').fill('Forgot a colon');
    await refused.getByRole('button', { name: 'Commit' }).click();
    await expect(refused.getByTestId('check-problems')).toContainText('theme/theme.css:8');
    await expect(refused.getByTestId('check-problems')).toContainText('does not parse');
    expect(await seriousAxeIssues(admin)).toEqual([]);
    await refused.getByRole('button', { name: 'Cancel' }).click();
    await expect(admin.getByTestId('commit-changes')).toHaveText('Commit Changes (1)');
    expect(await forest(visitor)).toEqual({ variable: '#1f3d36', painted: 'rgb(31, 61, 54)' });
  } finally {
    const database = await own.stopAndOpenDatabase();
    await database.close();
  }
});
