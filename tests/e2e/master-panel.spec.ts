// The Master Admin Panel as its two people see it: a stranger's guesses lock a customer's account;
// the master admin's panel lists the lock and the lockout among the security events; Unlock lifts it,
// and the customer's right password is accepted again (here: it reaches "Email not confirmed").
import { expect, test } from '@playwright/test';
import { passGate, signInAsDemo } from './fixtures';
import { TIME_SCALE } from '../../playwright.config';

test('a locked account shows on the panel, and Unlock lets its owner in again', async ({ browser, page }) => {
  test.setTimeout(90_000 * TIME_SCALE);
  const email = `locked-${Date.now()}@example.com`;
  const password = 'Panel-journey-password-9';
  await page.goto('/auth/register');
  await passGate(page);
  await page.getByLabel('First name').fill('Lola');
  await page.getByLabel('Last name').fill('Locked');
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Registration successful')).toBeVisible();

  // Five wrong guesses lock the account; then even the right password is refused.
  await page.goto('/auth/login');
  for (let i = 0; i < 6; i++) {
    await page.getByLabel('Email address').fill(email);
    await page.getByLabel('Password').fill(i < 5 ? `wrong-guess-${i}-xx` : password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText('Invalid email or password.').first()).toBeVisible();
  }

  const admin = await (await browser.newContext()).newPage();
  await signInAsDemo(admin, 'master_admin');
  await expect(admin).toHaveURL(/\/admin\/dashboard\/master-admin$/);
  await expect(admin.getByRole('heading', { name: 'Master Admin Panel', level: 1 })).toBeVisible();
  const locked = admin.getByRole('list', { name: 'Locked accounts' }).getByRole('listitem').filter({ hasText: email });
  await expect(locked).toBeVisible();
  await expect(locked.getByText(/Locked from/)).toBeVisible();
  await expect(admin.getByTestId('health-database')).toContainText(process.env.E2E_DATABASE_URL ? 'PostgreSQL' : 'PGlite');
  await expect(admin.getByTestId('health-instances')).toContainText('1 running');

  await locked.getByRole('button', { name: `Unlock ${email}` }).click();
  await expect(admin.getByText('Account unlocked')).toBeVisible();
  await expect(admin.getByRole('list', { name: 'Locked accounts' }).getByText(email)).toHaveCount(0);

  // Both are in the audit log: the lockout by the account (its id is the record), the unlock by the master admin.
  await admin.goto(`/admin/dashboard/audit-logs?action=LOCKOUT&user=${encodeURIComponent(email)}`);
  const lockout = admin.getByTestId('audit-row').first();
  await expect(lockout).toContainText('LOCKOUT');
  const userId = (await lockout.getByRole('cell').nth(2).textContent())?.trim() ?? '';
  expect(userId).toMatch(/^[0-9a-f-]{36}$/);
  await admin.goto(`/admin/dashboard/audit-logs?action=UNLOCK&q=${userId}`);
  await expect(admin.getByTestId('audit-row')).toHaveCount(1);
  await expect(admin.getByTestId('audit-row')).toContainText('master-admin@demo.frolic.example');
  await admin.goto('/admin/dashboard/master-admin');

  // The owner's right password gets past the lock now (to the unconfirmed-email answer).
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Email not confirmed. Check your inbox for the confirmation link, or send a new one.')).toBeVisible();

  // The master tools are one click away, and the sidebar names them for the master admin only.
  const tools = admin.getByRole('navigation', { name: 'Master tools' });
  await expect(tools.getByRole('link', { name: /Audit Logs/ })).toHaveAttribute('href', '/admin/dashboard/audit-logs');
  await expect(admin.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Audit Logs' })).toBeVisible();
  const plain = await (await browser.newContext()).newPage();
  await signInAsDemo(plain, 'admin');
  await expect(plain.getByRole('navigation', { name: 'Admin' })).toBeVisible();
  await expect(plain.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Audit Logs' })).toHaveCount(0);
  await expect(plain.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Master Admin Panel' })).toHaveCount(0);
});
