// Two small editors of an organisation's staff page: its status (with the reason its members see
// when it is suspended) and the commercial terms with its supplier (payment terms, credit limit and
// how the leg treats duty; VAT comes from the tax rules). Both name the version they read.
import { useState } from 'react';
import { ORGANISATION_STATUS_LABELS, ORGANISATION_STATUSES, type OrganisationStatus } from '@shared/partners';
import { DUTY_TREATMENT_LABELS, DUTY_TREATMENTS, type DutyTreatment } from '@shared/tax';
import { EditorAlert, SaveButton, useJsonEditor } from '~/components/admin-ui/editor';
import { buttonClass } from '~/components/admin-ui/list';
import { Field } from '~/components/forms/fields';

export function StatusForm({ status, reason, version }: { status: OrganisationStatus; reason: string; version: number }) {
  const editor = useJsonEditor();
  const [next, setNext] = useState<OrganisationStatus>(status);
  const [why, setWhy] = useState(reason);
  return (
    <form
      noValidate
      aria-label="Status"
      className="space-y-4"
      onSubmit={(e) => {
        e.preventDefault();
        editor.submit({ intent: 'status', status: next, reason: why, version });
      }}
    >
      <EditorAlert formError={editor.formError} code={editor.code} hint={editor.hint} />
      <Field label="Status" name="status" error={editor.errors.status} hint="Only an active organisation's people can place or approve anything.">
        {(p) => (
          <select {...p} value={next} onChange={(e) => setNext(e.target.value as OrganisationStatus)}>
            {ORGANISATION_STATUSES.map((s) => (
              <option key={s} value={s}>
                {ORGANISATION_STATUS_LABELS[s]}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field
        label="Reason"
        name="reason"
        error={editor.errors.reason}
        optional={next !== 'suspended'}
        hint={next === 'suspended' ? 'Its people are shown this.' : 'Kept in the audit log.'}
      >
        {(p) => <textarea {...p} rows={3} maxLength={500} value={why} onChange={(e) => setWhy(e.target.value)} />}
      </Field>
      <button type="submit" className={buttonClass.primary} disabled={editor.busy}>
        {editor.busy ? 'Saving…' : 'Change status'}
      </button>
    </form>
  );
}

/** Minor units ↔ what a person types (2 decimals for every market's currency). */
const major = (minor: number) => (minor / 100).toFixed(2);
const toMinor = (typed: string) => {
  const n = Number(typed.trim().replaceAll(',', ''));
  return typed.trim() !== '' && Number.isFinite(n) ? Math.round(n * 100) : typed;
};

export function TermsForm({
  terms,
  supplierName,
}: {
  terms: { paymentTermsDays: number; creditLimitMinor: number; currency: string; dutyTreatment: DutyTreatment; version: number };
  supplierName: string;
}) {
  const editor = useJsonEditor();
  const [days, setDays] = useState(String(terms.paymentTermsDays));
  const [credit, setCredit] = useState(major(terms.creditLimitMinor));
  const [duty, setDuty] = useState<DutyTreatment>(terms.dutyTreatment);
  return (
    <form
      noValidate
      aria-label="Trade terms"
      className="space-y-4"
      onSubmit={(e) => {
        e.preventDefault();
        editor.submit({ intent: 'terms', paymentTermsDays: days, creditLimitMinor: toMinor(credit), dutyTreatment: duty, version: terms.version });
      }}
    >
      <p className="text-sm text-stone-600">
        What {supplierName} invoices it on: orders and invoices use these. VAT follows the tax rules of the two parties&apos; countries.
      </p>
      <EditorAlert formError={editor.formError} code={editor.code} hint={editor.hint} />
      <div className="grid gap-4 sm:grid-cols-3">
        <Field label="Payment terms (days)" name="paymentTermsDays" error={editor.errors.paymentTermsDays}>
          {(p) => <input {...p} inputMode="numeric" value={days} onChange={(e) => setDays(e.target.value)} />}
        </Field>
        <Field label={`Credit limit (${terms.currency})`} name="creditLimitMinor" error={editor.errors.creditLimitMinor}>
          {(p) => <input {...p} inputMode="decimal" value={credit} onChange={(e) => setCredit(e.target.value)} />}
        </Field>
        <Field label="Duty" name="dutyTreatment" error={editor.errors.dutyTreatment} hint="Duty is charged once per bottle: on the leg that releases it.">
          {(p) => (
            <select {...p} value={duty} onChange={(e) => setDuty(e.target.value as DutyTreatment)}>
              {DUTY_TREATMENTS.map((d) => (
                <option key={d} value={d}>
                  {DUTY_TREATMENT_LABELS[d]}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      <SaveButton busy={editor.busy} />
    </form>
  );
}
