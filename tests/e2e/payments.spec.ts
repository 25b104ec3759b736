// The payments journey (issue 16): a retailer with an issued invoice opens Payments, records a
// payment (the allocation suggested as the amount is typed); its distributor, already on Payments in
// another browser, sees the payment arrive without a reload and confirms it; the retailer's open page
// turns it Settled and its balance to zero, live. The invoice is written straight into the database
// in `prepare` (invoicing is another part of the issue); the server is the journey's own.
import { expect, test } from '@playwright/test';
import { TIME_SCALE } from '../../playwright.config';
import { issuedInvoice } from '../support/invoices';
import { seriousAxeIssues, signInPartner } from './fixtures';
import { type PrepareServices, startOwnServer } from './own-server';
import { createChain, createPeople } from './trade-network';

const RETAILER_EMAIL = 'petra@village-cellar.example';
const DISTRIBUTOR_EMAIL = 'dev@northern-drinks.example';
let invoiceNumber = '';

async function prepare(services: PrepareServices) {
  const { distributor, retailer } = await createChain(
    services.partners,
    { addressLine1: '3 Mill Lane', city: 'Leeds', postalCode: 'LS1 4DY' },
    {
      importer: { name: 'Pay Imports', licence: 'E2E-PAY-IMP' },
      distributor: { name: 'Northern Drinks', licence: 'E2E-PAY-DIS' },
      retailer: { name: 'Village Cellar', licence: 'E2E-PAY-RET' },
    },
  );
  await createPeople(services.users, [
    { email: RETAILER_EMAIL, firstName: 'Petra', lastName: 'Pike', roles: ['retailer'], organisationId: retailer.id },
    { email: DISTRIBUTOR_EMAIL, firstName: 'Dev', lastName: 'Dunn', roles: ['distributor'], organisationId: distributor.id },
  ]);
  // £240.00 due in 20 days, billing a delivered order.
  const inv = await issuedInvoice(services.db, {
    issuerId: distributor.id,
    customerId: retailer.id,
    totalMinor: 24_000,
    issuedInDays: -10,
    dueInDays: 20,
    order: 'delivered',
  });
  invoiceNumber = inv.number;
}

test('a retailer records a payment against its invoice; the distributor sees it live and confirms it; the retailer sees it settled and owes nothing', async ({
  browser,
}) => {
  test.setTimeout(150_000 * TIME_SCALE);
  const own = await startOwnServer(Number(process.env.E2E_PORT ?? 3226) + 300 + test.info().workerIndex, { prepare });
  const retailerContext = await browser.newContext();
  const distributorContext = await browser.newContext();
  try {
    const retailer = await retailerContext.newPage();
    const distributor = await distributorContext.newPage();

    // The distributor waits on Payments: owed £240.00 by Village Cellar, nothing to confirm.
    await signInPartner(distributor, own.url, DISTRIBUTOR_EMAIL);
    await expect(distributor).toHaveURL(/\/partner\/dashboard\/distributor$/);
    await distributor.getByRole('link', { name: 'Payments' }).first().click();
    await expect(distributor.getByRole('heading', { level: 1, name: 'Payments' })).toBeVisible();
    await expect(distributor.getByText('No payment is waiting for you.')).toBeVisible();
    await expect(distributor.getByTestId('aging-row')).toContainText('Village Cellar');
    await expect(distributor.getByTestId('aging-owed')).toHaveText('£240.00');
    expect(await seriousAxeIssues(distributor)).toEqual([]);

    // The retailer owes £240.00 on the invoice.
    await signInPartner(retailer, own.url, RETAILER_EMAIL);
    await expect(retailer).toHaveURL(/\/partner\/dashboard\/retailer$/);
    await retailer.goto(`${own.url}/partner/dashboard/payments`);
    await expect(retailer.getByRole('heading', { level: 1, name: 'Payments' })).toBeVisible();
    await expect(retailer.getByTestId('owed-total')).toHaveText('£240.00');
    await expect(retailer.getByTestId('owed-invoice')).toContainText(invoiceNumber);
    await expect(retailer.getByTestId('owed-invoice').getByTestId('invoice-standing')).toHaveText('Issued');
    expect(await seriousAxeIssues(retailer)).toEqual([]);

    // Typing the amount suggests the allocation; over the invoice is refused on its box.
    const form = retailer.getByTestId('record-payment');
    await form.getByLabel('Amount (GBP)').fill('250.00');
    await expect(form.getByLabel(`Amount for ${invoiceNumber}`)).toHaveValue('240.00');
    await expect(form.getByTestId('allocation-summary')).toContainText('£10.00 left as account credit');
    await form.getByLabel(`Amount for ${invoiceNumber}`).fill('250.00');
    await form.getByRole('button', { name: 'Record payment' }).click();
    await expect(retailer.getByText('An allocation is more than its invoice can take now.')).toBeVisible();

    await form.getByLabel('Amount (GBP)').fill('240.00');
    await form.getByRole('button', { name: 'Suggest oldest first again' }).click();
    await expect(form.getByLabel(`Amount for ${invoiceNumber}`)).toHaveValue('240.00');
    await form.getByLabel('Reference').fill('BACS 7781');
    await form.getByRole('button', { name: 'Record payment' }).click();
    await expect(retailer.getByText('Payment recorded', { exact: true })).toBeVisible();
    const mine = retailer.getByRole('table', { name: 'Your payments' }).getByTestId('payment-row');
    await expect(mine).toHaveCount(1);
    await expect(mine.getByTestId('payment-status')).toHaveText('Pending');
    await expect(retailer.getByTestId('pending-total')).toHaveText('£240.00');

    // It arrives on the distributor's open page without a reload.
    const toConfirm = distributor.getByRole('table', { name: 'Payments to confirm' }).getByTestId('payment-row');
    await expect(toConfirm).toHaveCount(1);
    await expect(toConfirm).toContainText('Village Cellar');
    await expect(toConfirm).toContainText('BACS 7781');
    await expect(toConfirm.getByTestId('payment-amount')).toHaveText('£240.00');
    await expect(toConfirm).toContainText(`${invoiceNumber}: £240.00`);
    expect(await seriousAxeIssues(distributor)).toEqual([]);
    await toConfirm.getByRole('button', { name: /^Confirm PAY-/ }).click();
    await expect(distributor.getByText('Payment confirmed', { exact: true })).toBeVisible();
    await expect(distributor.getByText('No payment is waiting for you.')).toBeVisible();
    await expect(distributor.getByText('No retailer owes you anything.')).toBeVisible();
    await expect(distributor.getByRole('table', { name: 'Recent payments' }).getByTestId('payment-status')).toHaveText('Settled');

    // The retailer's open page: settled, nothing owed, without a reload.
    await expect(mine.getByTestId('payment-status')).toHaveText('Settled');
    await expect(retailer.getByTestId('owed-total')).toHaveText('£0.00');
    await expect(retailer.getByTestId('paid-total')).toHaveText('£240.00');
    await expect(retailer.getByTestId('nothing-owed')).toBeVisible();
    // The bell lights up for the retailer (the confirmation), as it did for the distributor (the payment).
    await expect(retailer.getByLabel(/^Notifications: [1-9]\d* unread$/).first()).toBeVisible();
    await expect(distributor.getByLabel(/^Notifications: [1-9]\d* unread$/).first()).toBeVisible();
  } finally {
    await Promise.all([retailerContext.close(), distributorContext.close()]);
    await (await own.stopAndOpenDatabase()).close();
  }
});
