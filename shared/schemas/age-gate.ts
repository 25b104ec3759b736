// The gate's form, the same for the no-JavaScript form post, the enhanced form and the JSON API.
import { z } from 'zod';
import { isKnownCountry } from '../legal-age';

const optionalInt = z.preprocess(
  (v) => (v === '' || v === null || v === undefined ? undefined : v),
  z.coerce.number({ error: 'Enter a number.' }).int().optional(),
);

export const ageGateForm = z.object({
  country: z.string({ error: 'Choose your country.' }).refine(isKnownCountry, 'Choose your country.'),
  year: z.coerce.number({ error: 'Enter your year of birth.' }).int('Enter your year of birth.'),
  month: optionalInt,
  day: optionalInt,
  remember: z.preprocess((v) => v === true || v === 'on' || v === 'true' || v === '1', z.boolean()),
  returnTo: z.string().optional(),
});
export type AgeGateForm = z.infer<typeof ageGateForm>;
