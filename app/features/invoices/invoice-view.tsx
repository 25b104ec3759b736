// One invoice or credit note as either party sees it: the number and dates, both parties with their
// licence numbers as printed, the lines, the totals and what is still owed, the orders it bills, its
// credit notes (or the invoice a credit note credits), the PDF, and what the issuer may do now —
// issue or discard a draft, credit lines of an issued invoice.
import { Form, Link, useNavigation } from 'react-router';
import { formatPrice } from '@shared/markets';
import { taxRateLabel } from '@shared/invoice-totals';
import { buttonClass } from '~/components/admin-ui/list';
import { Field, FormError, inputClass } from '~/components/forms/fields';
import { StandingBadge } from './standing-badge';
import type { InvoiceDetailView, InvoicePartyView } from '@shared/invoice-views';
import type { InvoiceFormResult } from './types';
import { TableScroll } from '~/components/ui/table-scroll';
import { plural } from '@shared/plural';

function Party({ heading, party, testId }: { heading: string; party: InvoicePartyView; testId: string }) {
  return (
    <div data-testid={testId}>
      <h3 className="text-xs font-semibold tracking-wider text-stone-600 uppercase">{heading}</h3>
      <p className="mt-1 font-medium">{party.legalName}</p>
      {party.tradingName !== party.legalName ? <p className="text-sm">Trading as {party.tradingName}</p> : null}
      {party.addressLines.map((l) => (
        <p key={l} className="text-sm">
          {l}
        </p>
      ))}
      <p className="text-sm">{party.country}</p>
      <p className="mt-1 text-sm text-stone-700">
        Licence {party.licenceNumber} ({party.licenceJurisdiction})
      </p>
    </div>
  );
}

export function InvoiceView({
  invoice,
  pdfUrl,
  linkTo,
  orderLink,
  result,
}: {
  invoice: InvoiceDetailView;
  pdfUrl: string;
  linkTo: (id: number) => string;
  orderLink: (id: number) => string;
  result?: InvoiceFormResult;
}) {
  const money = (minor: number) => formatPrice(minor, invoice.currency);
  const isCredit = invoice.kind === 'credit_note';
  const issued = invoice.state === 'issued';
  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
      <div className="space-y-6">
        <section aria-labelledby="invoice-heading" className="rounded-xl bg-white p-6 shadow-sm">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 id="invoice-heading" className="font-serif text-xl">
              {isCredit ? 'Credit note' : 'Invoice'} {invoice.number ?? '(draft: numbered when issued)'}
            </h2>
            <StandingBadge standing={invoice.standing} kind={invoice.kind} />
          </div>
          <dl className="mt-4 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-3">
            <div>
              <dt className="text-stone-600">Issued</dt>
              <dd data-testid="invoice-issued-on">{invoice.issuedOn ?? '—'}</dd>
            </div>
            {isCredit ? (
              <div className="sm:col-span-2">
                <dt className="text-stone-600">Credits invoice</dt>
                <dd>
                  {invoice.creditsInvoice ? (
                    <Link to={linkTo(invoice.creditsInvoice.id)} className="underline" data-testid="invoice-credits">
                      {invoice.creditsInvoice.number}
                    </Link>
                  ) : null}
                </dd>
              </div>
            ) : (
              <>
                <div>
                  <dt className="text-stone-600">Due</dt>
                  <dd data-testid="invoice-due-on">{invoice.dueOn ?? `${plural(invoice.paymentTermsDays, 'day')} after issue`}</dd>
                </div>
                <div>
                  <dt className="text-stone-600">Terms</dt>
                  <dd>{plural(invoice.paymentTermsDays, 'day')}</dd>
                </div>
              </>
            )}
            {invoice.orders.length ? (
              <div className="sm:col-span-3">
                <dt className="text-stone-600">Orders</dt>
                <dd className="flex flex-wrap gap-2">
                  {invoice.orders.map((o) => (
                    <Link key={o.id} to={orderLink(o.id)} className="underline" data-testid="invoice-order">
                      {o.number}
                    </Link>
                  ))}
                </dd>
              </div>
            ) : null}
            {invoice.reason ? (
              <div className="sm:col-span-3">
                <dt className="text-stone-600">Reason</dt>
                <dd className="whitespace-pre-wrap" data-testid="invoice-reason">
                  {invoice.reason}
                </dd>
              </div>
            ) : null}
          </dl>
          <div className="mt-6 grid gap-6 sm:grid-cols-2">
            <Party heading="From" party={invoice.issuerParty} testId="invoice-issuer" />
            <Party heading={isCredit ? 'Credited to' : 'Bill to'} party={invoice.customerParty} testId="invoice-customer" />
          </div>
        </section>

        <section aria-labelledby="lines-heading" className="rounded-xl bg-white p-6 shadow-sm">
          <h2 id="lines-heading" className="font-serif text-xl">
            Lines
          </h2>
          <TableScroll label="Lines of the invoice" className="mt-3">
            <table className="w-full text-left text-sm">
              <thead className="border-b border-stone-200 text-stone-700">
                <tr>
                  <th scope="col" className="py-2 pr-3">
                    Product
                  </th>
                  <th scope="col" className="py-2 pr-3 text-right">
                    Cases
                  </th>
                  <th scope="col" className="py-2 pr-3 text-right">
                    Per bottle
                  </th>
                  <th scope="col" className="py-2 text-right">
                    Amount
                  </th>
                </tr>
              </thead>
              <tbody>
                {invoice.items.map((l) => (
                  <tr key={l.id} className="border-b border-stone-100 align-top last:border-0" data-testid="invoice-line">
                    <td className="py-2 pr-3">
                      <span className="font-medium">{l.description}</span>
                      <span className="block text-stone-600">case of {l.caseSize}</span>
                      {l.creditedCases > 0 ? (
                        <span className="block text-indigo-900" data-testid="line-credited">
                          {l.creditedCases} {l.creditedCases === 1 ? 'case' : 'cases'} credited
                        </span>
                      ) : null}
                    </td>
                    <td className="py-2 pr-3 text-right">{l.cases}</td>
                    <td className="py-2 pr-3 text-right">{money(l.unitPriceMinor)}</td>
                    <td className="py-2 text-right">{money(l.lineTotalMinor)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
          <dl className="mt-4 ml-auto max-w-xs space-y-1 text-sm">
            <div className="flex justify-between">
              <dt>Subtotal</dt>
              <dd data-testid="invoice-subtotal">{money(invoice.subtotalMinor)}</dd>
            </div>
            <div className="flex justify-between">
              <dt>Tax ({taxRateLabel(invoice.taxRateBp)})</dt>
              <dd data-testid="invoice-tax">{money(invoice.taxMinor)}</dd>
            </div>
            <div className="flex justify-between border-t border-stone-200 pt-1 font-semibold">
              <dt>{isCredit ? 'Total credited' : 'Total'}</dt>
              <dd data-testid="invoice-total">{money(invoice.totalMinor)}</dd>
            </div>
            {!isCredit && issued ? (
              <>
                <div className="flex justify-between text-stone-700">
                  <dt>Paid</dt>
                  <dd>{money(invoice.paidMinor)}</dd>
                </div>
                <div className="flex justify-between text-stone-700">
                  <dt>Credited</dt>
                  <dd data-testid="invoice-credited">{money(invoice.creditedMinor)}</dd>
                </div>
                <div className="flex justify-between font-semibold">
                  <dt>Outstanding</dt>
                  <dd data-testid="invoice-outstanding">{money(invoice.outstandingMinor)}</dd>
                </div>
              </>
            ) : null}
          </dl>
        </section>
      </div>

      <div className="space-y-6">
        <section aria-labelledby="document-heading" className="rounded-xl bg-white p-6 shadow-sm">
          <h2 id="document-heading" className="font-serif text-xl">
            Document
          </h2>
          {issued ? (
            <a href={pdfUrl} download className={`${buttonClass.primary} mt-3`} data-testid="invoice-pdf">
              Download PDF
            </a>
          ) : (
            <p className="mt-2 text-sm text-stone-600">A draft has no number and no PDF yet: issue it to send it to {invoice.customer.name}.</p>
          )}
          <DraftActions invoice={invoice} result={result} />
        </section>

        {!isCredit && issued ? (
          <section aria-labelledby="credits-heading" className="rounded-xl bg-white p-6 shadow-sm">
            <h2 id="credits-heading" className="font-serif text-xl">
              Credit notes
            </h2>
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
          </section>
        ) : null}
      </div>
    </div>
  );
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
