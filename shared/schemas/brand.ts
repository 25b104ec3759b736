// Business details as invoices print them. The brand's own (Brand details, staff holding Finance):
// its names, licence, address and contact as a partner's are written (organisationInput's fields and
// sentences), and beside them — as for every partner organisation (issue 44: its members holding its
// type role, and staff holding Finance) — a VAT number checked against its country's format and check
// digit (jsvat; GB numbers by HMRC's check), the bank account (an IBAN checked by ibantools; in the UK
// a sort code and account number; elsewhere a local account number) and its BIC. Each refusal names a
// stable code beside its sentence. Its market and currency are not edited here: its prices and
// invoices already are in them. Beside them (issue 45): the Peppol endpoint its e-invoices name
// (shared/peppol.ts) and, for a partner, whether its invoice emails carry the e-invoice.
import { electronicFormatIBAN, isValidBIC, isValidIBAN } from 'ibantools';
import { checkVAT, countries } from 'jsvat';
import { z } from './zod';
import { versionField } from './admin';
import { organisationInput } from './partners';
import { peppolEndpointFields, peppolEndpointWhole } from '../peppol';

/** Upper case without the spaces, dots, hyphens and slashes typed between the groups (as jsvat reads it). */
const compact = (s: string) => s.toUpperCase().replace(/[\s./-]+/g, '');

/**
 * Why a VAT number, an IBAN, a sort code or a BIC is refused: the sentence shown on its field, and a
 * stable code an API client can act on (the API's `validation_failed` details carry it per field).
 */
export interface FieldProblem {
  code: string;
  message: string;
}

const WEIGHTS = [8, 7, 6, 5, 4, 3, 2];

/**
 * HMRC's check of a standard (9-digit) or branch (12-digit) GB VAT number: the first seven digits
 * weighted 8 to 2, plus the two check digits, are a multiple of 97 (numbers issued before 2010,
 * within the ranges then in use) or 55 short of one (the later series, from 100 0000 00). jsvat does
 * the same sums but wants the check digits 00 where the weighted sum is itself a multiple of 97,
 * where HMRC issues 97: a real number jsvat refuses and a wrong one it accepts. This is the one check.
 */
export function gbVatCheckDigitsHold(digits: string): boolean {
  if (!/^\d{9}(\d{3})?$/.test(digits) || /^0+$/.test(digits)) return false;
  const check = Number(digits.slice(7, 9));
  if (check < 1 || check > 97) return false;
  const sum = WEIGHTS.reduce((s, w, i) => s + w * Number(digits[i]), 0) + check;
  const serial = Number(digits.slice(0, 7));
  const old = sum % 97 === 0 && serial < 9_990_001 && (serial < 100_000 || serial > 999_999) && (serial < 9_490_001 || serial > 9_700_000);
  return old || ((sum + 55) % 97 === 0 && serial > 1_000_000);
}

/** Why a VAT number (compacted) is not one, with its code; null when its country's format and check digit hold. */
export function vatNumberIssue(vat: string): FieldProblem | null {
  if (!/^[A-Z]{2}/.test(vat)) return { code: 'vat_number_prefix', message: 'Start the VAT number with its two-letter country prefix, e.g. GB123456789.' };
  const result = checkVAT(vat, countries);
  const prefix = vat.slice(0, 2);
  if (!result.country)
    return {
      code: 'vat_number_country',
      message: `Frolic cannot check VAT numbers that start with ${prefix}: enter a European VAT number with its country prefix.`,
    };
  if (!result.isValidFormat)
    return { code: 'vat_number_format', message: `This is not the format of a ${prefix} VAT number: check the characters after the prefix.` };
  // GB's standard and branch numbers by HMRC's own check (government departments and health authorities by jsvat's).
  const valid = prefix === 'GB' && /^GB\d+$/.test(vat) ? gbVatCheckDigitsHold(vat.slice(2)) : result.isValid;
  if (!valid) return { code: 'vat_number_check_digit', message: "This VAT number's check digit does not match: check it for a typo." };
  return null;
}

/** Why a VAT number (compacted) is not one, or null when its country's format and check digit hold. */
export function vatNumberProblem(vat: string): string | null {
  return vatNumberIssue(vat)?.message ?? null;
}

/** An IBAN starts with its country and two check digits; anything else is a local account number. */
const looksLikeIban = (account: string) => /^[A-Z]{2}\d{2}/.test(account);

/** A UK sort code and account number, however grouped: 6 digits, then 8. */
const UK_ACCOUNT = /^(\d{2})[-\s]?(\d{2})[-\s]?(\d{2})[-\s]*(\d{8})$/;

/** A UK sort code and account number as invoices print them (80-11-00 12345678), or null when it is not one. */
export function ukBankAccount(text: string): string | null {
  const m = UK_ACCOUNT.exec(text.trim());
  return m ? `${m[1]}-${m[2]}-${m[3]} ${m[4]}` : null;
}

const SORT_CODE_PROBLEM: FieldProblem = {
  code: 'sort_code_invalid',
  message: 'Enter the sort code (6 digits) and the account number (8 digits), e.g. 80-11-00 12345678, or the IBAN.',
};

/** Why a bank account (compacted IBAN, or a local number as typed) cannot be, with its code; or null. */
export function bankAccountIssue(account: string): FieldProblem | null {
  if (looksLikeIban(account)) return isValidIBAN(account) ? null : { code: 'iban_invalid', message: 'This IBAN is not valid: check it for a typo.' };
  // A sort code's pairs (80-11-00 …) start a UK account: it is one, whole, or a typo.
  if (/^\d{2}-\d{2}-\d{2}/.test(account) && !ukBankAccount(account)) return SORT_CODE_PROBLEM;
  if (!/^[0-9A-Z][0-9A-Z -]{3,33}$/i.test(account) || !/\d/.test(account))
    return { code: 'bank_account_invalid', message: 'Enter the IBAN, or the local account number (digits, letters, spaces and hyphens).' };
  return null;
}

/** Why a bank account (compacted IBAN, or a local number as typed) cannot be, or null. */
export function bankAccountProblem(account: string): string | null {
  return bankAccountIssue(account)?.message ?? null;
}

/**
 * The bank account of an organisation in `country` as stored: in the UK, where accounts have no
 * IBAN of their own for domestic payments, a local account is a sort code and an account number
 * (written 80-11-00 12345678) — anything else there is refused; elsewhere it stays as the field kept it.
 */
export function bankAccountIn(country: string, account: string): { account: string } | FieldProblem {
  if (country !== 'GB' || account === '' || looksLikeIban(account)) return { account };
  const uk = ukBankAccount(account);
  return uk ? { account: uk } : SORT_CODE_PROBLEM;
}

/** '' (none), or the VAT number in its compact form as invoices print it (GB123456789). */
const vatNumber = z
  .string()
  .trim()
  .max(40, 'Keep the VAT number under 40 characters.')
  .transform(compact)
  .superRefine((vat, ctx) => {
    const problem = vat === '' ? null : vatNumberIssue(vat);
    if (problem) ctx.addIssue({ code: 'custom', message: problem.message, params: { code: problem.code } });
  })
  .default('');

/**
 * '' (none), an IBAN in its electronic form (no spaces), a UK sort code and account number as
 * invoices print them, or another local account number as typed.
 */
const bankAccount = z
  .string()
  .trim()
  .max(60, 'Keep the bank account under 60 characters.')
  .transform((s) => {
    const iban = compact(s);
    if (looksLikeIban(iban)) return electronicFormatIBAN(iban) ?? iban;
    // Grouped as a sort code (80-11-00 or 80 11 00, then the number): written the one way.
    return (/^\d{2}[-\s]\d{2}[-\s]\d{2}[-\s]/.test(s) ? ukBankAccount(s) : null) ?? s.replace(/\s+/g, ' ');
  })
  .superRefine((account, ctx) => {
    const problem = account === '' ? null : bankAccountIssue(account);
    if (problem) ctx.addIssue({ code: 'custom', message: problem.message, params: { code: problem.code } });
  })
  .default('');

/** '' (none), or a BIC of 8 or 11 characters whose country exists (NWBKGB2L). */
const bankBic = z
  .string()
  .trim()
  .max(20, 'Keep the BIC under 20 characters.')
  .transform(compact)
  .superRefine((bic, ctx) => {
    if (bic !== '' && !isValidBIC(bic))
      ctx.addIssue({ code: 'custom', message: 'Enter the BIC (SWIFT code): 8 or 11 letters and digits, e.g. NWBKGB2L.', params: { code: 'bic_invalid' } });
  })
  .default('');

const bankAccountName = z.string().trim().max(140, "Keep the account holder's name under 140 characters.").default('');

/** Customers pay to a named account: a number without the name (or the reverse) is half of it. */
function bankDetailsWhole(input: { bankAccountName: string; bankAccount: string; bankBic: string }, ctx: z.RefinementCtx) {
  if (input.bankAccount !== '' && input.bankAccountName === '')
    ctx.addIssue({ code: 'custom', path: ['bankAccountName'], message: 'Enter the name the account is held in.' });
  if (input.bankAccount === '' && (input.bankAccountName !== '' || input.bankBic !== ''))
    ctx.addIssue({ code: 'custom', path: ['bankAccount'], message: 'Enter the IBAN or account number, or leave the bank details empty.' });
}

/** The refusal of a bank account in its organisation's country, on its field (unless the field already refused it). */
function bankAccountInCountry(input: { country: string; bankAccount: string }, ctx: z.RefinementCtx) {
  if (input.bankAccount === '' || bankAccountIssue(input.bankAccount)) return;
  const inCountry = bankAccountIn(input.country, input.bankAccount);
  if ('code' in inCountry) ctx.addIssue({ code: 'custom', path: ['bankAccount'], message: inCountry.message, params: { code: inCountry.code } });
}

export const brandDetailsInput = organisationInput
  .pick({
    legalName: true,
    tradingName: true,
    licenceNumber: true,
    licenceJurisdiction: true,
    licenceExpiresOn: true,
    addressLine1: true,
    addressLine2: true,
    city: true,
    region: true,
    postalCode: true,
    country: true,
    email: true,
    phone: true,
  })
  .extend({
    vatNumber,
    bankAccountName,
    bankAccount,
    bankBic,
    ...peppolEndpointFields,
    version: versionField,
  })
  .superRefine((input, ctx) => {
    bankDetailsWhole(input, ctx);
    bankAccountInCountry(input, ctx);
    peppolEndpointWhole(input, ctx);
  })
  // A UK account as invoices print it (the check above refused one that is not).
  .transform((input) => {
    const inCountry = bankAccountIn(input.country, input.bankAccount);
    return 'account' in inCountry ? { ...input, bankAccount: inCountry.account } : input;
  });
export type BrandDetailsInput = z.infer<typeof brandDetailsInput>;

/** The brand's row as Brand details shows it: what is edited, and its market and currency (read only). */
export interface BrandDetails extends Omit<BrandDetailsInput, 'version'> {
  id: string;
  market: string;
  currency: string;
  version: number;
  updatedAt: string;
}

/**
 * A partner organisation's business details as its invoices print them (issue 44): its VAT number
 * and bank details, the same fields and checks as the brand's. Its country is not the editor's: the
 * service checks the account against the organisation's own (`bankAccountIn`).
 */
export const businessDetailsInput = z
  .object({
    vatNumber,
    bankAccountName,
    bankAccount,
    bankBic,
    ...peppolEndpointFields,
    /** Whether the invoice emails it receives carry the UBL e-invoice beside the PDF (issue 45). */
    einvoiceByEmail: z.boolean().default(false),
    version: versionField,
  })
  .superRefine((input, ctx) => {
    bankDetailsWhole(input, ctx);
    peppolEndpointWhole(input, ctx);
  });
export type BusinessDetailsInput = z.infer<typeof businessDetailsInput>;

/** An organisation's business details as its page shows them: what is edited, and its registered name and address (read only). */
export interface BusinessDetails extends Omit<BusinessDetailsInput, 'version'> {
  organisationId: string;
  type: 'importer' | 'distributor' | 'retailer';
  legalName: string;
  tradingName: string;
  addressLine1: string;
  addressLine2: string;
  city: string;
  region: string;
  postalCode: string;
  country: string;
  version: number;
  updatedAt: string;
  /** Whether the viewer may save them (a member holding the organisation's type role, or staff holding Finance). */
  canEdit: boolean;
}
