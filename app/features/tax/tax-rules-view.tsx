// What the Tax rules page shows (issue 44): every jurisdiction's rules in force today at a glance, and
// one jurisdiction's VAT rules and excise band sets — in force, upcoming (which may be withdrawn) and
// superseded — each with its source, and a figure nobody verified labelled as an example.
import { href, Link } from 'react-router';
import {
  EXAMPLE_FIGURE_LABEL,
  type ExciseBandView,
  type ExciseSetView,
  type JurisdictionTaxRules,
  TAX_RULE_STATUS_LABELS,
  type TaxRuleStatus,
  type VatRuleView,
} from '@shared/schemas/tax';
import { vatRateLabel } from '@shared/tax';
import { ConfirmButton } from '~/components/admin-ui/editor';
import { type Column, DataTable } from '~/components/admin-ui/list';
import { plural } from '@shared/plural';

const PAGE = href('/admin/dashboard/tax-rules');
export const jurisdictionHref = (code: string) => `${PAGE}?jurisdiction=${encodeURIComponent(code)}`;

const STATUS_STYLES: Record<TaxRuleStatus, string> = {
  in_force: 'bg-green-100 text-green-900',
  upcoming: 'bg-sky-100 text-sky-900',
  past: 'bg-stone-200 text-stone-800',
};

export function RuleStatus({ status }: { status: TaxRuleStatus }) {
  return (
    <span className={`inline-block rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ${STATUS_STYLES[status]}`} data-testid="rule-status">
      {TAX_RULE_STATUS_LABELS[status]}
    </span>
  );
}

/** The label beside every figure nobody verified (seeded as an example, or entered as one). */
export function ExampleFigure() {
  return (
    <span
      className="mt-1 inline-block rounded-md border border-amber-600 bg-amber-50 px-2 py-0.5 text-xs font-medium text-amber-950"
      data-testid="example-figure"
    >
      {EXAMPLE_FIGURE_LABEL}
    </span>
  );
}

/** A source as written, its addresses as links. */
export function Source({ text }: { text: string }) {
  if (!text) return <span className="text-stone-600">No source given</span>;
  const parts = text.split(/(https?:\/\/[^\s,;)]+)/g);
  return (
    <span className="break-words">
      {parts.map((p, i) =>
        /^https?:\/\//.test(p) ? (
          <a key={i} href={p} className="text-brass underline" target="_blank" rel="noreferrer noopener">
            {p}
          </a>
        ) : (
          p
        ),
      )}
    </span>
  );
}

const percent = (tenths: number) => `${(tenths / 10).toLocaleString('en', { maximumFractionDigits: 1 })} %`;

/** A band's strengths: "from 8.5 % to under 22.1 %", "22.1 % and stronger". */
export function bandLabel(b: Pick<ExciseBandView, 'abvFromTenths' | 'abvToTenths'>): string {
  return b.abvToTenths === null ? `${percent(b.abvFromTenths)} and stronger` : `${percent(b.abvFromTenths)} to under ${percent(b.abvToTenths)}`;
}

const perLitreFormats = new Map<string, Intl.NumberFormat>();

/** A rate per hectolitre of pure alcohol (minor units) as people read it: per litre, to four places when it has them. */
export function perLitreLabel(perHlpaMinor: number, currency: string): string {
  let format = perLitreFormats.get(currency);
  if (!format) {
    format = new Intl.NumberFormat('en', { style: 'currency', currency, minimumFractionDigits: 2, maximumFractionDigits: 4 });
    perLitreFormats.set(currency, format);
  }
  return `${format.format(perHlpaMinor / 10_000)} per litre of pure alcohol`;
}

const vatText = (r: VatRuleView) => `${vatRateLabel(r.category, r.rateBp)}${r.exemptionReason ? ` · ${r.exemptionReason}` : ''}`;

/** Every jurisdiction's rules in force today, with what is still to come: one row each, to open. */
export function OverviewTable({ jurisdictions }: { jurisdictions: JurisdictionTaxRules[] }) {
  const columns: Column<JurisdictionTaxRules>[] = [
    {
      key: 'jurisdiction',
      label: 'Jurisdiction',
      rowHeader: true,
      render: (j) => (
        <Link to={jurisdictionHref(j.jurisdiction)} className="font-medium underline">
          {j.name}
        </Link>
      ),
    },
    {
      key: 'vat',
      label: 'VAT in force',
      cellTestId: 'vat-in-force',
      render: (j) => {
        const r = j.vat.find((v) => v.status === 'in_force');
        if (!r) return <span className="font-medium text-red-800">No VAT rule in force</span>;
        return (
          <>
            <span className="block">{vatText(r)}</span>
            <span className="block text-xs text-stone-600">from {r.effectiveFrom}</span>
            {r.example ? <ExampleFigure /> : null}
          </>
        );
      },
    },
    {
      key: 'excise',
      label: 'Excise duty in force',
      cellTestId: 'excise-in-force',
      render: (j) => {
        const s = j.excise.find((x) => x.status === 'in_force');
        if (!s) return <span className="font-medium text-red-800">No duty rule in force</span>;
        return (
          <>
            {s.bands.length === 1 ? (
              <span className="block">{perLitreLabel(s.bands[0]!.perHlpaMinor, s.currency)}</span>
            ) : (
              <span className="block">
                {plural(s.bands.length, 'band')} by strength, {s.currency}
              </span>
            )}
            <span className="block text-xs text-stone-600">from {s.effectiveFrom}</span>
            {s.bands.some((b) => b.example) ? <ExampleFigure /> : null}
          </>
        );
      },
    },
    {
      key: 'upcoming',
      label: 'Upcoming',
      render: (j) => {
        const dates = [...j.vat.filter((v) => v.status === 'upcoming').map((v) => `VAT from ${v.effectiveFrom}`)];
        dates.push(...j.excise.filter((s) => s.status === 'upcoming').map((s) => `Duty from ${s.effectiveFrom}`));
        return dates.length ? (
          dates.map((d) => (
            <span key={d} className="block">
              {d}
            </span>
          ))
        ) : (
          <span className="text-stone-600">None</span>
        );
      },
    },
  ];
  return (
    <DataTable
      columns={columns}
      rows={jurisdictions}
      rowKey={(j) => j.jurisdiction}
      caption="Tax rules in force today, by jurisdiction"
      empty="No jurisdictions."
      rowAttributes={(j) => ({ 'data-jurisdiction': j.jurisdiction })}
    />
  );
}

/** A withdraw button for a rule still to come (a band set goes as a whole). */
function Withdraw({ id, what }: { id: number; what: string }) {
  return <ConfirmButton intent="withdraw" label="Withdraw" question={`Withdraw ${what}?`} fields={{ id }} />;
}

/** One jurisdiction's VAT rules, newest first. */
export function VatRulesTable({ rules, name }: { rules: VatRuleView[]; name: string }) {
  const columns: Column<VatRuleView>[] = [
    { key: 'from', label: 'From', rowHeader: true, className: 'whitespace-nowrap', render: (r) => r.effectiveFrom },
    { key: 'status', label: 'Status', render: (r) => <RuleStatus status={r.status} /> },
    {
      key: 'rate',
      label: 'Category and rate',
      render: (r) => (
        <>
          <span className="block whitespace-nowrap">{vatRateLabel(r.category, r.rateBp)}</span>
          {r.example ? <ExampleFigure /> : null}
        </>
      ),
    },
    { key: 'reason', label: 'Exemption reason', render: (r) => r.exemptionReason || <span className="text-stone-600">—</span> },
    { key: 'source', label: 'Source', className: 'min-w-64', render: (r) => <Source text={r.source} /> },
    {
      key: 'actions',
      label: 'Actions',
      hiddenLabel: true,
      render: (r) => (r.status === 'upcoming' ? <Withdraw id={r.id} what={`the VAT rule of ${name} from ${r.effectiveFrom}`} /> : null),
    },
  ];
  return (
    <DataTable
      columns={columns}
      rows={rules}
      rowKey={(r) => r.id}
      caption={`VAT rules of ${name}`}
      empty="No VAT rule yet: documents of this jurisdiction are refused until one is added."
      rowAttributes={(r) => ({ 'data-testid': 'vat-rule', 'data-status': r.status, 'data-from': r.effectiveFrom })}
    />
  );
}

/** One band set: its date, status and currency, then its bands with their sources. */
export function ExciseSet({ set, name }: { set: ExciseSetView; name: string }) {
  const columns: Column<ExciseBandView>[] = [
    { key: 'strength', label: 'Strength (ABV)', rowHeader: true, className: 'whitespace-nowrap', render: (b) => bandLabel(b) },
    {
      key: 'rate',
      label: 'Duty',
      render: (b) => (
        <>
          <span className="block">{perLitreLabel(b.perHlpaMinor, set.currency)}</span>
          {b.example ? <ExampleFigure /> : null}
        </>
      ),
    },
    { key: 'source', label: 'Source', className: 'min-w-64', render: (b) => <Source text={b.source} /> },
  ];
  return (
    <section
      className="space-y-2"
      data-testid="excise-set"
      data-status={set.status}
      data-from={set.effectiveFrom}
      aria-label={`Excise duty of ${name} from ${set.effectiveFrom}`}
    >
      <div className="flex flex-wrap items-center gap-3">
        <h4 className="font-medium">From {set.effectiveFrom}</h4>
        <RuleStatus status={set.status} />
        <span className="text-sm text-stone-600">{set.currency}</span>
        {set.status === 'upcoming' ? <Withdraw id={set.bands[0]!.id} what={`the duty bands of ${name} from ${set.effectiveFrom}`} /> : null}
      </div>
      <DataTable columns={columns} rows={set.bands} rowKey={(b) => b.id} caption={`Excise bands of ${name} from ${set.effectiveFrom}`} empty="No bands." />
    </section>
  );
}

/** A jurisdiction's rules: VAT, then the excise band sets, newest first. */
export function JurisdictionRules({ rules }: { rules: JurisdictionTaxRules }) {
  return (
    <div className="space-y-6" data-testid="jurisdiction-rules" data-jurisdiction={rules.jurisdiction}>
      <section aria-labelledby="vat-rules-title" className="space-y-2">
        <h3 id="vat-rules-title" className="font-serif text-xl">
          VAT
        </h3>
        <VatRulesTable rules={rules.vat} name={rules.name} />
      </section>
      <section aria-labelledby="excise-title" className="space-y-4">
        <h3 id="excise-title" className="font-serif text-xl">
          Excise duty
        </h3>
        {rules.excise.length === 0 ? (
          <p className="text-sm text-stone-600">No duty rule yet: a leg that releases goods here is refused until one is added.</p>
        ) : (
          rules.excise.map((s) => <ExciseSet key={s.effectiveFrom} set={s} name={rules.name} />)
        )}
      </section>
    </div>
  );
}
