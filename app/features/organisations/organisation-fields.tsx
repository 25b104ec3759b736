// The fields of a partner organisation, as staff create and edit it (and as an inquiry's conversion
// prefills it): type, names, licence, address, market, contact details and the supplier above it in
// the tree. The value is kept as typed; the shared schema on the server says what is wrong, by field.
import { MARKETS, marketForCountry } from '@shared/markets';
import { ORGANISATION_TYPE_LABELS, ORGANISATION_TYPES, type OrganisationType, SUPPLIER_TYPE } from '@shared/partners';
import { Field } from '~/components/forms/fields';

export interface OrganisationDraft {
  type: OrganisationType;
  legalName: string;
  tradingName: string;
  licenceNumber: string;
  licenceJurisdiction: string;
  licenceExpiresOn: string;
  addressLine1: string;
  addressLine2: string;
  city: string;
  region: string;
  postalCode: string;
  country: string;
  market: string;
  email: string;
  phone: string;
  /** Empty for none (an importer: the brand supplies it). */
  supplierId: string;
}

export interface SupplierChoice {
  id: string;
  type: OrganisationType;
  tradingName: string;
  status: string;
  market: string;
}

export function organisationDraft(from: Partial<Omit<OrganisationDraft, 'supplierId'>> & { supplierId?: string | null } = {}): OrganisationDraft {
  return {
    type: from.type ?? 'retailer',
    legalName: from.legalName ?? '',
    tradingName: from.tradingName ?? '',
    licenceNumber: from.licenceNumber ?? '',
    licenceJurisdiction: from.licenceJurisdiction ?? '',
    licenceExpiresOn: from.licenceExpiresOn ?? '',
    addressLine1: from.addressLine1 ?? '',
    addressLine2: from.addressLine2 ?? '',
    city: from.city ?? '',
    region: from.region ?? '',
    postalCode: from.postalCode ?? '',
    country: from.country ?? '',
    market: from.market ?? (from.country ? marketForCountry(from.country).code : 'GB'),
    email: from.email ?? '',
    phone: from.phone ?? '',
    supplierId: from.supplierId ?? '',
  };
}

/** The draft as the shared schema reads it (no supplier is null). */
export function organisationValue(d: OrganisationDraft) {
  return { ...d, supplierId: d.supplierId || null };
}

const MARKET_LABELS = Object.fromEntries(MARKETS.map((m) => [m.code, `${m.name} (${m.currency})`]));

type TextKey = Exclude<keyof OrganisationDraft, 'type' | 'market' | 'supplierId'>;

export function OrganisationFields({
  draft,
  onChange,
  errors,
  suppliers,
  typeLocked,
}: {
  draft: OrganisationDraft;
  onChange: (patch: Partial<OrganisationDraft>) => void;
  errors: Record<string, string | undefined>;
  suppliers: SupplierChoice[];
  /** Why the type cannot change (it has members or customers), if it cannot. */
  typeLocked?: string;
}) {
  const wanted = SUPPLIER_TYPE[draft.type];
  const choices = wanted ? suppliers.filter((s) => s.type === wanted) : [];
  const text = (key: TextKey, label: string, extra: { hint?: string; optional?: boolean; maxLength?: number; type?: string; autoComplete?: string } = {}) => (
    <Field label={label} name={key} error={errors[key]} hint={extra.hint} optional={extra.optional}>
      {(p) => (
        <input
          {...p}
          type={extra.type ?? 'text'}
          value={draft[key]}
          maxLength={extra.maxLength}
          autoComplete={extra.autoComplete ?? 'off'}
          onChange={(e) => onChange({ [key]: e.target.value })}
        />
      )}
    </Field>
  );

  return (
    <div className="space-y-6">
      <fieldset className="grid gap-4 rounded-xl bg-white p-5 shadow-sm sm:grid-cols-2">
        <legend className="px-1 font-serif text-xl">Organisation</legend>
        <Field label="Type" name="type" error={errors.type} hint={typeLocked}>
          {(p) => (
            <select
              {...p}
              value={draft.type}
              disabled={Boolean(typeLocked)}
              onChange={(e) => onChange({ type: e.target.value as OrganisationType, supplierId: '' })}
            >
              {ORGANISATION_TYPES.map((t) => (
                <option key={t} value={t}>
                  {ORGANISATION_TYPE_LABELS[t]}
                </option>
              ))}
            </select>
          )}
        </Field>
        {wanted ? (
          <Field label="Supplier" name="supplierId" error={errors.supplierId} hint={`The ${wanted} that supplies it.`}>
            {(p) => (
              <select {...p} value={draft.supplierId} onChange={(e) => onChange({ supplierId: e.target.value })}>
                <option value="">Choose the {wanted}</option>
                {choices.map((s) => (
                  <option key={s.id} value={s.id}>
                    {s.tradingName} ({s.market}
                    {s.status === 'active' ? '' : `, ${s.status}`})
                  </option>
                ))}
              </select>
            )}
          </Field>
        ) : (
          <p className="self-end pb-2 text-sm text-stone-600" data-testid="supplier-brand">
            Supplier: Frolic (the brand supplies importers).
          </p>
        )}
        {text('legalName', 'Legal name', { maxLength: 200, hint: 'As registered, e.g. “Harbour Wines Ltd”.' })}
        {text('tradingName', 'Trading name', { maxLength: 200, hint: 'The name it trades under.' })}
      </fieldset>

      <fieldset className="grid gap-4 rounded-xl bg-white p-5 shadow-sm sm:grid-cols-3">
        <legend className="px-1 font-serif text-xl">Licence</legend>
        {text('licenceNumber', 'Licence number', { maxLength: 80 })}
        {text('licenceJurisdiction', 'Licence jurisdiction', { maxLength: 80, hint: 'Who issued it: a country, state or province, e.g. GB, US-CA.' })}
        {text('licenceExpiresOn', 'Licence expiry date', { type: 'date', hint: 'Its last valid day.' })}
      </fieldset>

      <fieldset className="grid gap-4 rounded-xl bg-white p-5 shadow-sm sm:grid-cols-2">
        <legend className="px-1 font-serif text-xl">Address and market</legend>
        <div className="sm:col-span-2">{text('addressLine1', 'Address', { maxLength: 200 })}</div>
        <div className="sm:col-span-2">{text('addressLine2', 'Second address line', { optional: true, maxLength: 200 })}</div>
        {text('city', 'Town or city', { maxLength: 120 })}
        {text('region', 'Region, state or county', { optional: true, maxLength: 120 })}
        {text('postalCode', 'Postal code', { optional: true, maxLength: 20 })}
        <Field label="Country code" name="country" error={errors.country} hint="Two letters (ISO 3166), e.g. GB, DE, US.">
          {(p) => (
            <input
              {...p}
              value={draft.country}
              maxLength={2}
              autoComplete="off"
              // The market follows the country (it can still be changed below).
              onChange={(e) => {
                const country = e.target.value.toUpperCase();
                onChange(country.length === 2 ? { country, market: marketForCountry(country).code } : { country });
              }}
            />
          )}
        </Field>
        <Field label="Market" name="market" error={errors.market} hint="Its prices, terms and invoices are in this market's currency.">
          {(p) => (
            <select {...p} value={draft.market} onChange={(e) => onChange({ market: e.target.value })}>
              {Object.entries(MARKET_LABELS).map(([code, label]) => (
                <option key={code} value={code}>
                  {label}
                </option>
              ))}
            </select>
          )}
        </Field>
      </fieldset>

      <fieldset className="grid gap-4 rounded-xl bg-white p-5 shadow-sm sm:grid-cols-2">
        <legend className="px-1 font-serif text-xl">Contact</legend>
        {text('email', 'Organisation email', { optional: true, type: 'email', maxLength: 254, hint: 'Licence reminders go here too.' })}
        {text('phone', 'Phone', { optional: true, maxLength: 40, type: 'tel' })}
      </fieldset>
    </div>
  );
}
