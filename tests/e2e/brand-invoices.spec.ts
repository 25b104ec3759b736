// The brand's invoice journey (issue 43): staff open Trade invoices (none yet), generate an invoice
// for an importer's approved order — pick the importer, tick the order, preview, issue: numbered from
// the brand's own series — and the importer, in another browser, opens it; the importer records a
// payment against it on its Payments page (paying side); staff see it waiting on Trade payments with the aging per importer and confirm
// it; both sides see the invoice paid without a reload. It runs on a server of its own, prepared
// through the services (the approved order written to the tables).
import { and, asc, eq } from 'drizzle-orm';
import { expect, test } from '@playwright/test';
import { TIME_SCALE } from '../../playwright.config';
import { orderItems, orders, products, productTradePrices } from '../../server/db/schema';
import { brandId } from '../../server/db/brand';
import { invoiceTotals } from '../../shared/invoice-totals';
import { formatPrice } from '../../shared/markets';
import { seriousAxeIssues, signInAsDemo, signInPartner } from './fixtures';
import { type PrepareServices, startOwnServer } from './own-server';
import { createOrganisation, createPeople } from './trade-network';

const IMPORTER_EMAIL = 'ines@albion-imports.example';
const ORDER_NUMBER = `FR-${new Date().getUTCFullYear()}-900043`;

let totalMinor = 0;

/** Albion Imports (GB), a member, and one approved order of one line to the brand at the importer's GB price. */
async function prepare(services: PrepareServices) {
  const importer = await createOrganisation(
    services.partners,
    { addressLine1: '12 Market Row', city: 'London', postalCode: 'SW9 8LD' },
    'importer',
    { name: 'Albion Imports', licence: 'E2E-BRAND-IMP' },
    null,
  );
  await createPeople(services.users, [{ email: IMPORTER_EMAIL, firstName: 'Ines', lastName: 'Iles', roles: ['importer'], organisationId: importer.id }]);
  const [p] = await services.db
    .select({ id: products.id, caseSize: products.caseSize, price: productTradePrices.amountMinor })
    .from(products)
    .innerJoin(
      productTradePrices,
      and(eq(productTradePrices.productId, products.id), eq(productTradePrices.tier, 'importer'), eq(productTradePrices.market, 'GB')),
    )
    .where(eq(products.status, 'active'))
    .orderBy(asc(products.name), asc(products.id))
    .limit(1);
  const line = { productId: p!.id, cases: 3, caseSize: p!.caseSize, unitPriceMinor: p!.price, lineTotalMinor: 3 * p!.caseSize * p!.price };
  const totals = invoiceTotals([line.lineTotalMinor], 2000);
  const [order] = await services.db
    .insert(orders)
    .values({
      number: ORDER_NUMBER,
      buyerId: importer.id,
      sellerId: await brandId(services.db),
      status: 'approved',
      currency: 'GBP',
      subtotalMinor: totals.subtotalMinor,
      taxRateBp: 2000,
      taxMinor: totals.taxMinor,
      totalMinor: totals.totalMinor,
      submittedAt: new Date(),
      decidedAt: new Date(),
    })
    .returning({ id: orders.id });
  await services.db.insert(orderItems).values({ ...line, orderId: order!.id, casesRequested: line.cases });
  totalMinor = totals.totalMinor;
}

test('staff issue the brand’s invoice for an importer’s approved order; the importer pays it; staff confirm; both see it paid', async ({ browser }) => {
  test.setTimeout(180_000 * TIME_SCALE);
  const own = await startOwnServer(Number(process.env.E2E_PORT ?? 3226) + 230 + test.info().workerIndex, { demo: true, prepare });
  const total = formatPrice(totalMinor, 'GBP');
  const number = `INV-${new Date().getUTCFullYear()}-0001`;
  const staffContext = await browser.newContext();
  const importerContext = await browser.newContext();
  try {
    const staff = await staffContext.newPage();
    const importer = await importerContext.newPage();

    // Staff open Trade invoices from the sidebar: none yet.
    await signInAsDemo(staff, 'admin', { base: own.url });
    await expect(staff).toHaveURL(/\/admin\/dashboard$/);
    await staff.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Trade invoices' }).click();
    await expect(staff.getByRole('heading', { level: 1, name: 'Trade invoices' })).toBeVisible();
    await expect(staff.getByText('No invoices match.')).toBeVisible();
    expect(await seriousAxeIssues(staff)).toEqual([]);

    // Generate Invoice: the importer, its approved order, the preview.
    await staff.getByRole('link', { name: 'Generate Invoice' }).click();
    await expect(staff.getByRole('heading', { level: 1, name: 'Generate Invoice' })).toBeVisible();
    await staff.getByLabel('Importer', { exact: true }).selectOption({ label: 'Albion Imports (1 approved order)' });
    await staff.getByRole('button', { name: 'Show orders' }).click();
    await staff.getByRole('checkbox', { name: new RegExp(ORDER_NUMBER) }).check();
    await staff.getByRole('button', { name: 'Preview invoice' }).click();
    await expect(staff.getByTestId('preview-total')).toHaveText(total);
    expect(await seriousAxeIssues(staff)).toEqual([]);

    // Issue: the brand's first invoice, on staff's invoice page.
    await staff.getByRole('button', { name: 'Issue invoice' }).click();
    await expect(staff).toHaveURL(/\/admin\/dashboard\/trade-invoices\/\d+$/);
    await expect(staff.getByText('Invoice issued', { exact: true })).toBeVisible();
    await expect(staff.getByRole('heading', { level: 1, name: `Invoice ${number}` })).toBeVisible();
    await expect(staff.getByTestId('invoice-total')).toHaveText(total);
    await expect(staff.getByTestId('invoice-issuer')).toContainText('Frolic Spirits Ltd');
    await expect(staff.getByTestId('invoice-customer')).toContainText('E2E-BRAND-IMP');
    await expect(staff.getByTestId('invoice-standing')).toHaveText('Issued');
    const invoiceUrl = staff.url();
    const invoiceId = Number(/(\d+)$/.exec(invoiceUrl)![1]);
    expect(await seriousAxeIssues(staff)).toEqual([]);

    // The importer opens it: from the brand, what it owes.
    await signInPartner(importer, own.url, IMPORTER_EMAIL);
    await expect(importer).toHaveURL(/\/partner\/dashboard$/);
    await importer.goto(`${own.url}/partner/dashboard/invoices/${invoiceId}`);
    await expect(importer.getByRole('heading', { level: 1, name: `Invoice ${number}` })).toBeVisible();
    await expect(importer.getByTestId('invoice-issuer')).toContainText('Frolic Spirits Ltd');
    await expect(importer.getByTestId('invoice-standing')).toHaveText('Issued');
    await expect(importer.getByRole('button', { name: 'Issue credit note' })).toHaveCount(0);

    // The importer pays the brand on its Payments page's paying side: the invoice is owed there.
    await importer.goto(`${own.url}/partner/dashboard/payments?side=paying`);
    await expect(importer.getByTestId('owed-invoice')).toContainText(number);
    const form = importer.getByTestId('record-payment');
    await form.getByLabel('Amount (GBP)').fill((totalMinor / 100).toFixed(2));
    await expect(form.getByLabel(`Amount for ${number}`)).toHaveValue((totalMinor / 100).toFixed(2));
    await form.getByLabel('Reference').fill('ALBION 43');
    await form.getByRole('button', { name: 'Record payment' }).click();
    await expect(importer.getByText('Payment recorded', { exact: true })).toBeVisible();
    const mine = importer.getByRole('table', { name: 'Your payments' }).getByTestId('payment-row');
    await expect(mine.getByTestId('payment-status')).toHaveText('Pending');
    const payment = { label: (await mine.getAttribute('data-payment'))! };
    expect(await seriousAxeIssues(importer)).toEqual([]);

    // Staff's Trade payments: it waits for them, the importer owes the whole invoice.
    await staff.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Trade payments' }).click();
    await expect(staff.getByRole('heading', { level: 1, name: 'Trade payments' })).toBeVisible();
    const row = staff.locator(`[data-testid="payment-row"][data-payment="${payment.label}"]`);
    await expect(row).toContainText('Albion Imports');
    await expect(staff.getByTestId('aging-row')).toContainText('Albion Imports');
    await expect(staff.getByTestId('owed-total')).toHaveText(total);
    await expect(staff.getByTestId('pending-total')).toHaveText(total);
    expect(await seriousAxeIssues(staff)).toEqual([]);

    // Staff confirm it: nothing owed, nothing waiting.
    await staff.getByRole('button', { name: `Confirm ${payment.label}` }).click();
    await expect(staff.getByText('Payment confirmed', { exact: true })).toBeVisible();
    await expect(staff.getByText('No payment is waiting for you.')).toBeVisible();
    await expect(staff.getByTestId('owed-total')).toHaveText(formatPrice(0, 'GBP'));
    await expect(staff.getByTestId('aging-row')).toHaveCount(0);

    // Both sides see it: the importer's open Payments page settles without a reload, its invoice is paid; staff's too.
    await expect(mine.getByTestId('payment-status')).toHaveText('Settled');
    await expect(importer.getByTestId('nothing-owed')).toBeVisible();
    await importer.goto(`${own.url}/partner/dashboard/invoices/${invoiceId}`);
    await expect(importer.getByTestId('invoice-standing')).toHaveText('Paid');
    await staff.goto(invoiceUrl);
    await expect(staff.getByTestId('invoice-standing')).toHaveText('Paid');
    await staff.goto(`${own.url}/admin/dashboard/trade-orders`);
    await expect(staff.getByRole('row', { name: new RegExp(ORDER_NUMBER) })).toContainText('Paid');
  } finally {
    await Promise.all([staffContext.close(), importerContext.close()]);
    await (await own.stopAndOpenDatabase()).close();
  }
});
