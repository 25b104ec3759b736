// The parts every trade document page is made of — an order, an invoice or credit note, a shipment
// and its receipt: a card with its heading (and the document's badge), the facts as a list of terms,
// the parties as printed (with their licences), the lines, the totals and the timeline. One place,
// so the documents look alike and a change to one part reaches them all.
import type { ReactNode } from 'react';
import { type Column, DataTable } from '~/components/admin-ui/list';

const CARD = 'rounded-xl bg-white p-6 shadow-sm';

/** A card of a document page: a section named by its heading (`${id}-heading`), with the badge beside it. */
export function DocumentSection({
  id,
  heading,
  badge,
  className,
  testId,
  children,
}: {
  id: string;
  heading: ReactNode;
  /** The document's status, to the right of the heading. */
  badge?: ReactNode;
  /** More classes of the card (its spacing, say). */
  className?: string;
  testId?: string;
  children?: ReactNode;
}) {
  const title = (
    <h2 id={`${id}-heading`} className="font-serif text-xl">
      {heading}
    </h2>
  );
  return (
    <section aria-labelledby={`${id}-heading`} className={className ? `${className} ${CARD}` : CARD} data-testid={testId}>
      {badge ? (
        <div className="flex flex-wrap items-center justify-between gap-2">
          {title}
          {badge}
        </div>
      ) : (
        title
      )}
      {children}
    </section>
  );
}

const FACT_COLUMNS = { 2: 'sm:grid-cols-2', 3: 'sm:grid-cols-3' } as const;
const FACT_SPANS = { 2: 'sm:col-span-2', 3: 'sm:col-span-3' } as const;

/** A document's facts (who, when, why): terms in two or three columns from a small screen up. */
export function Facts({ columns = 2, children }: { columns?: keyof typeof FACT_COLUMNS; children: ReactNode }) {
  return <dl className={`mt-4 grid gap-x-6 gap-y-2 text-sm ${FACT_COLUMNS[columns]}`}>{children}</dl>;
}

/** One fact: its term and its value; `span` columns wide (a note, a reason). */
export function Fact({
  term,
  span,
  testId,
  valueClassName,
  valueTestId,
  children,
}: {
  term: ReactNode;
  span?: keyof typeof FACT_SPANS;
  /** On the fact (term and value). */
  testId?: string;
  valueClassName?: string;
  /** On the value. */
  valueTestId?: string;
  children: ReactNode;
}) {
  return (
    <div className={span ? FACT_SPANS[span] : undefined} data-testid={testId}>
      <dt className="text-stone-600">{term}</dt>
      <dd className={valueClassName} data-testid={valueTestId}>
        {children}
      </dd>
    </div>
  );
}

/** A party as the document prints it: legal and trading names, address, country and licence (and its VAT number, on invoices since issue 44). */
export interface DocumentParty {
  legalName: string;
  tradingName: string;
  licenceNumber: string;
  licenceJurisdiction: string;
  addressLines: string[];
  country: string;
  vatNumber?: string;
}

/** The two parties side by side (the seller first). */
export function Parties({ children }: { children: ReactNode }) {
  return <div className="mt-6 grid gap-6 sm:grid-cols-2">{children}</div>;
}

export function Party({ heading, party, testId }: { heading: string; party: DocumentParty; testId: string }) {
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
      {party.vatNumber ? <p className="text-sm text-stone-700">VAT number {party.vatNumber}</p> : null}
    </div>
  );
}

/** The product cell of a line: its name, its case size, and a remark (why it changed, what was credited). */
export function LineProduct({ name, caseSize, nameTestId, children }: { name: string; caseSize: number; nameTestId?: string; children?: ReactNode }) {
  return (
    <>
      <span className="font-medium" data-testid={nameTestId}>
        {name}
      </span>
      <span className="block text-stone-600">case of {caseSize}</span>
      {children}
    </>
  );
}

/**
 * The lines of a document: a table in its own scrolling box labelled `label`, one row a line
 * (`lineTestId` on each). `align="middle"` centres a row's cells vertically (the shipment's lines).
 */
export function LinesTable<T extends { id: number | string }>({
  label,
  columns,
  lines,
  lineTestId,
  align = 'top',
}: {
  label: string;
  columns: Column<T>[];
  lines: T[];
  lineTestId: string;
  align?: 'top' | 'middle';
}) {
  return (
    <DataTable
      look={align === 'top' ? 'compact' : 'flat'}
      className="mt-3"
      noCaption
      caption={label}
      columns={columns}
      rows={lines}
      rowKey={(l) => l.id}
      rowAttributes={() => ({ 'data-testid': lineTestId })}
      empty=""
    />
  );
}

/** The totals under the lines, right-aligned: one `Total` a row. */
export function Totals({ children }: { children: ReactNode }) {
  return <dl className="mt-4 ml-auto max-w-xs space-y-1 text-sm">{children}</dl>;
}

const TOTAL_TONES = {
  plain: 'flex justify-between',
  /** The document's total: ruled off above, bold. */
  total: 'flex justify-between border-t border-stone-200 pt-1 font-semibold',
  /** What has happened since (paid, credited). */
  muted: 'flex justify-between text-stone-700',
  /** What is still owed. */
  strong: 'flex justify-between font-semibold',
} as const;

export function Total({
  label,
  testId,
  tone = 'plain',
  children,
}: {
  label: ReactNode;
  testId?: string;
  tone?: keyof typeof TOTAL_TONES;
  children: ReactNode;
}) {
  return (
    <div className={TOTAL_TONES[tone]}>
      <dt>{label}</dt>
      <dd data-testid={testId}>{children}</dd>
    </div>
  );
}

/** One event of a document's timeline. */
export interface TimelineEntry {
  title: string;
  /** Who did it. */
  by?: string | null;
  /** On which side (a party's name), when both sides write the timeline. */
  side?: string | null;
  /** When, as shown. */
  at: string;
  text?: string | null;
}

/** What happened to the document, oldest first. */
export function DocumentTimeline({ entries, className }: { entries: TimelineEntry[]; className?: string }) {
  return (
    <DocumentSection id="timeline" heading="Timeline" className={className}>
      <ol className="mt-3 space-y-3 border-l border-stone-300 pl-4" aria-label="Timeline">
        {entries.map((e, i) => (
          <li key={i} className="text-sm" data-testid="timeline-entry">
            <p>
              <span className="font-medium">{e.title}</span>
              {e.by ? ` · ${e.by}` : ''}
              {e.side ? ` (${e.side})` : ''}
            </p>
            <p className="text-stone-600">{e.at}</p>
            {e.text ? <p className="mt-1 whitespace-pre-wrap">{e.text}</p> : null}
          </li>
        ))}
      </ol>
    </DocumentSection>
  );
}
