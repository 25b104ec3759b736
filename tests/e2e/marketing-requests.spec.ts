// The issue's journey: a retailer (a member of an active organisation) downloads collateral offered to
// retailers and requests printed copies; in another browser a staff member, already on the Requests
// tab of Collateral & Events, sees the request appear without reloading, opens it and approves it
// with a comment; the retailer's request page shows 'Approved' and the comment. Both people are
// checked after every step. It runs on a server of its own, prepared through the services.
import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, TIME_SCALE } from '../../playwright.config';
import { SYSTEM_ACTOR } from '../../server/core/actor';
import { passGate, signInAsDemo, seriousAxeIssues } from './fixtures';
import { type PrepareServices, startOwnServer } from './own-server';
import { createChain, createPeople, inDays } from './trade-network';

const RETAILER_EMAIL = 'sam@corner-shop.example';

/** Corner Shop Wines (a retailer under a distributor under an importer), Sam its member, and a shelf talker for retailers. */
async function prepare(services: PrepareServices) {
  const { retailer } = await createChain(
    services.partners,
    { addressLine1: '12 Market Row', city: 'London', postalCode: 'SW9 8LD' },
    {
      importer: { name: 'Albion Imports', licence: 'E2E-IMP-1' },
      distributor: { name: 'Thames Drinks', licence: 'E2E-DIS-1' },
      retailer: { name: 'Corner Shop Wines', licence: 'E2E-RET-1' },
    },
  );
  await createPeople(services.users, [{ email: RETAILER_EMAIL, firstName: 'Sam', lastName: 'Shah', roles: ['retailer'], organisationId: retailer.id }]);
  const pdf = await services.media.upload(
    { buffer: Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n'), originalName: 'summer-shelf-talker.pdf' },
    { kind: 'document' },
    SYSTEM_ACTOR,
  );
  await services.marketing.createCollateral(
    { title: 'Summer shelf talker', kind: 'shelf_talker', description: 'A5 card for the gin shelf.', mediaId: pdf.id, audience: ['retailer'], published: true },
    SYSTEM_ACTOR,
  );
  await services.marketing.createCollateral(
    { title: 'Import price list', kind: 'price_list', description: '', mediaId: pdf.id, audience: ['importer'], published: true },
    SYSTEM_ACTOR,
  );
}

test('a retailer requests materials and staff approve it live in another browser', async ({ browser }) => {
  test.setTimeout(120_000 * TIME_SCALE);
  const own = await startOwnServer(Number(process.env.E2E_PORT ?? 3210) + 200 + test.info().workerIndex, { demo: true, prepare });
  const staffContext = await browser.newContext();
  const retailerContext = await browser.newContext();
  try {
    const staff = await staffContext.newPage();
    const retailer = await retailerContext.newPage();

    // Staff open the Requests tab first, so the request must arrive live.
    await signInAsDemo(staff, 'employee', { base: own.url });
    await expect(staff).toHaveURL(/\/admin\/dashboard$/);
    await staff.goto(`${own.url}/admin/dashboard/marketing?tab=requests`);
    await expect(staff.getByRole('link', { name: 'Requests', exact: true })).toHaveAttribute('aria-current', 'page');
    await expect(staff.getByText('No requests match.')).toBeVisible();
    await expect(staff.getByTestId('bell-dot')).toHaveCount(0);

    // The retailer signs in and finds the collateral for retailers (and not the importers' price list).
    await retailer.goto(`${own.url}/partner-login`);
    await passGate(retailer);
    await retailer.getByLabel('Email address').fill(RETAILER_EMAIL);
    await retailer.getByLabel('Password').fill(DEMO_PASSWORD);
    await retailer.getByRole('button', { name: 'Sign in' }).click();
    await expect(retailer).toHaveURL(/\/partner\/dashboard\/retailer$/);
    // The sidebar's link (the dashboard lists the role's pages too).
    await retailer.getByRole('navigation', { name: 'Partner' }).getByRole('link', { name: 'Request Materials' }).click();
    await expect(retailer.getByRole('heading', { level: 1, name: 'Request Materials' })).toBeVisible();
    await expect(retailer.getByRole('heading', { name: 'Summer shelf talker' })).toBeVisible();
    await expect(retailer.getByText('Import price list')).toHaveCount(0);
    await expect(retailer.getByText('You have not asked for materials yet.')).toBeVisible();
    expect(await seriousAxeIssues(retailer)).toEqual([]);

    // Its download is the guarded route, and it serves the PDF to this retailer.
    const download = retailer.getByRole('link', { name: /^Download Summer shelf talker/ });
    const fileUrl = (await download.getAttribute('href')) as string;
    expect(fileUrl).toMatch(/^\/api\/partner\/collateral\/\d+\/file$/);
    const file = await retailer.request.get(own.url + fileUrl);
    expect(file.status()).toBe(200);
    expect(file.headers()['content-type']).toBe('application/pdf');

    // Nothing asked for: the form says so, and nothing reaches staff.
    await retailer.getByLabel('Needed by').fill(inDays(14));
    await retailer.getByRole('button', { name: 'Send request' }).click();
    await expect(retailer.getByText('Enter a quantity for at least one item.')).toBeVisible();
    await expect(staff.getByText('No requests match.')).toBeVisible();

    // The delivery address starts from the organisation's.
    await expect(retailer.getByLabel('Delivery address')).toHaveValue(/Corner Shop Wines\n12 Market Row/);
    await retailer.getByLabel('Copies of Summer shelf talker').fill('200');
    await retailer.getByLabel('Needed by').fill(inDays(14));
    await retailer.getByLabel('Notes for Frolic').fill('For the summer window display.');
    await retailer.getByRole('button', { name: 'Send request' }).click();
    await expect(retailer.getByRole('heading', { level: 1, name: '200 × Summer shelf talker' })).toBeVisible();
    await expect(retailer.getByTestId('request-status')).toHaveText('Open');
    await expect(retailer.getByText('Request sent')).toBeVisible();

    // Staff see it arrive without reloading: the bell lights and the list grows.
    const row = staff.getByRole('link', { name: '200 × Summer shelf talker' });
    await expect(row).toBeVisible();
    await expect(staff.getByTestId('bell-dot')).toBeVisible();
    await expect(staff.getByRole('row').filter({ hasText: '200 × Summer shelf talker' }).getByTestId('request-status')).toHaveText('Open');
    await row.click();
    await expect(staff.getByRole('heading', { level: 1, name: '200 × Summer shelf talker' })).toBeVisible();
    await expect(staff.getByText('Corner Shop Wines · request #')).toBeVisible();
    await expect(staff.getByText('For the summer window display.')).toBeVisible();
    expect(await seriousAxeIssues(staff)).toEqual([]);

    // Declining needs a reason; approving takes a comment for the partner.
    await staff.getByRole('button', { name: 'Decline' }).click();
    await expect(staff.getByText('Say why the request is declined.')).toBeVisible();
    await expect(staff.getByTestId('request-status')).toHaveText('Open');
    await staff.getByLabel('Comment to the partner').fill('Printing this week: it ships on Friday.');
    await staff.getByRole('button', { name: 'Approve' }).click();
    await expect(staff.getByText('Request approved')).toBeVisible();
    await expect(staff.getByTestId('request-status')).toHaveText('Approved');
    await expect(staff.getByTestId('decision-comment')).toHaveText('Printing this week: it ships on Friday.');
    await expect(staff.getByRole('button', { name: 'Mark fulfilled' })).toBeVisible();
    await expect(staff.getByLabel('How it was fulfilled')).toHaveValue('');

    // The retailer's open page shows the decision live, without a reload: the partner shell's live
    // socket hears the bell entry for its organisation and refreshes the page.
    await expect(retailer.getByTestId('request-status')).toHaveText('Approved');
    await expect(retailer.getByTestId('decision-comment')).toHaveText('Printing this week: it ships on Friday.');

    // The retailer asks a question in the thread; staff answer; each sees the other's words.
    await retailer.getByLabel('Add a comment').fill('Could it come to the back door?');
    await retailer.getByRole('button', { name: 'Send comment' }).click();
    await expect(retailer.getByRole('list', { name: 'Comments' }).getByText('Could it come to the back door?')).toBeVisible();
    await expect(retailer.getByLabel('Add a comment')).toHaveValue('');
    await expect(staff.getByRole('list', { name: 'Comments' }).getByText('Could it come to the back door?')).toBeVisible();

    // Back on the list, staff see where it stands.
    await staff.getByRole('link', { name: 'All requests' }).click();
    await expect(staff.getByRole('row').filter({ hasText: '200 × Summer shelf talker' }).getByTestId('request-status')).toHaveText('Approved');
    // And the retailer's own list says the same.
    await retailer.getByRole('link', { name: 'Request Materials' }).first().click();
    await expect(retailer.getByRole('row').filter({ hasText: '200 × Summer shelf talker' }).getByTestId('request-status')).toHaveText('Approved');
  } finally {
    await staffContext.close();
    await retailerContext.close();
    await (await own.stopAndOpenDatabase()).close();
  }
});
