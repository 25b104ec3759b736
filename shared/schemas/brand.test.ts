import { describe, expect, it } from 'vitest';
import { fieldErrors } from '../field-errors';
import { checkVAT, countries } from 'jsvat';
import { bankAccountIn, brandDetailsInput, businessDetailsInput, gbVatCheckDigitsHold } from './brand';

/** The brand as migration 0025 writes it, with a VAT number whose check digit holds. */
const brand = {
  legalName: 'Frolic Spirits Ltd',
  tradingName: 'Frolic',
  licenceNumber: 'FRL/0001',
  licenceJurisdiction: 'GB',
  licenceExpiresOn: '2099-12-31',
  addressLine1: '12 Copper Still Lane',
  city: 'Edinburgh',
  postalCode: 'EH1 1AA',
  country: 'GB',
  email: 'hello@frolic.example',
  phone: '+44 131 000 0000',
  vatNumber: 'GB980780684',
  version: 1,
};

const errorsOf = (over: Record<string, unknown>) => {
  const parsed = brandDetailsInput.safeParse({ ...brand, ...over });
  return parsed.success ? {} : fieldErrors(parsed.error);
};

describe('Brand details', () => {
  it('accepts the details without a VAT number or bank details, each empty', () => {
    const parsed = brandDetailsInput.parse({ ...brand, vatNumber: ' ' });
    expect(parsed).toMatchObject({ vatNumber: '', bankAccountName: '', bankAccount: '', bankBic: '', addressLine2: '', region: '' });
  });

  it('keeps a VAT number in its compact form when its format and check digit hold, for any country jsvat knows', () => {
    expect(brandDetailsInput.parse({ ...brand, vatNumber: ' gb 980 7806 84 ' }).vatNumber).toBe('GB980780684');
    expect(brandDetailsInput.parse({ ...brand, vatNumber: 'DE136695976' }).vatNumber).toBe('DE136695976');
    expect(brandDetailsInput.parse({ ...brand, vatNumber: 'FR40-303-265-045' }).vatNumber).toBe('FR40303265045');
  });

  it('refuses a VAT number without its country prefix, of a country it cannot check, of the wrong format or with a wrong check digit', () => {
    expect(errorsOf({ vatNumber: '980780684' }).vatNumber).toBe('Start the VAT number with its two-letter country prefix, e.g. GB123456789.');
    expect(errorsOf({ vatNumber: 'US123456789' }).vatNumber).toMatch(/^Frolic cannot check VAT numbers that start with US/);
    expect(errorsOf({ vatNumber: 'GB12345' }).vatNumber).toBe('This is not the format of a GB VAT number: check the characters after the prefix.');
    expect(errorsOf({ vatNumber: 'GB000000000' }).vatNumber).toBe("This VAT number's check digit does not match: check it for a typo.");
    expect(errorsOf({ vatNumber: 'DE136695977' }).vatNumber).toBe("This VAT number's check digit does not match: check it for a typo.");
  });

  it('keeps an IBAN in its electronic form and refuses one whose check digits fail', () => {
    const parsed = brandDetailsInput.parse({
      ...brand,
      bankAccountName: 'Frolic Spirits Ltd',
      bankAccount: 'gb82 west 1234 5698 7654 32',
      bankBic: 'nwbk gb2l',
    });
    expect(parsed).toMatchObject({ bankAccount: 'GB82WEST12345698765432', bankBic: 'NWBKGB2L' });
    expect(errorsOf({ bankAccountName: 'Frolic Spirits Ltd', bankAccount: 'GB82 WEST 1234 5698 7654 33' }).bankAccount).toBe(
      'This IBAN is not valid: check it for a typo.',
    );
  });

  it('takes a local account number as typed, and refuses what cannot be one', () => {
    expect(brandDetailsInput.parse({ ...brand, bankAccountName: 'Frolic Spirits Ltd', bankAccount: '80-11-00  12345678' }).bankAccount).toBe(
      '80-11-00 12345678',
    );
    expect(errorsOf({ bankAccountName: 'Frolic Spirits Ltd', bankAccount: 'n/a' }).bankAccount).toBe(
      'Enter the IBAN, or the local account number (digits, letters, spaces and hyphens).',
    );
  });

  it('refuses a BIC that is not one, and half of the bank details', () => {
    expect(errorsOf({ bankAccountName: 'Frolic Spirits Ltd', bankAccount: 'GB82WEST12345698765432', bankBic: 'NWBK' }).bankBic).toBe(
      'Enter the BIC (SWIFT code): 8 or 11 letters and digits, e.g. NWBKGB2L.',
    );
    expect(errorsOf({ bankAccount: 'GB82WEST12345698765432' })).toEqual({ bankAccountName: 'Enter the name the account is held in.' });
    expect(errorsOf({ bankBic: 'NWBKGB2L' })).toEqual({ bankAccount: 'Enter the IBAN or account number, or leave the bank details empty.' });
  });

  it("asks for the partner organisation's required fields in the same words", () => {
    expect(errorsOf({ legalName: ' ', country: 'Scotland' })).toMatchObject({
      legalName: 'Enter the legal name.',
      country: 'Enter the country as a two-letter ISO code, e.g. GB.',
    });
  });
});

describe('GB VAT numbers and UK bank accounts (issue 44)', () => {
  it("checks GB numbers as HMRC does: jsvat's reading except where the check digits are 97 (jsvat wants 00)", () => {
    expect(brandDetailsInput.parse({ ...brand, vatNumber: 'GB 802 8412 97' }).vatNumber).toBe('GB802841297');
    expect(errorsOf({ vatNumber: 'GB802841200' }).vatNumber).toBe("This VAT number's check digit does not match: check it for a typo.");
    // Branch numbers (12 digits) by their first nine; government departments by jsvat.
    expect(brandDetailsInput.parse({ ...brand, vatNumber: 'GB980780684001' }).vatNumber).toBe('GB980780684001');
    expect(brandDetailsInput.parse({ ...brand, vatNumber: 'GBGD001' }).vatNumber).toBe('GBGD001');
    // Every other number reads as jsvat reads it (a sample of 20,000, drawn the same each run).
    let seed = 44;
    const next = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31);
    for (let i = 0; i < 20_000; i++) {
      const digits = String(next() % 1_000_000_000).padStart(9, '0');
      if (/(00|97)$/.test(digits)) continue;
      expect(gbVatCheckDigitsHold(digits), digits).toBe(checkVAT(`GB${digits}`, countries).isValid);
    }
  });

  it('writes a sort code and account number one way, and in the UK takes no other local account', () => {
    const account = (bankAccount: string) => brandDetailsInput.parse({ ...brand, bankAccountName: 'Frolic Spirits Ltd', bankAccount }).bankAccount;
    expect(account('80 11 00 12345678')).toBe('80-11-00 12345678');
    expect(account('801100 12345678')).toBe('80-11-00 12345678');
    expect(account('80110012345678')).toBe('80-11-00 12345678');
    const sortCode = 'Enter the sort code (6 digits) and the account number (8 digits), e.g. 80-11-00 12345678, or the IBAN.';
    expect(errorsOf({ bankAccountName: 'Frolic Spirits Ltd', bankAccount: '80-11-00 1234567' }).bankAccount).toBe(sortCode);
    expect(errorsOf({ bankAccountName: 'Frolic Spirits Ltd', bankAccount: '12345678' }).bankAccount).toBe(sortCode);
    // Elsewhere a local account number stays as typed.
    expect(brandDetailsInput.parse({ ...brand, country: 'US', bankAccountName: 'Frolic Inc', bankAccount: '000123456789' }).bankAccount).toBe('000123456789');
    expect(bankAccountIn('DE', '12345678')).toEqual({ account: '12345678' });
    expect(bankAccountIn('GB', '12345678')).toMatchObject({ code: 'sort_code_invalid' });
  });

  it("checks a partner's business details with the same fields, without its address", () => {
    expect(
      businessDetailsInput.parse({ vatNumber: 'de 136 695 976', bankAccountName: 'A GmbH', bankAccount: 'DE89 3704 0044 0532 0130 00', version: 3 }),
    ).toEqual({
      vatNumber: 'DE136695976',
      bankAccountName: 'A GmbH',
      bankAccount: 'DE89370400440532013000',
      bankBic: '',
      // Issue 45: no Peppol endpoint, PDF-only emails, unless given.
      peppolScheme: '',
      peppolId: '',
      einvoiceByEmail: false,
      version: 3,
    });
    const parsed = businessDetailsInput.safeParse({ bankBic: 'NWBKGB2L', version: 1 });
    expect(parsed.success ? {} : fieldErrors(parsed.error)).toEqual({ bankAccount: 'Enter the IBAN or account number, or leave the bank details empty.' });
  });
});
