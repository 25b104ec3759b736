// The contact and business-inquiry forms: one schema each, used by the form (field errors), the
// server action and the JSON API.
import { z } from './zod';
import { isKnownCountry } from '../legal-age';
import { CONTACT_SUBJECTS, EXPECTED_VOLUMES, PARTNER_TYPES } from '../form-constants';
import { INQUIRY_KINDS, INQUIRY_STATUSES } from '../inquiry-constants';
import { adminListQuery, recordId } from './admin';
import { requiredText, visibleText } from './text';

export * from '../form-constants';
export * from '../inquiry-constants';

const text = (label: string, max: number, min = 1) =>
  requiredText(`Enter ${label}.`)
    .refine((s) => visibleText(s).length >= min, `${label[0]?.toUpperCase()}${label.slice(1)} must be at least ${min} characters.`)
    .max(max, `Keep ${label} under ${max} characters.`);

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Keep this under ${max} characters.`)
    .optional()
    .transform((v) => (v ? v : undefined));

export const email = z
  .string({ error: 'Enter your email address.' })
  .trim()
  .toLowerCase()
  .pipe(z.email('Enter a valid email address.'))
  .pipe(z.string().max(254));

export const contactForm = z.object({
  name: text('your name', 100),
  email,
  subject: z.enum(CONTACT_SUBJECTS, { error: 'Choose a subject.' }),
  message: text('a message', 5000, 10),
});
export type ContactForm = z.infer<typeof contactForm>;

export const businessInquiryForm = z.object({
  company: text('your company name', 150),
  contactName: text('your name', 100),
  email,
  phone: optionalText(40).refine((v) => v === undefined || /^[+()\d\s.-]{6,40}$/.test(v), 'Enter a valid phone number.'),
  partnerType: z.enum(PARTNER_TYPES, { error: 'Choose what kind of partner you are.' }),
  licenceNumber: optionalText(80),
  region: text('your region', 100),
  country: z.string({ error: 'Choose your country.' }).refine(isKnownCountry, 'Choose your country.'),
  expectedVolume: z.enum(EXPECTED_VOLUMES, { error: 'Choose your expected volume.' }),
  message: text('a message', 5000, 10),
});
export type BusinessInquiryForm = z.infer<typeof businessInquiryForm>;

// ---------------------------------------------------------------------------------------------
// Staff side: the inquiries list (both kinds) and the triage of one inquiry.

export const inquiryListQuery = adminListQuery(['receivedAt', 'from', 'status'] as const).extend({
  kind: z.enum(INQUIRY_KINDS).optional().catch(undefined),
  status: z.enum(INQUIRY_STATUSES).optional().catch(undefined),
  dir: z.enum(['asc', 'desc']).default('desc'),
});
export type InquiryListQuery = z.infer<typeof inquiryListQuery>;

export const inquiryRef = z.object({ kind: z.enum(INQUIRY_KINDS, { error: 'Unknown kind of inquiry.' }), id: recordId('Use a numeric id.') });

export const inquiryUpdate = z.object({
  status: z.enum(INQUIRY_STATUSES, { error: 'Choose a status.' }),
  /** Left out (the API's PATCH): the assignee stays as it is. */
  assigneeId: z.uuid({ error: 'Choose a colleague.' }).nullable().optional(),
  /** Left out: the notes stay as they are; empty clears them. */
  notes: z
    .string()
    .trim()
    .max(10_000, 'Keep the notes under 10,000 characters.')
    .optional()
    .transform((v) => (v === undefined ? undefined : v || null)),
  /** When the editor read it (the inquiry's `updatedAt`): a newer save in between is a conflict. */
  updatedAt: z.iso.datetime({ error: 'Reload the page: the version is missing.' }),
});
export type InquiryUpdate = z.infer<typeof inquiryUpdate>;
