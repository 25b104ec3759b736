// The gate's form, the same for the no-JavaScript form post, the enhanced form and the JSON API.
import { z } from './zod';
import { wholeNumber } from './numbers';
import { isKnownCountry } from '../legal-age';

// The range is the gate's to judge (shared/age-gate.ts, with its own sentences); here only "a number".
const anyInt = (message: string) =>
  wholeNumber({ min: Number.MIN_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER, required: message, tooSmall: message, tooBig: message });
const optionalInt = (message: string) => z.preprocess((v) => (v === '' || v === null || v === undefined ? undefined : v), anyInt(message).optional());

export const ageGateForm = z.object({
  country: z.string({ error: 'Choose your country.' }).refine(isKnownCountry, 'Choose your country.'),
  year: anyInt('Enter your year of birth.'),
  month: optionalInt('Choose a valid month.'),
  day: optionalInt('Enter a valid day of the month.'),
  remember: z.preprocess((v) => v === true || v === 'on' || v === 'true' || v === '1', z.boolean()),
  returnTo: z.string().optional(),
});
export type AgeGateForm = z.infer<typeof ageGateForm>;
