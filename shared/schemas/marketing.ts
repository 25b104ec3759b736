// Collateral items and brand events: one schema each for the editor, the route action and the API.
import { z } from './zod';
import { requiredText } from './text';
import { COLLATERAL_AUDIENCES, COLLATERAL_KINDS, isKnownTimeZone, LOCAL_DATE_TIME } from '../marketing-constants';
import { adminListQuery, recordId, versionField } from './admin';
import { isCountryCode } from './stores';
import { isMarketCode } from '../markets';

export * from '../marketing-constants';

const title = requiredText('Enter a title.').max(150, 'Keep the title under 150 characters.');
const description = z.string().trim().max(5000, 'Keep the description under 5,000 characters.').default('');
const place = (label: string, required: boolean) => {
  const s = z.string().trim().max(120, `Keep the ${label} under 120 characters.`);
  return required ? requiredText(`Enter the ${label}.`).max(120, `Keep the ${label} under 120 characters.`) : s.default('');
};

export const collateralInput = z.object({
  title,
  kind: z.enum(COLLATERAL_KINDS, { error: 'Choose a kind.' }),
  description,
  mediaId: z.uuid({ error: 'Choose a file from the media library.' }),
  audience: z
    .array(z.enum(COLLATERAL_AUDIENCES, { error: 'Choose importers, distributors or retailers.' }), { error: 'Choose at least one audience.' })
    .min(1, 'Choose at least one audience.')
    .transform((a) => COLLATERAL_AUDIENCES.filter((x) => a.includes(x))),
  published: z.boolean().default(false),
});
export type CollateralInput = z.infer<typeof collateralInput>;
export const collateralUpdate = collateralInput.extend({ version: versionField });
export type CollateralUpdate = z.infer<typeof collateralUpdate>;

/** A day the calendar has: 31 February would otherwise roll over silently into March. */
function isRealDay(local: string): boolean {
  const day = new Date(`${local.slice(0, 10)}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === local.slice(0, 10);
}

const localDateTime = (what: string) =>
  z
    .string({ error: `Enter the ${what} date and time.` })
    .regex(LOCAL_DATE_TIME, `Enter the ${what} date and time.`)
    .refine(isRealDay, `The ${what} date does not exist.`);

/** Times are wall-clock times in `timezone`; the server converts them to UTC. */
export const eventInput = z
  .object({
    title,
    description,
    startsLocal: localDateTime('start'),
    endsLocal: localDateTime('end').nullable().default(null),
    timezone: z.string({ error: 'Choose a time zone.' }).refine(isKnownTimeZone, 'Choose a valid IANA time zone.'),
    venue: place('venue', true),
    city: place('city', false),
    // A code, not free text: it decides which market's visitors see the event (shared/events.ts).
    country: z
      .string({ error: 'Enter the country as a two-letter code, e.g. GB.' })
      .trim()
      .toUpperCase()
      .refine((c) => c === '' || isCountryCode(c), 'Enter the country as a two-letter ISO code, e.g. GB, or leave it empty for an event every market sees.')
      .default(''),
    capacity: z
      .number({ error: 'Enter a whole number of guests.' })
      .int('Enter a whole number of guests.')
      .positive('Capacity must be at least 1.')
      .max(1_000_000)
      .nullable()
      .default(null),
    imageMediaId: z.uuid({ error: 'Choose an image from the media library.' }).nullable().default(null),
    published: z.boolean().default(false),
  })
  // Both are wall-clock times in one zone, so their text order is their time order.
  .refine((e) => e.endsLocal === null || e.endsLocal >= e.startsLocal, { path: ['endsLocal'], message: 'The end must not be before the start.' });
export type EventInput = z.infer<typeof eventInput>;
export const eventUpdate = eventInput.safeExtend({ version: versionField });
export type EventUpdate = z.infer<typeof eventUpdate>;

/** The id of a collateral item or event in a path: digits in the id column's range (else 400, not a database error). */
export const marketingId = recordId('Use a numeric id.');

export const collateralListQuery = adminListQuery(['title', 'kind', 'updatedAt'] as const);
export type CollateralListQuery = z.infer<typeof collateralListQuery>;
export const eventListQuery = adminListQuery(['title', 'startsAt', 'city'] as const);
export type EventListQuery = z.infer<typeof eventListQuery>;

/** `GET /api/events`: the upcoming events of a market (the visitor's, unless named). */
export const publicEventQuery = z.object({
  market: z.string().trim().toUpperCase().refine(isMarketCode, 'Unknown market: use US, GB, EU, CA, AU or INT.').optional(),
});
