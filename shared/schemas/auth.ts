// Sign-up, sign-in, reset and profile forms: one schema each for the pages and the JSON API.
import { z } from './zod';
import { requiredText } from './text';

export const SIGN_UP_MISSING = 'You must provide either an email or phone number and a password';

const emailField = z.string().trim().toLowerCase().max(254).pipe(z.email('Enter a valid email address.'));
const nameField = (what: string) => requiredText(`Enter your ${what}.`).max(100);

export const registerForm = z.object({
  email: emailField,
  password: z.string().max(1024),
  firstName: nameField('first name'),
  lastName: nameField('last name'),
});

export const loginForm = z.object({
  email: z.string().trim().toLowerCase().min(1, 'Enter your email address.').max(254),
  password: z.string().min(1, 'Enter your password.').max(1024),
  redirectTo: z.string().optional(),
});

export const emailOnlyForm = z.object({ email: emailField });

export const resetPasswordForm = z
  .object({
    token: z.string().max(200).optional(),
    password: z.string().max(1024),
    confirm: z.string().max(1024),
  })
  .refine((v) => v.password === v.confirm, { path: ['confirm'], message: 'The passwords do not match.' });

export const changePasswordForm = z
  .object({
    current: z.string().min(1, 'Enter your current password.').max(1024),
    password: z.string().max(1024),
    confirm: z.string().max(1024),
  })
  .refine((v) => v.password === v.confirm, { path: ['confirm'], message: 'The passwords do not match.' });

export const profileForm = z.object({
  firstName: nameField('first name'),
  lastName: nameField('last name'),
  avatarUrl: z
    .string()
    .trim()
    .max(500)
    .refine((v) => v === '' || /^https:\/\/|^\//.test(v), 'Use an https:// address or a path on this site.')
    .optional()
    .transform((v) => (v ? v : null)),
});

export const totpCodeForm = z.object({
  code: requiredText('Enter the code.').max(20),
  remember: z.preprocess((v) => v === 'on' || v === true || v === 'true', z.boolean()).optional(),
});
