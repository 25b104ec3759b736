// Peppol endpoints (EN 16931 BT-34 seller, BT-49 buyer): where an e-invoice is delivered on the
// Peppol network, an electronic address scheme (EAS) and an identifier under it. The schemes offered
// are those of the EAS code list the Peppol BIS Billing 3.0 rules carry
// (OpenPEPPOL/peppol-bis-invoice-3 structure/codelist/eas.xml, commit 78d7f7d, read 2026-12-07) that
// our markets' businesses use. The identifier is kept as typed without spaces: its own format is the
// scheme's, and the Peppol rules check it when the e-invoice is validated.
import { z } from './schemas/zod';

export const PEPPOL_SCHEMES = {
  '0088': 'GLN (GS1 Global Location Number)',
  '0060': 'DUNS number',
  '0199': 'LEI (Legal Entity Identifier)',
  '0151': 'Australia: ABN',
  '0208': 'Belgium: enterprise number',
  '0184': 'Denmark: CVR number',
  '0216': 'Finland: OVT code',
  '0009': 'France: SIRET',
  '0204': 'Germany: Leitweg-ID',
  '0211': 'Italy: partita IVA',
  '0106': 'Netherlands: KvK number',
  '0192': 'Norway: organisation number',
  '0007': 'Sweden: organisation number',
  '9914': 'Austria: VAT number',
  '9925': 'Belgium: VAT number',
  '9957': 'France: VAT number',
  '9930': 'Germany: VAT number',
  '9935': 'Ireland: VAT number',
  '9944': 'Netherlands: VAT number',
  '9946': 'Portugal: VAT number',
  '9920': 'Spain: VAT number',
  '9932': 'United Kingdom: VAT number',
  '9959': 'United States: EIN',
} as const satisfies Record<string, string>;
export type PeppolScheme = keyof typeof PEPPOL_SCHEMES;
export const isPeppolScheme = (s: string): s is PeppolScheme => Object.hasOwn(PEPPOL_SCHEMES, s);

/**
 * Peppol's schemes for VAT numbers, by VAT prefix (the same code list): the endpoint of a party that
 * gave none of its own but has a VAT number. Italy's, Sweden's and Finland's VAT schemes are not on
 * the list (their businesses use their own registers): such a party needs its endpoint set.
 */
export const VAT_ENDPOINT_SCHEMES: Readonly<Record<string, string>> = {
  AT: '9914', BE: '9925', BG: '9926', CY: '9928', CZ: '9929', DE: '9930', EE: '9931', EL: '9933', ES: '9920', FR: '9957',
  GB: '9932', HR: '9934', HU: '9910', IE: '9935', LT: '9937', LU: '9938', LV: '9939', MT: '9943', NL: '9944', PL: '9945',
  PT: '9946', RO: '9947', SI: '9949', SK: '9950',
}; // prettier-ignore

/** An endpoint as a form sends it: both parts or neither; the identifier without spaces. */
export const peppolEndpointFields = {
  peppolScheme: z
    .string()
    .trim()
    .refine((s): boolean => s === '' || isPeppolScheme(s), {
      message: 'Choose the electronic address scheme from the list.',
      params: { code: 'peppol_scheme_unknown' },
    })
    .default(''),
  peppolId: z
    .string()
    .trim()
    .max(135, 'Keep the Peppol identifier under 135 characters.')
    .transform((s) => s.replace(/\s+/g, ''))
    .refine((s) => s === '' || /^[\x21-\x7e]+$/.test(s), {
      message: 'Enter the identifier in letters, digits and punctuation, without spaces.',
      params: { code: 'peppol_id_invalid' },
    })
    .default(''),
};

/** Both parts of an endpoint, or neither. */
export function peppolEndpointWhole(input: { peppolScheme: string; peppolId: string }, ctx: z.RefinementCtx) {
  if (input.peppolScheme !== '' && input.peppolId === '')
    ctx.addIssue({
      code: 'custom',
      path: ['peppolId'],
      message: 'Enter the Peppol identifier, or leave the scheme empty.',
      params: { code: 'peppol_endpoint_incomplete' },
    });
  if (input.peppolScheme === '' && input.peppolId !== '')
    ctx.addIssue({
      code: 'custom',
      path: ['peppolScheme'],
      message: 'Choose the scheme the identifier belongs to.',
      params: { code: 'peppol_endpoint_incomplete' },
    });
}
