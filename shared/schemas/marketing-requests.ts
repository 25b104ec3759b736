// Partners' marketing requests: one schema per thing a partner or staff member sends — the request
// (materials, an event proposal, a place at a brand event), a comment, a decision, the fulfilment —
// for the JSON API and the page actions alike. Dates are calendar days; "not in the past" depends on
// the server's clock, so the service checks it (`date_in_past`).
import { z } from './zod';
import { pageNumber, wholeNumber } from './numbers';
import { isBlank, requiredText } from './text';
import {
  MARKETING_REQUEST_KINDS,
  MARKETING_REQUEST_STATUSES,
  MAX_BUDGET_MAJOR,
  MAX_COMMENT_LENGTH,
  MAX_DETAILS_LENGTH,
  MAX_EXPECTED_GUESTS,
  MAX_QUANTITY,
  MAX_REQUEST_ITEMS,
} from '../marketing-request-constants';
import { adminListQuery, recordId, versionField } from './admin';
import { calendarDate } from './partners';

export * from '../marketing-request-constants';

const details = z
  .string()
  .trim()
  .max(MAX_DETAILS_LENGTH, `Keep the details under ${MAX_DETAILS_LENGTH.toLocaleString('en')} characters.`)
  .default('');
const required = (label: string, max: number) => requiredText(`Enter the ${label}.`).max(max, `Keep the ${label} under ${max} characters.`);
const guests = wholeNumber({
  min: 1,
  max: MAX_EXPECTED_GUESTS,
  required: 'Enter a whole number of guests.',
  tooSmall: 'Expect at least one guest.',
  tooBig: `At most ${MAX_EXPECTED_GUESTS.toLocaleString('en')} guests.`,
});

export const requestItem = z.object({
  collateralId: recordId('Choose a collateral item.'),
  quantity: wholeNumber({
    min: 1,
    max: MAX_QUANTITY,
    required: 'Enter a quantity.',
    whole: 'Enter the quantity as a whole number.',
    tooSmall: 'Ask for at least 1.',
    tooBig: `At most ${MAX_QUANTITY.toLocaleString('en')} copies.`,
  }),
});

export const materialsRequestInput = z.object({
  kind: z.literal('materials'),
  /** Empty: the service names the request after its items. */
  title: z.string().trim().max(150, 'Keep the title under 150 characters.').default(''),
  details,
  deliveryAddress: required('delivery address', 500),
  neededBy: calendarDate('needed-by date'),
  items: z
    .array(requestItem, { error: 'Ask for at least one item.' })
    .min(1, 'Enter a quantity for at least one item.')
    .max(MAX_REQUEST_ITEMS, `At most ${MAX_REQUEST_ITEMS} items in one request.`)
    .refine((items) => new Set(items.map((i) => i.collateralId)).size === items.length, 'Name each item once.'),
});
export type MaterialsRequestInput = z.infer<typeof materialsRequestInput>;

export const eventProposalInput = z.object({
  kind: z.literal('event_proposal'),
  title: required('name of the event', 150),
  details,
  eventDate: calendarDate('event date'),
  venue: required('venue', 200),
  expectedGuests: guests,
  askStaff: z.boolean().default(false),
  askProduct: z.boolean().default(false),
  /** Asked of the brand, in minor units of the organisation's currency; null: no budget asked. */
  budgetMinor: wholeNumber({
    min: 0,
    max: MAX_BUDGET_MAJOR * 100,
    required: 'Enter the budget as an amount.',
    whole: 'Enter the budget in minor units (cents).',
    tooSmall: 'The budget cannot be negative.',
    tooBig: `The budget must be at most ${MAX_BUDGET_MAJOR.toLocaleString('en')}.`,
  })
    .nullable()
    .default(null),
});
export type EventProposalInput = z.infer<typeof eventProposalInput>;

export const eventJoinInput = z.object({
  kind: z.literal('event_join'),
  eventId: recordId('Choose an event.'),
  /** Guests the partner would bring (optional). */
  expectedGuests: guests.nullable().default(null),
  details,
});
export type EventJoinInput = z.infer<typeof eventJoinInput>;

export const marketingRequestInput = z.discriminatedUnion('kind', [materialsRequestInput, eventProposalInput, eventJoinInput], {
  error: 'Say what you are asking for: kind is materials, event_proposal or event_join.',
});
export type MarketingRequestInput = z.infer<typeof marketingRequestInput>;

export const requestComment = z.object({
  body: requiredText('Write a comment.').max(MAX_COMMENT_LENGTH, `Keep the comment under ${MAX_COMMENT_LENGTH.toLocaleString('en')} characters.`),
});
export type RequestComment = z.infer<typeof requestComment>;

const decisionComment = z
  .string()
  .trim()
  .max(MAX_COMMENT_LENGTH, `Keep the comment under ${MAX_COMMENT_LENGTH.toLocaleString('en')} characters.`)
  .default('');

/** Staff approve or decline an open request; a decline says why. */
export const requestDecision = z
  .object({
    decision: z.enum(['approve', 'decline'], { error: 'Approve or decline.' }),
    comment: decisionComment,
    version: versionField,
  })
  .refine((d) => d.decision === 'approve' || !isBlank(d.comment), { path: ['comment'], message: 'Say why the request is declined.' });
export type RequestDecision = z.infer<typeof requestDecision>;

/** Staff mark an approved request fulfilled (materials sent, the event supported). */
export const requestFulfilment = z.object({ comment: decisionComment, version: versionField });
export type RequestFulfilment = z.infer<typeof requestFulfilment>;

export const marketingRequestId = recordId('Use a numeric id.');

/** A filter left at "All" (an empty value) filters nothing. */
const filter = <S extends z.ZodType>(schema: S) => z.preprocess((v) => (v === '' ? undefined : v), schema.optional());
const kindFilter = filter(z.enum(MARKETING_REQUEST_KINDS, { error: 'Unknown kind: use materials, event_proposal or event_join.' }));
const statusFilter = filter(z.enum(MARKETING_REQUEST_STATUSES, { error: 'Unknown status: use open, approved, declined or fulfilled.' }));

/** A partner's own requests. */
export const partnerRequestListQuery = z.object({
  kind: kindFilter,
  status: statusFilter,
  page: pageNumber('the page', 100_000, 1),
  pageSize: pageNumber('the page size', 100, 25),
});
export type PartnerRequestListQuery = z.infer<typeof partnerRequestListQuery>;

/** Every organisation's requests (staff): open ones first unless sorted otherwise. */
export const staffRequestListQuery = adminListQuery(['createdAt', 'status', 'organisation'] as const).extend({
  kind: kindFilter,
  status: statusFilter,
  organisationId: filter(z.uuid({ error: 'Use an organisation id.' })),
  dir: z.enum(['asc', 'desc']).default('desc'),
});
export type StaffRequestListQuery = z.infer<typeof staffRequestListQuery>;
