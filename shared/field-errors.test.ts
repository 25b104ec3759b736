import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fieldErrors, fieldErrorsFromDetails } from './field-errors';

describe('field errors', () => {
  it('keys zod issues by the full path, keeps the first message per field and puts the rest under form', () => {
    const schema = z
      .object({
        email: z.string().min(1, 'Enter your email address.').email('Enter a valid email address.'),
        ingredients: z.array(z.object({ amount: z.string().min(1, 'Enter an amount.') })),
      })
      .refine(() => false, 'Something is off.');
    const parsed = schema.safeParse({ email: '', ingredients: [{ amount: 'x' }, { amount: '' }] });
    expect(parsed.success).toBe(false);
    expect(fieldErrors(parsed.error!)).toEqual({ email: 'Enter your email address.', 'ingredients.1.amount': 'Enter an amount.', form: 'Something is off.' });
    const root = z.string({ error: 'Send an object.' }).safeParse(1);
    expect(fieldErrors(root.error!)).toEqual({ form: 'Send an object.' });
  });

  it("reads a refusal's details, ignoring what is not [{ path, message }]", () => {
    expect(
      fieldErrorsFromDetails([
        { path: 'slug', message: 'Taken.' },
        { path: 'slug', message: 'Later.' },
        { path: '', message: 'Whole form.' },
        { nope: 1 },
        null,
      ]),
    ).toEqual({
      slug: 'Taken.',
      form: 'Whole form.',
    });
    expect(fieldErrorsFromDetails(undefined)).toEqual({});
    expect(fieldErrorsFromDetails({ rows: [] })).toEqual({});
  });
});
