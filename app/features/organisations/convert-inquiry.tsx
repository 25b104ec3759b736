// Onboarding on a business inquiry's page: the organisation's fields prefilled from the inquiry
// (type, company, licence number, country and its market, contact), the ones the inquiry lacks to
// fill in (address, licence jurisdiction and expiry, the supplier of a distributor or retailer), and
// one button that creates it pending and invites the contact.
import { useState } from 'react';
import type { OrganisationType } from '@shared/partners';
import { EditorAlert, useJsonEditor } from '~/components/admin-ui/editor';
import { buttonClass } from '~/components/admin-ui/list';
import { Field } from '~/components/forms/fields';
import { OrganisationFields, organisationDraft, organisationValue, type SupplierChoice } from './organisation-fields';

interface Contact {
  contactFirstName: string;
  contactLastName: string;
  contactEmail: string;
}

export function ConvertInquiry({
  organisation,
  contact: initialContact,
  suppliers,
}: {
  organisation: { type: OrganisationType; legalName: string; tradingName: string; licenceNumber: string; region: string; country: string; phone: string };
  contact: Contact;
  suppliers: SupplierChoice[];
}) {
  const editor = useJsonEditor();
  const [draft, setDraft] = useState(() => organisationDraft(organisation));
  const [contact, setContact] = useState<Contact>(initialContact);
  const person = (key: keyof Contact, label: string, type = 'text') => (
    <Field label={label} name={key} error={editor.errors[key]}>
      {(p) => <input {...p} type={type} value={contact[key]} maxLength={254} onChange={(e) => setContact((c) => ({ ...c, [key]: e.target.value }))} />}
    </Field>
  );
  return (
    <section aria-labelledby="convert-heading" className="mt-6">
      <h2 id="convert-heading" className="font-serif text-2xl">
        Create organisation
      </h2>
      <p className="mt-1 mb-4 text-stone-600">
        The inquiry becomes a pending organisation and its contact gets an invitation to choose a password. Fill in what the inquiry did not say: the address,
        the licence&apos;s jurisdiction and expiry, and the supplier of a distributor or retailer.
      </p>
      <EditorAlert formError={editor.formError} code={editor.code} hint={editor.hint} />
      <form
        noValidate
        aria-label="Create organisation"
        className="space-y-6"
        onSubmit={(e) => {
          e.preventDefault();
          editor.submit({ intent: 'convert', ...organisationValue(draft), ...contact });
        }}
      >
        <OrganisationFields draft={draft} onChange={(patch) => setDraft((d) => ({ ...d, ...patch }))} errors={editor.errors} suppliers={suppliers} />
        <fieldset className="grid gap-4 rounded-xl bg-white p-5 shadow-sm sm:grid-cols-3">
          <legend className="px-1 font-serif text-xl">Contact to invite</legend>
          {person('contactFirstName', "Contact's first name")}
          {person('contactLastName', "Contact's last name")}
          {person('contactEmail', "Contact's email address", 'email')}
        </fieldset>
        <button type="submit" className={buttonClass.primary} disabled={editor.busy}>
          {editor.busy ? 'Creating…' : 'Create organisation and invite'}
        </button>
      </form>
    </section>
  );
}
