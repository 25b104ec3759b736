import { expect, type Page, test } from '@playwright/test';
import { passGate, signInAsDemo } from './fixtures';

const signIn = (page: Page, path: string, role: string) => signInAsDemo(page, role, { path });

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
