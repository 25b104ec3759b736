// The media library: uploaded images and documents.
import { index, integer, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';

export const mediaKind = pgEnum('media_kind', ['image', 'document']);

/** An uploaded file. Bytes live in the storage module (DATA_DIR/uploads by default), never at a path from the file name. */
export const mediaAssets = pgTable(
  'media_assets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: mediaKind('kind').notNull(),
    /** The type sniffed from the content (never the browser's claim). */
    mimeType: text('mime_type').notNull(),
    /** The uploader's file name, for display only. */
    originalName: text('original_name').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    sha256: text('sha256').notNull(),
    width: integer('width'),
    height: integer('height'),
    altText: text('alt_text').notNull().default(''),
    /** Storage keys: the original and (images) the resized web version and thumbnail. */
    storageKey: text('storage_key').notNull(),
    webKey: text('web_key'),
    thumbKey: text('thumb_key'),
    uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('media_assets_created_idx').on(t.createdAt), index('media_assets_sha_idx').on(t.sha256)],
);
