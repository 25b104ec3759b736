// Brand events reach the public site: staff publish one event and keep another as a draft in
// Collateral & Events; a visitor in that market finds the published one from the header's Events
// link, opens its page (times in the event's own zone, schema.org Event data), and never sees the
// draft; a visitor in another market does not see it listed.
import { expect, test } from '@playwright/test';
import { passGate, signInAsDemo, seriousAxeIssues } from './fixtures';

const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

test('staff publish an event; visitors in its market find it on /events and open it; a draft stays hidden', async ({ browser }) => {
  test.slow();
  const stamp = Date.now();
  const published = `Juniper Night ${stamp}`;
  const draft = `Draft Tasting ${stamp}`;
  const day = inDays(20);

  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signInAsDemo(admin, 'admin');
  await expect(admin).toHaveURL(/\/admin\/dashboard$/);

  for (const [title, publish] of [
    [published, true],
    [draft, false],
  ] as const) {
    await admin.goto('/admin/dashboard/marketing/events/new');
    await admin.getByLabel('Title').fill(title);
    await admin.getByLabel('Description').fill('Six gins, one long table and the distiller who made them.');
    await admin.getByLabel('Starts at').fill(`${day}T19:00`);
    await admin.getByLabel('Ends at').fill(`${day}T22:00`);
    await admin.getByLabel('Time zone').selectOption('Europe/London');
    await admin.getByLabel('Venue').fill('The Long Room, 4 Quay Street');
    await admin.getByLabel(/^City/).fill('Bristol');
    await admin.getByLabel(/^Country code/).fill('GB');
    await admin.getByLabel(/^Capacity/).fill('1200');
    if (publish) await admin.getByLabel('Published').check();
    await admin.getByRole('button', { name: 'Save' }).click();
    await expect(admin.getByText('Event saved')).toBeVisible();
  }
  await adminContext.close();

  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto('/');
  await passGate(visitor, { country: 'GB' });
  await visitor.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Events' }).click();
  await expect(visitor).toHaveURL(/\/events$/);
  await expect(visitor.getByRole('heading', { name: 'Events', level: 1 })).toBeVisible();
  const card = visitor.getByTestId('event-card').filter({ hasText: published });
  await expect(card).toBeVisible();
  await expect(card).toContainText('19:00–22:00');
  await expect(card).toContainText('London time');
  await expect(card).toContainText('Bristol, United Kingdom');
  await expect(visitor.getByText(draft)).toHaveCount(0);
  expect(await seriousAxeIssues(visitor)).toEqual([]);

  await card.getByRole('link', { name: published }).click();
  await expect(visitor).toHaveURL(new RegExp(`/events/\\d+-juniper-night-${stamp}$`));
  await expect(visitor.getByRole('heading', { name: published, level: 1 })).toBeVisible();
  await expect(visitor).toHaveTitle(`${published} · Events · Frolic`);
  await expect(visitor.getByTestId('event-when')).toHaveText(/, 19:00–22:00$/);
  await expect(visitor.getByText(/^London time \(UTC\+[01]\)$/)).toBeVisible();
  await expect(visitor.getByTestId('event-where')).toHaveText('The Long Room, 4 Quay Street, Bristol, United Kingdom');
  await expect(visitor.getByText('1,200 guests')).toBeVisible();
  const ld = (await visitor.locator('script[type="application/ld+json"]').allTextContents()).map((t) => JSON.parse(t));
  expect(ld.find((b) => b['@type'] === 'Event')).toMatchObject({ name: published, location: { '@type': 'Place', name: 'The Long Room, 4 Quay Street' } });
  expect(await seriousAxeIssues(visitor)).toEqual([]);
  await visitorContext.close();

  // Another market's visitor: not listed for them (Bristol is in the GB market).
  const usContext = await browser.newContext();
  const us = await usContext.newPage();
  await us.goto('/events');
  await passGate(us, { country: 'US' });
  await expect(us.getByRole('heading', { name: 'Events', level: 1 })).toBeVisible();
  await expect(us.getByText('Negroni Night')).toBeVisible();
  await expect(us.getByText(published)).toHaveCount(0);
  await usContext.close();
});
