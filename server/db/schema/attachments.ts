// Files two trade partners share (issue 16), kept apart from the public media library.
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { organisations } from './partners';

/**
 * A file of two organisations (and staff): a receipt's photo or PDF. Never in the staff media
 * library, never public: served only to members of `ownerId` or `counterpartId` and to staff.
 */
export const attachments = pgTable(
  'attachments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'restrict' }),
    counterpartId: uuid('counterpart_id').references(() => organisations.id, { onDelete: 'restrict' }),
    /** The key in the file storage (server/modules/media/storage.ts). */
    storageKey: text('storage_key').notNull(),
    filename: text('filename').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('attachments_storage_key').on(t.storageKey),
    index('attachments_owner_idx').on(t.ownerId),
    check('attachments_size_positive', sql`${t.sizeBytes} > 0`),
  ],
);
