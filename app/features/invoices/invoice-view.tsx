// One invoice or credit note as either party sees it: the number and dates, both parties with their
// licence numbers as printed, the lines, the totals and what is still owed, the orders it bills, its
// credit notes (or the invoice a credit note credits), the PDF, and what the issuer may do now —
// issue or discard a draft, credit lines of an issued invoice. A document of layout 2 (issue 44) shows
// its tax point, each line's duty and VAT category and rate, the duty and the VAT per category; one
// issued before (layout 1) shows its one flat tax rate, as it always did.
import { Form, Link, useNavigation } from 'react-router';
import { formatPrice } from '@shared/markets';
import { taxRateLabel } from '@shared/invoice-totals';
import { DUTY_NOTES, vatRateLabel } from '@shared/tax';
import { buttonClass, type Column } from '~/components/admin-ui/list';
import { DocumentSection, Fact, Facts, LineProduct, LinesTable, Parties, Party, Total, Totals } from '~/components/documents/parts';
import { Field, FormError, inputClass } from '~/components/forms/fields';
import { StandingBadge } from './standing-badge';
import type { InvoiceDetailView } from '@shared/invoice-views';
import type { InvoiceFormResult } from './types';
import { plural } from '@shared/plural';

export function InvoiceView({
  invoice,
  pdfUrl,
  xmlUrl,
  linkTo,
  orderLink,
  result,
}: {
  invoice: InvoiceDetailView;
  pdfUrl: string;
  /** The same document as a UBL e-invoice. */
  xmlUrl: string;
  linkTo: (id: number) => string;
  orderLink: (id: number) => string;
  result?: InvoiceFormResult;
}) {
  const money = (minor: number) => formatPrice(minor, invoice.currency);
  const isCredit = invoice.kind === 'credit_note';
  const issued = invoice.state === 'issued';
  const full = invoice.layoutVersion >= 2;
  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
      <div className="space-y-6">
        <DocumentSection
          id="invoice"
          heading={`${isCredit ? 'Credit note' : 'Invoice'} ${invoice.number ?? '(draft: numbered when issued)'}`}
          badge={<StandingBadge standing={invoice.standing} kind={invoice.kind} />}
        >
          <Facts columns={3}>
            <Fact term="Issued" valueTestId="invoice-issued-on">
              {invoice.issuedOn ?? '—'}
            </Fact>
            {full ? (
              <Fact term="Tax point" valueTestId="invoice-tax-point">
                {invoice.taxPoint ?? '—'}
              </Fact>
            ) : null}
            {isCredit ? (
              <Fact term="Credits invoice" span={2}>
                {invoice.creditsInvoice ? (
                  <Link to={linkTo(invoice.creditsInvoice.id)} className="underline" data-testid="invoice-credits">
                    {invoice.creditsInvoice.number}
                  </Link>
                ) : null}
              </Fact>
            ) : (
              <>
                <Fact term="Due" valueTestId="invoice-due-on">
                  {invoice.dueOn ?? `${plural(invoice.paymentTermsDays, 'day')} after issue`}
                </Fact>
                <Fact term="Terms">{plural(invoice.paymentTermsDays, 'day')}</Fact>
              </>
            )}
            {invoice.orders.length ? (
              <Fact term="Orders" span={3} valueClassName="flex flex-wrap gap-2">
                {invoice.orders.map((o) => (
                  <Link key={o.id} to={orderLink(o.id)} className="underline" data-testid="invoice-order">
                    {o.number}
                  </Link>
                ))}
              </Fact>
            ) : null}
            {invoice.reason ? (
              <Fact term="Reason" span={3} valueClassName="whitespace-pre-wrap" valueTestId="invoice-reason">
                {invoice.reason}
              </Fact>
            ) : null}
          </Facts>
          <Parties>
            <Party heading="From" party={invoice.issuerParty} testId="invoice-issuer" />
            <Party heading={isCredit ? 'Credited to' : 'Bill to'} party={invoice.customerParty} testId="invoice-customer" />
          </Parties>
        </DocumentSection>

        <DocumentSection id="lines" heading="Lines">
          <LinesTable label="Lines of the invoice" columns={lineColumns(money, full)} lines={invoice.items} lineTestId="invoice-line" />
          <Totals>
            <Total label="Subtotal" testId="invoice-subtotal">
              {money(invoice.subtotalMinor)}
            </Total>
            {full ? (
              <>
                <Total label="Duty" testId="invoice-duty">
                  {money(invoice.dutyMinor)}
                </Total>
                {invoice.vatBreakdown.map((b) => (
                  <Total
                    key={`${b.category}:${b.rateBp}`}
                    label={`VAT ${vatRateLabel(b.category, b.rateBp)} on ${money(b.basisMinor)}`}
                    testId={`invoice-vat-${b.category}`}
                  >
                    {money(b.vatMinor)}
                  </Total>
                ))}
                <Total label="VAT" testId="invoice-tax">
                  {money(invoice.taxMinor)}
                </Total>
              </>
            ) : (
              <Total label={`Tax (${taxRateLabel(invoice.taxRateBp)})`} testId="invoice-tax">
                {money(invoice.taxMinor)}
              </Total>
            )}
            <Total label={isCredit ? 'Total credited' : 'Total'} tone="total" testId="invoice-total">
              {money(invoice.totalMinor)}
            </Total>
            {!isCredit && issued ? (
              <>
                <Total label="Paid" tone="muted">
                  {money(invoice.paidMinor)}
                </Total>
                <Total label="Credited" tone="muted" testId="invoice-credited">
                  {money(invoice.creditedMinor)}
                </Total>
                <Total label="Outstanding" tone="strong" testId="invoice-outstanding">
                  {money(invoice.outstandingMinor)}
                </Total>
              </>
            ) : null}
          </Totals>
          {full ? <TaxNotes invoice={invoice} /> : null}
        </DocumentSection>
      </div>

      <div className="space-y-6">
        <DocumentSection id="document" heading="Document">
          {issued ? (
            <div className="mt-3 flex flex-wrap items-center gap-3">
              <a href={pdfUrl} download className={buttonClass.primary} data-testid="invoice-pdf">
                Download PDF
              </a>
              <a href={xmlUrl} download className={buttonClass.secondary} data-testid="invoice-xml">
                Download e-invoice (XML)
              </a>
              <p className="w-full text-sm text-stone-600">The e-invoice is UBL (EN 16931, Peppol BIS 3.0), for accounting software.</p>
            </div>
          ) : (
            <p className="mt-2 text-sm text-stone-600">A draft has no number and no PDF yet: issue it to send it to {invoice.customer.name}.</p>
          )}
          <DraftActions invoice={invoice} result={result} />
        </DocumentSection>

        {!isCredit && issued ? (
          <DocumentSection id="credits" heading="Credit notes">
            {invoice.creditNotes.length === 0 ? (
              <p className="mt-2 text-sm text-stone-600">None.</p>
            ) : (
              <ul className="mt-2 space-y-2 text-sm">
                {invoice.creditNotes.map((c) => (
                  <li key={c.id} data-testid="credit-note">
                    <Link to={linkTo(c.id)} className="font-medium underline">
                      {c.number}
                    </Link>{' '}
                    {c.issuedOn} · {money(c.totalMinor)}
                    {c.reason ? <span className="block text-stone-600">{c.reason}</span> : null}
                  </li>
                ))}
              </ul>
            )}
            {invoice.actions.includes('credit') ? <CreditForm invoice={invoice} result={result} /> : null}
          </DocumentSection>
        ) : null}
      </div>
    </div>
  );
}

/** What the document says about duty and about a VAT category other than the standard rate. */
function TaxNotes({ invoice }: { invoice: InvoiceDetailView }) {
  const notes = invoice.vatBreakdown.filter((b) => b.category !== 'S' && b.note).map((b) => `VAT ${b.category}: ${b.note}`);
  if (invoice.dutyTreatment) notes.push(DUTY_NOTES[invoice.dutyTreatment]);
  if (!notes.length) return null;
  return (
    <ul className="mt-4 space-y-1 text-sm text-stone-600" data-testid="invoice-tax-notes">
      {notes.map((n) => (
        <li key={n}>{n}</li>
      ))}
    </ul>
  );
}

type InvoiceLine = InvoiceDetailView['items'][number];

function lineColumns(money: (minor: number) => string, full: boolean): Column<InvoiceLine>[] {
  const tax: Column<InvoiceLine>[] = full
    ? [
        { key: 'duty', label: 'Duty', className: 'text-right', render: (l) => money(l.dutyMinor) },
        {
          key: 'vat',
          label: 'VAT',
          className: 'text-right whitespace-nowrap',
          render: (l) => <span data-testid="line-vat">{vatRateLabel(l.vatCategory, l.vatRateBp)}</span>,
        },
      ]
    : [];
  return [
    {
      key: 'product',
      label: 'Product',
      render: (l) => (
        <LineProduct name={l.description} caseSize={l.caseSize}>
          {l.creditedCases > 0 ? (
            <span className="block text-indigo-900" data-testid="line-credited">
              {l.creditedCases} {l.creditedCases === 1 ? 'case' : 'cases'} credited
            </span>
          ) : null}
        </LineProduct>
      ),
    },
    { key: 'cases', label: 'Cases', className: 'text-right', render: (l) => l.cases },
    { key: 'unit', label: 'Per bottle', className: 'text-right', render: (l) => money(l.unitPriceMinor) },
    ...tax,
    { key: 'amount', label: full ? 'Net' : 'Amount', className: 'text-right', render: (l) => money(l.lineTotalMinor) },
  ];
}

function DraftActions({ invoice, result }: { invoice: InvoiceDetailView; result?: InvoiceFormResult }) {
  const busy = useNavigation().state === 'submitting';
  if (!invoice.actions.includes('issue')) return null;
  return (
    <div className="mt-4 space-y-3">
      {result?.intent === 'issue' || result?.intent === 'discard' ? <FormError message={result.formError} /> : null}
      <Form method="post" className="flex flex-wrap gap-2">
        <input type="hidden" name="version" value={invoice.version} />
        <button type="submit" name="intent" value="issue" className={buttonClass.primary} disabled={busy}>
          Issue invoice
        </button>
        <button type="submit" name="intent" value="discard" className={buttonClass.danger} disabled={busy}>
          Discard draft
        </button>
      </Form>
    </div>
  );
}

function CreditForm({ invoice, result }: { invoice: InvoiceDetailView; result?: InvoiceFormResult }) {
  const busy = useNavigation().state === 'submitting';
  const mine = result?.intent === 'credit' ? result : undefined;
  return (
    <Form method="post" className="mt-4 space-y-3 border-t border-stone-200 pt-4" aria-labelledby="credit-form-heading">
      <h3 id="credit-form-heading" className="font-medium">
        Issue a credit note
      </h3>
      <FormError message={mine?.formError} />
      {invoice.items
        .filter((l) => l.cases > l.creditedCases)
        .map((l) => (
          <Field key={l.id} label={`Cases of ${l.description} to credit`} name={`credit.${l.id}`} error={mine?.errors?.[`credit.${l.id}`]}>
            {(p) => (
              <input
                {...p}
                type="number"
                min={0}
                max={l.cases - l.creditedCases}
                inputMode="numeric"
                defaultValue={mine?.values?.[`credit.${l.id}`] ?? ''}
                className={`${inputClass} w-28`}
              />
            )}
          </Field>
        ))}
      <Field label="Reason" name="reason" error={mine?.errors?.reason}>
        {(p) => <input {...p} type="text" defaultValue={mine?.values?.reason ?? ''} />}
      </Field>
      <button type="submit" name="intent" value="credit" className={buttonClass.secondary} disabled={busy}>
        Issue credit note
      </button>
    </Form>
  );
}
