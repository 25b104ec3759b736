// Contact messages and business inquiries from the public site, worked by staff.
import { index, pgEnum, pgTable, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { organisations, partnerType } from './partners';

export const inquiryStatus = pgEnum('inquiry_status', ['new', 'in_progress', 'done']);

export const contactMessages = pgTable(
  'contact_messages',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    status: inquiryStatus('status').notNull().default('new'),
    assigneeId: text('assignee_id'),
    notes: text('notes'),
    ipAddress: text('ip_address'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // The inbox, newest first, merges both tables' (created_at, id) indexes.
  (t) => [index('contact_messages_status_idx').on(t.status, t.createdAt), index('contact_messages_created_idx').on(t.createdAt, t.id)],
);

export const businessInquiries = pgTable(
  'business_inquiries',
  {
    id: serial('id').primaryKey(),
    company: text('company').notNull(),
    contactName: text('contact_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    partnerType: partnerType('partner_type').notNull(),
    licenceNumber: text('licence_number'),
    region: text('region').notNull(),
    country: text('country').notNull(),
    expectedVolume: text('expected_volume').notNull(),
    message: text('message').notNull(),
    status: inquiryStatus('status').notNull().default('new'),
    assigneeId: text('assignee_id'),
    notes: text('notes'),
    ipAddress: text('ip_address'),
    /** The outcome of onboarding: the organisation it became (once; converting twice is refused). */
    organisationId: uuid('organisation_id').references(() => organisations.id, { onDelete: 'set null' }),
    convertedAt: timestamp('converted_at', { withTimezone: true }),
    convertedBy: uuid('converted_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('business_inquiries_status_idx').on(t.status, t.createdAt),
    index('business_inquiries_created_idx').on(t.createdAt, t.id),
    uniqueIndex('business_inquiries_organisation_key').on(t.organisationId),
  ],
);
