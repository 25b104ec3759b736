// The fields of Brand details: the brand's names, licence, address and contact (as a partner's are
// labelled), its market and currency shown but not edited, and what its invoices print beside them —
// the VAT number and the bank details. The value is kept as typed; the shared schema on the server
// says what is wrong, by field (and writes the VAT number, IBAN and BIC in their compact form).
import { getMarket } from '@shared/markets';
import { Field } from '~/components/forms/fields';
import { PeppolEndpointFields } from '~/components/forms/peppol-endpoint';

export interface BrandDraft {
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
  email: string;
  phone: string;
  vatNumber: string;
  bankAccountName: string;
  bankAccount: string;
  bankBic: string;
  peppolScheme: string;
  peppolId: string;
}

export function brandDraft(from: BrandDraft): BrandDraft {
  return {
    legalName: from.legalName,
    tradingName: from.tradingName,
    licenceNumber: from.licenceNumber,
    licenceJurisdiction: from.licenceJurisdiction,
    licenceExpiresOn: from.licenceExpiresOn,
    addressLine1: from.addressLine1,
    addressLine2: from.addressLine2,
    city: from.city,
    region: from.region,
    postalCode: from.postalCode,
    country: from.country,
    email: from.email,
    phone: from.phone,
    vatNumber: from.vatNumber,
    bankAccountName: from.bankAccountName,
    bankAccount: from.bankAccount,
    bankBic: from.bankBic,
    peppolScheme: from.peppolScheme,
    peppolId: from.peppolId,
  };
}

interface TextOptions {
  hint?: string;
  optional?: boolean;
  maxLength?: number;
  type?: string;
  autoComplete?: string;
}

const fieldset = 'grid gap-4 rounded-xl bg-white p-5 shadow-sm';
const legend = 'px-1 font-serif text-xl';

export function BrandFields({
  draft,
  onChange,
  errors,
  market,
  currency,
}: {
  draft: BrandDraft;
  onChange: (patch: Partial<BrandDraft>) => void;
  errors: Record<string, string | undefined>;
  market: string;
  currency: string;
}) {
  const text = (key: keyof BrandDraft, label: string, extra: TextOptions = {}) => (
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
      <fieldset className={`${fieldset} sm:grid-cols-2`}>
        <legend className={legend}>The business</legend>
        {text('legalName', 'Legal name', { maxLength: 200, hint: 'As registered, e.g. “Frolic Spirits Ltd”.' })}
        {text('tradingName', 'Trading name', { maxLength: 200, hint: 'The name it trades under.' })}
      </fieldset>

      <fieldset className={`${fieldset} sm:grid-cols-3`}>
        <legend className={legend}>Licence</legend>
        {text('licenceNumber', 'Licence number', { maxLength: 80 })}
        {text('licenceJurisdiction', 'Licence jurisdiction', { maxLength: 80, hint: 'Who issued it: a country, state or province, e.g. GB, US-CA.' })}
        {text('licenceExpiresOn', 'Licence expiry date', { type: 'date', hint: 'Its last valid day.' })}
      </fieldset>

      <fieldset className={`${fieldset} sm:grid-cols-2`}>
        <legend className={legend}>Address</legend>
        <div className="sm:col-span-2">{text('addressLine1', 'Address', { maxLength: 200 })}</div>
        <div className="sm:col-span-2">{text('addressLine2', 'Second address line', { optional: true, maxLength: 200 })}</div>
        {text('city', 'Town or city', { maxLength: 120 })}
        {text('region', 'Region, state or county', { optional: true, maxLength: 120 })}
        {text('postalCode', 'Postal code', { optional: true, maxLength: 20 })}
        {text('country', 'Country code', { maxLength: 2, hint: 'Two letters (ISO 3166), e.g. GB, DE, US.' })}
        <div className="text-sm sm:col-span-2" data-testid="brand-market">
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
            <dt className="font-medium">Market</dt>
            <dd>{getMarket(market).name}</dd>
            <dt className="font-medium">Currency</dt>
            <dd>{currency}</dd>
          </dl>
          <p className="mt-1 text-stone-600">Its prices and invoices are in these: they are not changed here.</p>
        </div>
      </fieldset>

      <fieldset className={`${fieldset} sm:grid-cols-2`}>
        <legend className={legend}>Contact</legend>
        {text('email', 'Email', { optional: true, type: 'email', maxLength: 254, hint: 'Printed on its invoices.' })}
        {text('phone', 'Phone', { optional: true, maxLength: 40, type: 'tel' })}
      </fieldset>

      <fieldset className={`${fieldset} sm:grid-cols-2`}>
        <legend className={legend}>Tax and bank</legend>
        <div className="sm:col-span-2">
          {text('vatNumber', 'VAT number', {
            optional: true,
            maxLength: 40,
            hint: 'With its country prefix, e.g. GB123456789: its format and check digit are checked.',
          })}
        </div>
        {text('bankAccountName', 'Account name', { optional: true, maxLength: 140, hint: 'The name the account is held in.' })}
        {text('bankBic', 'BIC', { optional: true, maxLength: 20, hint: 'The bank’s SWIFT code, e.g. NWBKGB2L.' })}
        <div className="sm:col-span-2">
          {text('bankAccount', 'Bank account', {
            optional: true,
            maxLength: 60,
            hint: 'The IBAN (its check digits are checked), or the local account number, e.g. sort code and account number.',
          })}
        </div>
        <PeppolEndpointFields scheme={draft.peppolScheme} id={draft.peppolId} errors={errors} onChange={onChange} />
      </fieldset>
    </div>
  );
}
