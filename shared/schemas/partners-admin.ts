// The staff side of the trade network (the Partners section): creating an organisation, its ids in
// paths, resending an invitation, converting a business inquiry, and the rows the screens show.
import { z } from './zod';
import { requiredText } from './text';
import type { LicenceState } from '../licence';
import type { OrganisationStatus, OrganisationType } from '../partners';
import { organisationInput } from './partners';

export * from './partners';

/** An organisation's id in a path: anything else names nothing (404). */
export const organisationIdParam = z.uuid();

/** A member in a path: the organisation and the user. */
export const memberRef = z.object({ id: z.uuid(), userId: z.uuid() });

/** Sending an invitation again (the page's form names the member). */
export const resendInvitation = z.object({ userId: z.uuid({ error: 'Choose a member.' }) });

/** Staff create an organisation pending (to approve later) or active at once. */
export const organisationCreate = organisationInput.extend({
  status: z.enum(['pending', 'active'], { error: 'Choose pending or active.' }).default('pending'),
});
export type OrganisationCreate = z.infer<typeof organisationCreate>;

const name = (label: string) => requiredText(`Enter the ${label}.`).max(80, `Keep the ${label} under 80 characters.`);

/**
 * A business inquiry becomes a pending organisation with its contact invited: the organisation's
 * fields (prefilled from the inquiry) and the contact's name and address.
 */
export const inquiryConversion = organisationInput.extend({
  contactFirstName: name("contact's first name"),
  contactLastName: name("contact's last name"),
  contactEmail: z
    .string({ error: "Enter the contact's email address." })
    .trim()
    .toLowerCase()
    .pipe(z.email('Enter a valid email address for the contact.').max(254)),
});
export type InquiryConversion = z.infer<typeof inquiryConversion>;

/** A row of the staff list. */
export interface OrganisationRow {
  id: string;
  type: OrganisationType;
  legalName: string;
  tradingName: string;
  licenceNumber: string;
  licenceExpiresOn: string;
  licence: { state: LicenceState; days: number };
  city: string;
  country: string;
  market: string;
  status: OrganisationStatus;
  supplierName: string | null;
  members: number;
  createdAt: string;
}

/** A node of the tree: every organisation with its supplier (the page nests them). */
export interface OrganisationNode {
  id: string;
  type: OrganisationType;
  tradingName: string;
  status: OrganisationStatus;
  market: string;
  supplierId: string | null;
  licence: { state: LicenceState; days: number };
}

/** Splits an inquiry's contact name into first and last ("Mary Ann Smith" → "Mary Ann", "Smith"). */
export function splitName(full: string): { firstName: string; lastName: string } {
  const parts = full.trim().split(/\s+/).filter(Boolean);
  if (parts.length <= 1) return { firstName: parts[0] ?? '', lastName: '' };
  return { firstName: parts.slice(0, -1).join(' '), lastName: parts.at(-1) as string };
}
