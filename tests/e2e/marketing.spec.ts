import { expect, test } from '@playwright/test';
import { passGate, signInAsDemo } from './fixtures';

test('a new contact message lights the admin’s bell live; the admin triages it and creates an event', async ({ browser }) => {
  test.slow();
  const adminContext = await browser.newContext();
  const visitorContext = await browser.newContext();
  const admin = await adminContext.newPage();
  const visitor = await visitorContext.newPage();

  await signInAsDemo(admin, 'admin');
  await expect(admin).toHaveURL(/\/admin\/dashboard$/);
  // Start from a quiet feed (other journeys may have left entries), and wait on the feed page.
  await admin.goto('/admin/dashboard/notifications');
  const markAll = admin.getByRole('button', { name: 'Mark all as read' });
  if (await markAll.isEnabled()) await markAll.click();
  await expect(admin.getByText('You are up to date.')).toBeVisible();

  const sender = `Ada Tasting ${Date.now()}`;
  await visitor.goto('/contact');
  await passGate(visitor);
  // Humans take a moment; the server drops forms sent faster than a person could type.
  await visitor.waitForTimeout(1600);
  await visitor.getByLabel('Your name').fill(sender);
  await visitor.getByLabel('Email address').fill('ada@example.com');
  await visitor.getByLabel('Subject').selectOption('Events');
  await visitor.getByLabel('Message').fill('Could you host a gin tasting for our team of twelve?');
  await visitor.getByRole('button', { name: 'Send message' }).click();
  await expect(visitor.getByRole('heading', { name: 'Thank you — your message is on its way' })).toBeVisible();

  // Live: the staff socket tells the open page to refresh; no reload here.
  await expect(admin.getByTestId('bell-dot')).toBeVisible();
  await expect(admin.getByRole('link', { name: /^Notifications: \d+ unread/ })).toBeVisible();
  await admin.getByRole('button', { name: `New message from ${sender}` }).click();

  await expect(admin).toHaveURL(/\/admin\/dashboard\/inquiries\/contact\/\d+$/);
  await expect(admin.getByRole('heading', { name: `Message from ${sender}` })).toBeVisible();
  await expect(admin.getByText('Could you host a gin tasting for our team of twelve?')).toBeVisible();
  await admin.getByLabel('Status').selectOption({ label: 'In progress' });
  await admin.getByLabel('Internal notes').fill('Offered the 14 March tasting; waiting for numbers.');
  await admin.getByRole('button', { name: 'Save' }).click();
  await expect(admin.getByText('Inquiry saved')).toBeVisible();
  await expect(admin.getByLabel('Internal notes')).toHaveValue('Offered the 14 March tasting; waiting for numbers.');
  await admin.goto('/admin/dashboard/inquiries?status=in_progress');
  await expect(admin.getByRole('heading', { name: 'Inquiries' })).toBeVisible();
  await expect(admin.getByRole('link', { name: sender })).toBeVisible();

  // An event, entered in New York's local time.
  const title = `Winter gin tasting ${Date.now()}`;
  await admin.goto('/admin/dashboard/marketing');
  await expect(admin.getByRole('heading', { name: 'Collateral & Events' })).toBeVisible();
  await admin.getByRole('link', { name: 'New event' }).click();
  await admin.getByLabel('Title').fill(title);
  await admin.getByLabel('Starts at').fill('2026-12-01T19:00');
  await admin.getByLabel('Ends at').fill('2026-12-01T22:00');
  await admin.getByLabel('Time zone').selectOption('America/New_York');
  await admin.getByLabel('Venue').fill('The Brass Room');
  await admin.getByLabel(/^City/).fill('New York');
  await admin.getByLabel('Capacity').fill('0');
  await admin.getByLabel('Published').check();
  await admin.getByRole('button', { name: 'Save' }).click();
  await expect(admin.getByLabel('Capacity')).toHaveAccessibleDescription(/Capacity must be at least 1\./);
  await admin.getByLabel('Capacity').fill('40');
  await admin.getByRole('button', { name: 'Save' }).click();
  await expect(admin.getByText('Event saved')).toBeVisible();
  await expect(admin).toHaveURL(/tab=events/);
  const row = admin.getByRole('row').filter({ hasText: title });
  await expect(row).toContainText('1 Dec 2026, 19:00');
  await expect(row).toContainText('The Brass Room');

  await adminContext.close();
  await visitorContext.close();
});
