// Constants of the public forms, without the validation library (kept out of page bundles).
export const CONTACT_SUBJECTS = ['General question', 'Our products', 'Events', 'Press', 'Feedback'] as const;

export const PARTNER_TYPES = ['importer', 'distributor', 'retailer'] as const;
export const PARTNER_TYPE_LABELS: Record<(typeof PARTNER_TYPES)[number], string> = {
  importer: 'Importer',
  distributor: 'Distributor',
  retailer: 'Retailer',
};
export const EXPECTED_VOLUMES = ['Under 50 cases a year', '50–250 cases a year', '250–1,000 cases a year', 'Over 1,000 cases a year'] as const;

/** Anti-bot fields carried by both forms: a honeypot that must stay empty and the time the form was shown. */
export const HONEYPOT_FIELD = 'website';
export const FORM_STARTED_FIELD = 'form_started';
/** Humans take longer than this to fill a form. */
export const MIN_FILL_MS = 1500;

export type FieldErrors = Partial<Record<string, string>>;

/**
 * Page actions accept forms only: the staff editors send their nested value as JSON text in this one
 * form field (read back by `readBody` in app/lib/admin-action.server.ts).
 */
export const JSON_FORM_FIELD = '_json';
