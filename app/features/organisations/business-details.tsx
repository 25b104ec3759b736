// A partner organisation's business details (issue 44), as its own page (partner area) and its staff
// page (Finance) show them: the registered name and address its invoices print (read here: staff edit
// them with the rest of the organisation), and the VAT number and bank details, saved over the version
// read. The value is kept as typed; the shared schema and the service say what is wrong, by field (and
// write the VAT number, IBAN, sort code and BIC in their compact form).
import { useState } from 'react';
import type { BusinessDetails } from '@shared/schemas/brand';
import { EditorAlert, SaveButton, useJsonEditor } from '~/components/admin-ui/editor';
import { Field } from '~/components/forms/fields';
import { PeppolEndpointFields } from '~/components/forms/peppol-endpoint';

type Draft = Pick<BusinessDetails, 'vatNumber' | 'bankAccountName' | 'bankAccount' | 'bankBic' | 'peppolScheme' | 'peppolId' | 'einvoiceByEmail'>;
type TextKey = Exclude<keyof Draft, 'einvoiceByEmail'>;

const draftOf = (d: Draft): Draft => ({
  vatNumber: d.vatNumber,
  bankAccountName: d.bankAccountName,
  bankAccount: d.bankAccount,
  bankBic: d.bankBic,
  peppolScheme: d.peppolScheme,
  peppolId: d.peppolId,
  einvoiceByEmail: d.einvoiceByEmail,
});

/** The registered name and address, as invoices print them. */
export function RegisteredAddress({ details, note }: { details: BusinessDetails; note: string }) {
  const lines = [
    details.addressLine1,
    details.addressLine2,
    [details.city, details.region].filter(Boolean).join(', '),
    details.postalCode,
    details.country,
  ].filter(Boolean);
  return (
    <div className="text-sm" data-testid="registered-address">
      <p className="font-medium">{details.legalName}</p>
      <address className="not-italic">
        {lines.map((l) => (
          <span key={l} className="block">
            {l}
          </span>
        ))}
      </address>
      <p className="mt-1 text-stone-600">{note}</p>
    </div>
  );
}

/** The saved details to read, for a member who may not change them. */
export function BusinessDetailsList({ details }: { details: BusinessDetails }) {
  const none = <span className="text-stone-600">Not given</span>;
  return (
    <dl className="grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-[auto_1fr]" data-testid="business-details-read">
      <dt className="font-medium">VAT number</dt>
      <dd className="break-all">{details.vatNumber || none}</dd>
      <dt className="font-medium">Account name</dt>
      <dd>{details.bankAccountName || none}</dd>
      <dt className="font-medium">Bank account</dt>
      <dd className="break-all">{details.bankAccount || none}</dd>
      <dt className="font-medium">BIC</dt>
      <dd>{details.bankBic || none}</dd>
      <dt className="font-medium">Peppol endpoint</dt>
      <dd className="break-all">{details.peppolId ? `${details.peppolScheme}:${details.peppolId}` : none}</dd>
      <dt className="font-medium">E-invoice by email</dt>
      <dd>{details.einvoiceByEmail ? 'Attached to invoice emails' : 'PDF only'}</dd>
    </dl>
  );
}

/**
 * The VAT number and bank details form. `intent` goes with the value when the page's action serves
 * more than one form (the staff page).
 */
export function BusinessDetailsForm({ details, intent, label }: { details: BusinessDetails; intent?: string; label: string }) {
  const editor = useJsonEditor();
  const [draft, setDraft] = useState(() => draftOf(details));
  const gb = details.country === 'GB';
  const text = (key: TextKey, name: string, extra: { hint?: string; maxLength: number }) => (
    <Field label={name} name={key} error={editor.errors[key]} hint={extra.hint} optional>
      {(p) => (
        <input
          {...p}
          type="text"
          value={draft[key]}
          maxLength={extra.maxLength}
          autoComplete="off"
          spellCheck={false}
          onChange={(e) => setDraft((d) => ({ ...d, [key]: e.target.value }))}
        />
      )}
    </Field>
  );
  return (
    <form
      noValidate
      aria-label={label}
      className="space-y-4"
      onSubmit={(e) => {
        e.preventDefault();
        editor.submit({ ...(intent ? { intent } : {}), ...draft, version: details.version });
      }}
    >
      <EditorAlert formError={editor.formError} code={editor.code} hint={editor.hint} />
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="sm:col-span-2">
          {text('vatNumber', 'VAT number', {
            maxLength: 40,
            hint: 'With its country prefix, e.g. GB123456789 or DE136695976: its format and check digit are checked.',
          })}
        </div>
        {text('bankAccountName', 'Account name', { maxLength: 140, hint: 'The name the account is held in.' })}
        {text('bankBic', 'BIC', { maxLength: 20, hint: 'The bank’s SWIFT code, e.g. NWBKGB2L.' })}
        <div className="sm:col-span-2">
          {text('bankAccount', 'Bank account', {
            maxLength: 60,
            hint: gb
              ? 'The IBAN (its check digits are checked), or the sort code and account number, e.g. 80-11-00 12345678.'
              : 'The IBAN (its check digits are checked), or the local account number.',
          })}
        </div>
        <PeppolEndpointFields
          scheme={draft.peppolScheme}
          id={draft.peppolId}
          errors={editor.errors}
          onChange={(patch) => setDraft((d) => ({ ...d, ...patch }))}
        />
        <label className="flex items-start gap-2 text-sm sm:col-span-2">
          <input
            type="checkbox"
            name="einvoiceByEmail"
            checked={draft.einvoiceByEmail}
            onChange={(e) => setDraft((d) => ({ ...d, einvoiceByEmail: e.target.checked }))}
            className="mt-0.5 h-4 w-4"
          />
          <span>Attach the e-invoice (UBL XML, for accounting software) to the invoice emails we receive</span>
        </label>
      </div>
      <SaveButton busy={editor.busy} />
    </form>
  );
}
