import { type Browser, expect, type Page, test } from '@playwright/test';
import { passGate, signInAsDemo, signInThroughForm } from './fixtures';
import { TIME_SCALE } from '../../playwright.config';

// The sign-in journeys themselves: through the page and its form, as a person does.
const signIn = (page: Page, path: string, role: string) => signInThroughForm(page, role, { path });

const LANDINGS: [string, string, RegExp][] = [
  ['master_admin', '/admin-login', /\/admin\/dashboard\/master-admin$/],
  ['admin', '/admin-login', /\/admin\/dashboard$/],
  ['employee', '/admin-login', /\/admin\/dashboard$/],
  ['importer', '/partner-login', /\/partner\/dashboard$/],
  ['distributor', '/partner-login', /\/partner\/dashboard\/distributor$/],
  ['retailer', '/partner-login', /\/partner\/dashboard\/retailer$/],
  ['partner', '/partner-login', /\/partner\/dashboard$/],
];

for (const [role, path, landing] of LANDINGS) {
  test(`${role} signs in at ${path} and lands on their dashboard`, async ({ page }) => {
    await signIn(page, path, role);
    await expect(page).toHaveURL(landing);
    await expect(page.getByText('Login successful')).toBeVisible();
  });
}

test('the admin shell shows the sidebar, the name and role label, and signs out to /', async ({ page }) => {
  await signIn(page, '/admin-login', 'admin');
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Welcome, Admin' })).toBeVisible();
  await expect(page.getByTestId('shell-role-label')).toHaveText('Admin');
  const sidebar = page.getByRole('navigation', { name: 'Admin' });
  await expect(sidebar.getByRole('link', { name: 'Master Admin Panel' })).toHaveCount(0);
  // The master admin's screens are not offered to an admin (they would only show Access Denied).
  await expect(sidebar.getByRole('link', { name: 'User Management' })).toHaveCount(0);
  // One section open at a time.
  await sidebar.getByText('Products', { exact: true }).click();
  await expect(sidebar.getByRole('link', { name: 'Manage Products' })).toBeVisible();
  await sidebar.getByText('Cocktails', { exact: true }).click();
  await expect(sidebar.getByRole('link', { name: 'Manage Recipes' })).toBeVisible();
  await expect(sidebar.getByRole('link', { name: 'Manage Products' })).toBeHidden();
  await expect(page.getByRole('link', { name: /^Notifications/ })).toBeVisible();
  // The top bar's search finds across the dashboard and keeps the query.
  await page.getByRole('searchbox').fill('gin');
  await page.getByRole('searchbox').press('Enter');
  await expect(page).toHaveURL(/\/admin\/dashboard\/search\?q=gin$/);
  await expect(page.getByRole('heading', { name: 'Search', exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: /^Products/ }).getByRole('link', { name: 'Frolic London Dry Gin' })).toBeVisible();
  await expect(page.getByRole('searchbox')).toHaveValue('gin');

  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('You have been successfully logged out')).toBeVisible();
  await page.goto('/admin/dashboard');
  await expect(page).toHaveURL(/\/admin-login\?redirectTo=/);
});

test('a partner opening an admin page gets Access Denied and the partner sign-in', async ({ page }) => {
  await signIn(page, '/partner-login', 'retailer');
  await expect(page).toHaveURL(/\/partner\/dashboard\/retailer$/);
  await expect(page.getByTestId('partner-role-label')).toHaveText('Retailer');
  await expect(page.getByPlaceholder('Search products...')).toBeVisible();
  await page.goto('/admin/dashboard/products');
  await expect(page).toHaveURL(/\/partner-login$/);
  await expect(page.getByText("You don't have permission to access the admin dashboard")).toBeVisible();
});

test('the master admin is offered its own screens in the sidebar, and they open', async ({ page }) => {
  await signIn(page, '/admin-login', 'master_admin');
  await expect(page).toHaveURL(/\/admin\/dashboard\/master-admin$/);
  const sidebar = page.getByRole('navigation', { name: 'Admin' });
  await expect(sidebar.getByRole('link', { name: 'Master Admin Panel' })).toBeVisible();
  await sidebar.getByRole('link', { name: 'User Management' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard\/users$/);
  await expect(page.getByRole('heading', { level: 1, name: 'User Management' })).toBeVisible();
});

test('an admin opening a master-admin page is sent to /dashboard with Access Denied', async ({ page }) => {
  await signIn(page, '/admin-login', 'employee');
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.goto('/admin/dashboard/audit-logs');
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.getByText("You don't have permission to access this page.")).toBeVisible();
});

test('a wrong password shows Login failed without saying whether the account exists', async ({ page }) => {
  await page.goto('/auth/login');
  await passGate(page);
  await page.getByLabel('Email address').fill('nobody@example.com');
  await page.getByLabel('Password').fill('Not-the-right-one-123');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Invalid email or password.' }).first()).toBeVisible();
  await expect(page.getByText('Login failed')).toBeVisible();
});

test('a customer registers and sees the spec toast', async ({ page }) => {
  await page.goto('/auth/register');
  await passGate(page);
  await page.getByLabel('First name').fill('Eve');
  await page.getByLabel('Last name').fill('Taster');
  await page.getByLabel('Email address').fill(`eve-${Date.now()}@example.com`);
  await page.getByLabel('Password').fill('Orchard-evening-tasting-9');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Please check your email to confirm your account').first()).toBeVisible();
  await expect(page.getByText('Registration successful')).toBeVisible();
});

/** The master admin opens the Outbox and reads the link in the newest email `subject` to `to`. */
async function linkFromOutbox(admin: Page, to: string, subject: string, path: string): Promise<string> {
  const item = admin.getByRole('list', { name: 'Emails' }).getByRole('listitem').filter({ hasText: to }).filter({ hasText: subject }).first();
  // The email is written just after the answer: reload until it is there.
  await expect(async () => {
    await admin.goto('/admin/dashboard/outbox');
    await expect(item).toBeVisible({ timeout: 1000 });
  }).toPass();
  await expect(item.getByText('Kept (no SMTP)')).toBeVisible();
  await item.getByText(subject).click();
  const body = (await item.locator('pre').textContent()) ?? '';
  const link = body.match(new RegExp(`https?://\\S+${path.replace('?', '\\?')}\\S+`))?.[0];
  expect(link, body).toBeTruthy();
  // Without PUBLIC_ORIGIN links name http://localhost:PORT; the tests browse 127.0.0.1 (same server).
  const url = new URL(link as string);
  return url.pathname + url.search;
}

/** A browser that has never been here: no pass, no cookies. */
async function freshBrowser(browser: Browser): Promise<Page> {
  return (await browser.newContext()).newPage();
}

test('emailed links work in a new browser after the age gate: confirmation, then a reset (read from the outbox)', async ({ browser, page }) => {
  test.setTimeout(90_000 * TIME_SCALE);
  const email = `links-${Date.now()}@example.com`;
  await page.goto('/auth/register');
  await passGate(page);
  await page.getByLabel('First name').fill('Lina');
  await page.getByLabel('Last name').fill('Links');
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password').fill('Orchard-evening-links-9');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Registration successful')).toBeVisible();

  const admin = await freshBrowser(browser);
  await signInAsDemo(admin, 'master_admin');
  await expect(admin).toHaveURL(/\/admin\/dashboard\/master-admin$/);
  await admin.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Outbox' }).click();
  await expect(admin.getByRole('heading', { name: 'Outbox' })).toBeVisible();
  const confirm = await linkFromOutbox(admin, email, 'Confirm your Frolic account', '/auth/confirm?token=');

  // The link opened in a browser that has not passed the gate: the gate first, then the success.
  const other = await freshBrowser(browser);
  await other.goto(confirm);
  await passGate(other);
  await expect(other.getByRole('heading', { name: 'Email confirmed' })).toBeVisible();
  await expect(other.getByText('This link has expired')).toHaveCount(0);

  // A reset link, the same way.
  await other.goto('/auth/forgot-password');
  await other.getByLabel('Email address').fill(email);
  await other.getByRole('button', { name: 'Send reset link' }).click();
  await expect(other.getByRole('heading', { name: 'Password reset email sent' })).toBeVisible();
  const reset = await linkFromOutbox(admin, email, 'Reset your Frolic password', '/auth/reset-password?token=');
  const third = await freshBrowser(browser);
  await third.goto(reset);
  await passGate(third);
  await expect(third.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await third.getByLabel('New password', { exact: true }).fill('Brand-new-links-password-7');
  await third.getByLabel('Repeat the new password').fill('Brand-new-links-password-7');
  await third.getByRole('button', { name: 'Update password' }).click();
  await expect(third).toHaveURL(/\/auth\/login$/);
  await expect(third.getByText('Password updated')).toBeVisible();
  await third.getByLabel('Email address').fill(email);
  await third.getByLabel('Password').fill('Brand-new-links-password-7');
  await third.getByRole('button', { name: 'Sign in' }).click();
  await expect(third).toHaveURL(/\/account$/);
});
