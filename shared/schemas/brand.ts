// The brand's own business details (Brand details, staff holding Finance): its names, licence,
// address and contact as a partner's are written (organisationInput's fields and sentences), and what
// its invoices print beside them — a VAT number checked against its country's format and check digit
// (jsvat), the bank account (an IBAN checked by ibantools, or a local account number) and its BIC.
// Its market and currency are not edited here: its prices and invoices already are in them.
import { electronicFormatIBAN, isValidBIC, isValidIBAN } from 'ibantools';
import { checkVAT, countries } from 'jsvat';
import { z } from './zod';
import { versionField } from './admin';
import { organisationInput } from './partners';

/** Upper case without the spaces, dots, hyphens and slashes typed between the groups (as jsvat reads it). */
const compact = (s: string) => s.toUpperCase().replace(/[\s./-]+/g, '');

/** Why a VAT number (compacted) is not one, or null when its country's format and check digit hold. */
export function vatNumberProblem(vat: string): string | null {
  if (!/^[A-Z]{2}/.test(vat)) return 'Start the VAT number with its two-letter country prefix, e.g. GB123456789.';
  const result = checkVAT(vat, countries);
  if (!result.country) return `Frolic cannot check VAT numbers that start with ${vat.slice(0, 2)}: enter a European VAT number with its country prefix.`;
  if (!result.isValidFormat) return `This is not the format of a ${vat.slice(0, 2)} VAT number: check the characters after the prefix.`;
  if (!result.isValid) return "This VAT number's check digit does not match: check it for a typo.";
  return null;
}

/** An IBAN starts with its country and two check digits; anything else is a local account number. */
const looksLikeIban = (account: string) => /^[A-Z]{2}\d{2}/.test(account);

/** Why a bank account (compacted IBAN, or a local number as typed) cannot be, or null. */
export function bankAccountProblem(account: string): string | null {
  if (looksLikeIban(account)) return isValidIBAN(account) ? null : 'This IBAN is not valid: check it for a typo.';
  if (!/^[0-9A-Z][0-9A-Z -]{3,33}$/i.test(account) || !/\d/.test(account))
    return 'Enter the IBAN, or the local account number (digits, letters, spaces and hyphens).';
  return null;
}

/** '' (none), or the VAT number in its compact form as invoices print it (GB123456789). */
const vatNumber = z
  .string()
  .trim()
  .max(40, 'Keep the VAT number under 40 characters.')
  .transform(compact)
  .superRefine((vat, ctx) => {
    const problem = vat === '' ? null : vatNumberProblem(vat);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  })
  .default('');

/** '' (none), an IBAN in its electronic form (no spaces), or a local account number as typed. */
const bankAccount = z
  .string()
  .trim()
  .max(60, 'Keep the bank account under 60 characters.')
  .transform((s) => {
    const iban = compact(s);
    return looksLikeIban(iban) ? (electronicFormatIBAN(iban) ?? iban) : s.replace(/\s+/g, ' ');
  })
  .superRefine((account, ctx) => {
    const problem = account === '' ? null : bankAccountProblem(account);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  })
  .default('');

/** '' (none), or a BIC of 8 or 11 characters whose country exists (NWBKGB2L). */
const bankBic = z
  .string()
  .trim()
  .max(20, 'Keep the BIC under 20 characters.')
  .transform(compact)
  .refine((bic) => bic === '' || isValidBIC(bic), 'Enter the BIC (SWIFT code): 8 or 11 letters and digits, e.g. NWBKGB2L.')
  .default('');

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
    bankAccountName: z.string().trim().max(140, "Keep the account holder's name under 140 characters.").default(''),
    bankAccount,
    bankBic,
    version: versionField,
  })
  .superRefine((input, ctx) => {
    // Customers pay to a named account: a number without the name (or the reverse) is half of it.
    if (input.bankAccount !== '' && input.bankAccountName === '')
      ctx.addIssue({ code: 'custom', path: ['bankAccountName'], message: 'Enter the name the account is held in.' });
    if (input.bankAccount === '' && (input.bankAccountName !== '' || input.bankBic !== ''))
      ctx.addIssue({ code: 'custom', path: ['bankAccount'], message: 'Enter the IBAN or account number, or leave the bank details empty.' });
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
