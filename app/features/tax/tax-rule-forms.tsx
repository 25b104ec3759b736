// The Tax rules page's two forms (issue 44): a VAT rule (a jurisdiction's category and rate from a
// date) and a set of excise duty bands by strength from a date (every band of the jurisdiction,
// re-stated). Both start on today's date and the jurisdiction open on the page; the values go as
// typed, and the shared schema and the service say what is wrong, by field.
import { useState } from 'react';
import { Form } from 'react-router';
import { jurisdictionCurrency, RULE_VAT_CATEGORIES, RULE_VAT_CATEGORY_LABELS, type RuleVatCategory, TAX_CURRENCIES } from '@shared/schemas/tax';
import { EditorAlert, useJsonEditor } from '~/components/admin-ui/editor';
import { buttonClass } from '~/components/admin-ui/list';
import { Field, inputClass } from '~/components/forms/fields';

export interface JurisdictionChoice {
  code: string;
  name: string;
}

const box = 'space-y-4 rounded-xl bg-white p-5 shadow-sm';

function JurisdictionSelect({
  choices,
  value,
  onChange,
  error,
}: {
  choices: JurisdictionChoice[];
  value: string;
  onChange: (v: string) => void;
  error?: string;
}) {
  return (
    <Field label="Jurisdiction" name="jurisdiction" error={error} hint="A market, or an EU member state.">
      {(p) => (
        <select {...p} value={value} onChange={(e) => onChange(e.target.value)}>
          {choices.map((c) => (
            <option key={c.code} value={c.code}>
              {c.name}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

/** The date, source and example fields both forms end with. */
function RuleRecordFields({
  value,
  onChange,
  errors,
}: {
  value: { effectiveFrom: string; source: string; example: boolean };
  onChange: (patch: Partial<{ effectiveFrom: string; source: string; example: boolean }>) => void;
  errors: Record<string, string | undefined>;
}) {
  return (
    <>
      <Field label="Effective from" name="effectiveFrom" error={errors.effectiveFrom} hint="Today or later: a rule in force is never changed.">
        {(p) => <input {...p} type="date" value={value.effectiveFrom} onChange={(e) => onChange({ effectiveFrom: e.target.value })} />}
      </Field>
      <div className="sm:col-span-2">
        <Field label="Source" name="source" error={errors.source} optional hint="Where the figure was read: the official address and the date you read it.">
          {(p) => <textarea {...p} rows={2} maxLength={500} value={value.source} onChange={(e) => onChange({ source: e.target.value })} />}
        </Field>
      </div>
      <div className="sm:col-span-2">
        <label className="flex items-start gap-2 text-sm">
          <input type="checkbox" name="example" className="mt-1 size-4" checked={value.example} onChange={(e) => onChange({ example: e.target.checked })} />
          <span>
            <span className="font-medium">Example figure</span>
            <span className="block text-stone-600">Not verified against an official publication: screens label it “verify before relying on it”.</span>
          </span>
        </label>
      </div>
    </>
  );
}

export function VatRuleForm({ choices, jurisdiction, today }: { choices: JurisdictionChoice[]; jurisdiction: string; today: string }) {
  const editor = useJsonEditor();
  const [value, setValue] = useState({
    jurisdiction,
    category: 'S' as RuleVatCategory,
    ratePercent: '',
    exemptionReason: '',
    effectiveFrom: today,
    source: '',
    example: false,
  });
  const set = (patch: Partial<typeof value>) => setValue((v) => ({ ...v, ...patch }));
  const { errors } = editor;
  return (
    <form
      noValidate
      aria-label="Add a VAT rule"
      className={box}
      onSubmit={(e) => {
        e.preventDefault();
        const { ratePercent, ...rest } = value;
        editor.submit({ kind: 'vat', ...rest, ...(value.category === 'S' ? { ratePercent } : {}) });
      }}
    >
      <h3 className="font-serif text-xl">Add a VAT rule</h3>
      <EditorAlert formError={editor.formError} code={editor.code} hint={editor.hint} />
      <div className="grid gap-4 sm:grid-cols-2">
        <JurisdictionSelect choices={choices} value={value.jurisdiction} onChange={(j) => set({ jurisdiction: j })} error={errors.jurisdiction} />
        <Field label="Category" name="category" error={errors.category}>
          {(p) => (
            <select {...p} value={value.category} onChange={(e) => set({ category: e.target.value as RuleVatCategory })}>
              {RULE_VAT_CATEGORIES.map((c) => (
                <option key={c} value={c}>
                  {RULE_VAT_CATEGORY_LABELS[c]}
                </option>
              ))}
            </select>
          )}
        </Field>
        {value.category === 'S' ? (
          <Field label="Rate (%)" name="ratePercent" error={errors.ratePercent} hint="E.g. 20 or 25.5.">
            {(p) => <input {...p} inputMode="decimal" value={value.ratePercent} onChange={(e) => set({ ratePercent: e.target.value })} />}
          </Field>
        ) : (
          <Field
            label="Exemption reason"
            name="exemptionReason"
            error={errors.exemptionReason}
            optional={value.category === 'Z'}
            hint="What an invoice prints beside the category, e.g. “Sale for resale”."
          >
            {(p) => <input {...p} maxLength={200} value={value.exemptionReason} onChange={(e) => set({ exemptionReason: e.target.value })} />}
          </Field>
        )}
        <RuleRecordFields value={value} onChange={set} errors={errors} />
      </div>
      <button type="submit" className={buttonClass.primary} disabled={editor.busy}>
        {editor.busy ? 'Adding…' : 'Add VAT rule'}
      </button>
    </form>
  );
}

interface BandDraft {
  key: number;
  abvFrom: string;
  abvTo: string;
  perLitre: string;
}

let nextBandKey = 1;

export function ExciseRuleForm({ choices, jurisdiction, today }: { choices: JurisdictionChoice[]; jurisdiction: string; today: string }) {
  const editor = useJsonEditor();
  const [value, setValue] = useState({ jurisdiction, currency: jurisdictionCurrency(jurisdiction), effectiveFrom: today, source: '', example: false });
  const [bands, setBands] = useState<BandDraft[]>(() => [{ key: nextBandKey++, abvFrom: '0', abvTo: '', perLitre: '' }]);
  const set = (patch: Partial<typeof value>) => setValue((v) => ({ ...v, ...patch }));
  const setBand = (key: number, patch: Partial<BandDraft>) => setBands((bs) => bs.map((b) => (b.key === key ? { ...b, ...patch } : b)));
  const { errors } = editor;
  return (
    <form
      noValidate
      aria-label="Add excise duty bands"
      className={box}
      onSubmit={(e) => {
        e.preventDefault();
        editor.submit({
          kind: 'excise',
          ...value,
          bands: bands.map(({ abvFrom, abvTo, perLitre }) => ({ abvFrom, abvTo: abvTo.trim() === '' ? null : abvTo, perLitre })),
        });
      }}
    >
      <h3 className="font-serif text-xl">Add excise duty bands</h3>
      <p className="text-sm text-stone-600">
        Enter every band of the jurisdiction from this date: together they replace the bands in force. Strengths run from 0 %; each band starts where the one
        before ends, and the last has no upper limit.
      </p>
      <EditorAlert formError={editor.formError} code={editor.code} hint={editor.hint} />
      <div className="grid gap-4 sm:grid-cols-2">
        <JurisdictionSelect
          choices={choices}
          value={value.jurisdiction}
          onChange={(j) => set({ jurisdiction: j, currency: jurisdictionCurrency(j) })}
          error={errors.jurisdiction}
        />
        <Field label="Currency" name="currency" error={errors.currency} hint="The currency documents released there are issued in.">
          {(p) => (
            <select {...p} value={value.currency} onChange={(e) => set({ currency: e.target.value })}>
              {TAX_CURRENCIES.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      <fieldset className="space-y-3">
        <legend className="text-sm font-medium">Bands</legend>
        {errors.bands ? <p className="text-sm font-medium text-red-800">{errors.bands}</p> : null}
        {bands.map((b, i) => (
          <div
            key={b.key}
            role="group"
            aria-label={`Band ${i + 1}`}
            className="grid grid-cols-2 items-end gap-3 rounded-md border border-stone-200 p-3 sm:grid-cols-[1fr_1fr_1.5fr_auto]"
          >
            <Field label="From (% ABV)" name={`bands.${i}.abvFrom`} error={errors[`bands.${i}.abvFrom`]}>
              {(p) => <input {...p} inputMode="decimal" value={b.abvFrom} onChange={(e) => setBand(b.key, { abvFrom: e.target.value })} />}
            </Field>
            <Field label="To under (% ABV)" name={`bands.${i}.abvTo`} error={errors[`bands.${i}.abvTo`]} optional={i === bands.length - 1}>
              {(p) => <input {...p} inputMode="decimal" value={b.abvTo} onChange={(e) => setBand(b.key, { abvTo: e.target.value })} />}
            </Field>
            <div className="col-span-2 sm:col-span-1">
              <Field label={`Duty per litre of pure alcohol (${value.currency})`} name={`bands.${i}.perLitre`} error={errors[`bands.${i}.perLitre`]}>
                {(p) => <input {...p} inputMode="decimal" value={b.perLitre} onChange={(e) => setBand(b.key, { perLitre: e.target.value })} />}
              </Field>
            </div>
            {bands.length > 1 ? (
              <button
                type="button"
                className={`${buttonClass.secondary} col-span-2 justify-center sm:col-span-1`}
                onClick={() => setBands((bs) => bs.filter((x) => x.key !== b.key))}
                aria-label={`Remove band ${i + 1}`}
              >
                Remove
              </button>
            ) : null}
          </div>
        ))}
        <button
          type="button"
          className={buttonClass.secondary}
          onClick={() =>
            setBands((bs) => {
              // The new band starts where the last one ends; the last one then needs an end.
              const last = bs[bs.length - 1];
              return [...bs, { key: nextBandKey++, abvFrom: last?.abvTo ?? '', abvTo: '', perLitre: '' }];
            })
          }
        >
          Add a band
        </button>
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        <RuleRecordFields value={value} onChange={set} errors={errors} />
      </div>
      <button type="submit" className={buttonClass.primary} disabled={editor.busy}>
        {editor.busy ? 'Adding…' : 'Add duty bands'}
      </button>
    </form>
  );
}

/** The jurisdiction filter: a plain GET form, so the page's address names what it shows. */
export function JurisdictionFilter({ choices, value }: { choices: JurisdictionChoice[]; value: string | null }) {
  return (
    <Form method="get" role="search" aria-label="Jurisdiction" className="mb-6 flex flex-wrap items-end gap-3">
      <label className="flex flex-col text-sm font-medium">
        Jurisdiction
        <select name="jurisdiction" defaultValue={value ?? ''} className={`${inputClass} font-normal sm:w-72`}>
          <option value="">All jurisdictions</option>
          {choices.map((c) => (
            <option key={c.code} value={c.code}>
              {c.name}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" className={buttonClass.secondary}>
        Show
      </button>
    </Form>
  );
}
