// Who hears about an invoice or a credit note, and what they are told: the bell (an audience) and
// email, written inside the transaction that issues the document. The customer always gets the
// document itself — its organisation's address and its active members, the PDF attached; the issuer
// hears of a credit note it did not issue itself (an order its customer cancelled). The brand's side
// is its staff (nobody is a member of the brand's row): the bell and emails of staff holding Order
// Management, the link to its screen (shared/trade-pages.ts).
import { href } from 'react-router';
import { formatPrice } from '../../../shared/markets';
import type { AnyOrganisationType } from '../../../shared/partners';
import { supplierPages } from '../../../shared/trade-pages';
import { brandId } from '../../db/brand';
import type { DbOrTx } from '../../db/client';
import { eq } from 'drizzle-orm';
import { type invoices, organisations } from '../../db/schema';
import type { Mailer } from '../../mail/mailer';
import { invoiceEmail } from '../../mail/templates';
import { organisationAndMembers, staffTeam } from '../notifications';
import type { NotificationService, StoredNotification } from '../notifications';
import { organisationTypeOf } from '../trade';

const PERMISSION = 'orders:manage';

type InvoiceRow = typeof invoices.$inferSelect;

/** The invoice page, for either side of a partner's invoice; the brand's issued invoices are staff's (shared/trade-pages.ts). */
export const invoicePath = (id: number, type?: AnyOrganisationType | null) =>
  type === 'brand' ? supplierPages(type)!.issuedInvoices : href('/partner/dashboard/invoices/:id', { id: String(id) });

/** The PDF attachment of a stored document (rendered by the `invoice_pdf` renderer when the email is sent). */
export const pdfAttachment = (doc: Pick<InvoiceRow, 'id' | 'number'>) => ({
  filename: `${doc.number}.pdf`,
  contentType: 'application/pdf',
  kind: 'invoice_pdf',
  id: String(doc.id),
});

/** The UBL e-invoice attachment (the `invoice_ubl` renderer), for a customer whose organisation asks for it. */
export const ublAttachment = (doc: Pick<InvoiceRow, 'id' | 'number'>) => ({
  filename: `${doc.number}.xml`,
  contentType: 'application/xml',
  kind: 'invoice_ubl',
  id: String(doc.id),
});

export interface InvoiceNews {
  /** The document issued: an invoice, or a credit note. */
  doc: InvoiceRow;
  /** For a credit note: the number of the invoice it credits. */
  credits?: string | null;
  to: 'customer' | 'issuer';
  /** The other side's name, as the sentence says it. */
  from: string;
}

export function createInvoiceNotices(notifications: NotificationService, mailer: Mailer, origin: string) {
  /** Stores the bell entry and the emails of one document inside `tx`; announce the result after the commit. */
  async function tell(tx: DbOrTx, news: InvoiceNews): Promise<StoredNotification> {
    const { doc } = news;
    const organisationId = news.to === 'customer' ? doc.customerId : doc.issuerId;
    const amount = formatPrice(doc.totalMinor, doc.currency);
    const isCredit = doc.kind === 'credit_note';
    const title = isCredit ? `Credit note ${doc.number} from ${news.from}` : `Invoice ${doc.number} from ${news.from}`;
    const body = isCredit ? `${amount} credited on invoice ${news.credits ?? ''}${doc.reason ? `: ${doc.reason}` : ''}` : `${amount}, due ${doc.dueOn}`;
    const brand = organisationId === (await brandId(tx));
    const link = invoicePath(doc.id, await organisationTypeOf(tx, organisationId));
    const stored = await notifications.notify(tx, {
      permission: PERMISSION,
      ...(brand ? {} : { organisationId }),
      kind: isCredit ? 'credit_note_issued' : 'invoice_issued',
      title,
      body,
      link,
    });
    // The customer's organisation may ask for the e-invoice beside the PDF (Business details).
    const [asks] =
      news.to === 'customer' && !brand
        ? await tx.select({ yes: organisations.einvoiceByEmail }).from(organisations).where(eq(organisations.id, organisationId))
        : [];
    const withXml = asks?.yes === true;
    const what = isCredit ? 'The credit note' : 'The invoice';
    const attached = withXml ? `${what} is attached as a PDF and as a UBL e-invoice (XML).` : `${what} is attached as a PDF.`;
    const lines = isCredit
      ? [
          `${news.from} issued credit note ${doc.number} for ${amount} on invoice ${news.credits ?? ''}.`,
          ...(doc.reason ? [`Reason: ${doc.reason}`] : []),
          attached,
        ]
      : [`${news.from} issued invoice ${doc.number} for ${amount}, due on ${doc.dueOn}.`, attached];
    const files = withXml ? [pdfAttachment(doc), ublAttachment(doc)] : [pdfAttachment(doc)];
    for (const address of brand ? await staffTeam(tx, PERMISSION) : await organisationAndMembers(tx, organisationId))
      await mailer.send(invoiceEmail(address, title, lines, origin + link, files), tx);
    return stored;
  }
  return { tell };
}
