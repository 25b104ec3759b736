// The master admin's people screens (issue 17): Create User sends a real invitation (it arrives on a
// test SMTP server), the invitee sets a password and lands on the staff dashboard; the master admin
// gives them another role (confirming the password first), filters the list (the query in the URL),
// and suspends them — the invitee's open browser is signed out at once.
import { expect, type Page, test } from '@playwright/test';
import { DEMO_PASSWORD, TIME_SCALE } from '../../playwright.config';
import { linkIn, startSmtp } from '../support/smtp';
import { passGate, seriousAxeIssues, signInAsDemo } from './fixtures';
import { startOwnServer } from './own-server';

// Beside the shared server's port (E2E_PORT): helpers running their specs at once never share one.
const OWN_PORT = Number(process.env.E2E_OWN_PORT ?? Number(process.env.E2E_PORT ?? 3221) + 510);

const rowOf = (page: Page, email: string) => page.getByRole('row').filter({ has: page.getByText(email, { exact: true }) });

test('create with invitation → the invitee sets a password and lands; roles edited; filters; suspension signs them out', async ({ browser }) => {
  test.setTimeout(150_000 * TIME_SCALE);
  const smtp = await startSmtp();
  const own = await startOwnServer(OWN_PORT, { demo: true, env: { SMTP_URL: smtp.url } });
  try {
    const stamp = Date.now();
    const email = `nadia.okafor-${stamp}@staff.example`;

    // The master admin opens All Users and creates an employee, invitation on (the default).
    const master = await (await browser.newContext({ baseURL: own.url })).newPage();
    await signInAsDemo(master, 'master_admin');
    await expect(master).toHaveURL(/\/admin\/dashboard\/master-admin$/);
    await master.goto('/admin/dashboard/advanced-user-management');
    await expect(master.getByRole('heading', { name: 'Advanced User Management' })).toBeVisible();
    await master.getByRole('button', { name: 'Create User' }).click();
    const create = master.getByRole('form', { name: 'Create User' });
    await expect(create.getByLabel('Send invitation email')).toBeChecked();
    await expect(create.getByLabel('Email', { exact: true })).toHaveAttribute('type', 'email');
    await create.getByRole('button', { name: 'Create User' }).click();
    await expect(create.getByText('Enter the first name.')).toBeVisible();
    await create.getByLabel('First Name').fill('Nadia');
    await create.getByLabel('Last Name').fill('Okafor');
    await create.getByLabel('Email', { exact: true }).fill(email);
    await create.getByLabel('Roles', { exact: true }).selectOption('employee');
    expect(await seriousAxeIssues(master)).toEqual([]);
    await create.getByRole('button', { name: 'Create User' }).click();
    await expect(master.getByText(`An invitation email was sent to ${email}.`)).toBeVisible();
    await expect(create).toHaveCount(0);
    await expect(rowOf(master, email)).toContainText('Invited');

    // The email arrives; the invitee opens its link, chooses a password and lands on the staff dashboard.
    const mail = await smtp.next(email);
    expect(mail.subject).toBe('You are invited to Frolic');
    // The link names this server (PUBLIC_ORIGIN, else localhost on its port): opened here by its path.
    const link = new URL(linkIn(mail, '/auth/reset-password?'));
    expect(link.searchParams.get('type')).toBe('admin');
    const inviteeContext = await browser.newContext({ baseURL: own.url });
    const invitee = await inviteeContext.newPage();
    await invitee.goto(link.pathname + link.search);
    await passGate(invitee);
    await invitee.getByLabel('New password', { exact: true }).fill('Nadia-chooses-juniper-2026');
    await invitee.getByLabel('Repeat the new password').fill('Nadia-chooses-juniper-2026');
    await invitee.getByRole('button', { name: 'Update password' }).click();
    await expect(invitee).toHaveURL(/\/admin\/dashboard$/);
    await expect(invitee.getByRole('heading', { name: 'Welcome, Nadia' })).toBeVisible();

    // Edit: a second role — a role change asks for the master admin's password first.
    await master.reload();
    const row = rowOf(master, email);
    await expect(row).not.toContainText('Invited');
    await row.getByRole('button', { name: 'Edit Nadia Okafor' }).click();
    const edit = master.getByRole('form', { name: 'Edit user' });
    await edit.getByLabel('Admin', { exact: true }).check();
    await edit.getByRole('button', { name: 'Save changes' }).click();
    const confirm = master.getByRole('dialog', { name: 'Confirm it’s you' });
    await confirm.getByLabel('Password').fill(DEMO_PASSWORD);
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    await expect(master.getByText('Nadia Okafor is saved.')).toBeVisible();
    await expect(rowOf(master, email).getByRole('cell').nth(2)).toHaveText('Admin, Employee');

    // Filters, applied on the server, in the URL.
    await master.getByLabel('Search users').fill('okafor');
    await master.getByRole('combobox', { name: /^Role\b/ }).selectOption('admin');
    await master.getByRole('combobox', { name: /^Status\b/ }).selectOption('active');
    await master.getByRole('button', { name: 'Search' }).click();
    await expect(master).toHaveURL(/[?&]q=okafor/);
    await expect(master).toHaveURL(/[?&]role=admin/);
    await expect(master).toHaveURL(/[?&]status=active/);
    await expect(master.getByRole('row')).toHaveCount(2);
    await expect(rowOf(master, email)).toBeVisible();
    await master.getByRole('combobox', { name: /^Status\b/ }).selectOption('suspended');
    await master.getByRole('button', { name: 'Search' }).click();
    await expect(master).toHaveURL(/[?&]status=suspended/);
    await expect(master.getByText('No users match these filters.')).toBeVisible();

    // Suspend: the invitee's open page is signed out at once (their live socket closes, the guard redirects).
    await invitee.goto('/admin/dashboard/products');
    await expect(invitee.getByRole('heading', { name: 'Manage Products' })).toBeVisible();
    await master.getByRole('combobox', { name: /^Status\b/ }).selectOption('');
    await master.getByRole('button', { name: 'Search' }).click();
    await rowOf(master, email).getByRole('button', { name: 'Edit Nadia Okafor' }).click();
    await edit.getByLabel('Status').selectOption('suspended');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await expect(master.getByText('Nadia Okafor is saved.')).toBeVisible();
    await expect(rowOf(master, email).getByText('Suspended', { exact: true })).toBeVisible();
    await expect(invitee).toHaveURL(/\/admin-login\?redirectTo=/, { timeout: 10_000 * TIME_SCALE });

    // User Management lists the same people, by kind.
    await master.goto('/admin/dashboard/users?kind=staff&q=okafor');
    await expect(master.getByRole('heading', { name: 'User Management' })).toBeVisible();
    await expect(rowOf(master, email)).toBeVisible();
    await master.getByRole('navigation', { name: 'Kind of user' }).getByRole('link', { name: 'Partner users' }).click();
    await expect(master).toHaveURL(/kind=partner/);
    await expect(rowOf(master, email)).toHaveCount(0);
    expect(await seriousAxeIssues(master)).toEqual([]);
  } finally {
    await own.stopAndOpenDatabase().then((d) => d.close());
    await smtp.close();
  }
});
