// Content management (issue 18): the brand's own pages, written in Markdown by the master admin.
// A page has a working copy (the draft: every save is a numbered version) and, once published, a
// pointer to the version the public sees — so a published page can carry a newer draft unseen.
import { sql } from 'drizzle-orm';
import { type AnyPgColumn, bigint, check, index, integer, pgEnum, pgTable, primaryKey, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { mediaAssets } from './media';

/** Spec §3/§4: draft → published through Publish; Unpublish takes it back to draft. */
export const pageStatus = pgEnum('page_status', ['draft', 'published']);

export const pages = pgTable(
  'pages',
  {
    id: serial('id').primaryKey(),
    /** The working copy: what the editor shows and the next publish makes public. */
    slug: text('slug').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    ogImageMediaId: uuid('og_image_media_id').references(() => mediaAssets.id, { onDelete: 'restrict' }),
    content: text('content').notNull().default(''),
    /** The number of the latest version (the working copy's). */
    draftN: integer('draft_n').notNull().default(1),
    status: pageStatus('status').notNull().default('draft'),
    /** What the public sees: the published version and its address (null while a draft). */
    publishedVersionId: integer('published_version_id').references((): AnyPgColumn => pageVersions.id, { onDelete: 'no action' }),
    publishedSlug: text('published_slug'),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    /** A publish waiting in the job queue: when, which version, who asked, and the job. */
    scheduledPublishAt: timestamp('scheduled_publish_at', { withTimezone: true }),
    scheduledVersionId: integer('scheduled_version_id').references((): AnyPgColumn => pageVersions.id, { onDelete: 'set null' }),
    scheduledBy: uuid('scheduled_by').references(() => users.id, { onDelete: 'set null' }),
    scheduledJobId: bigint('scheduled_job_id', { mode: 'number' }),
    /** Optimistic concurrency: every write names the version it read (409 version_conflict). */
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('pages_slug_key').on(t.slug),
    uniqueIndex('pages_published_slug_key').on(t.publishedSlug),
    index('pages_updated_idx').on(t.updatedAt),
    check('pages_published_has_version', sql`(${t.status} = 'published') = (${t.publishedVersionId} is not null and ${t.publishedSlug} is not null)`),
    check('pages_slug_format', sql`${t.slug} ~ '^[a-z0-9]+(-[a-z0-9]+)*$'`),
  ],
);

/** Every save of a page: who, when, and the whole of what was saved. Restoring copies one into a new version. */
export const pageVersions = pgTable(
  'page_versions',
  {
    id: serial('id').primaryKey(),
    pageId: integer('page_id')
      .notNull()
      .references((): AnyPgColumn => pages.id, { onDelete: 'cascade' }),
    n: integer('n').notNull(),
    title: text('title').notNull(),
    slug: text('slug').notNull(),
    description: text('description').notNull().default(''),
    /** An old version does not keep a file in the library: deleting the file clears it here. */
    ogImageMediaId: uuid('og_image_media_id').references(() => mediaAssets.id, { onDelete: 'set null' }),
    content: text('content').notNull(),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    /** How it came about: `save`, `create`, `restore:<n>`, `seed`. */
    origin: text('origin').notNull().default('save'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('page_versions_page_n_key').on(t.pageId, t.n)],
);

/**
 * Media-library files a page uses (images in its Markdown, its Open Graph image), for its working
 * copy (`draft`) and its published version (`published`). A file in use cannot be deleted, and a
 * file a published page uses is public (server/modules/media: isPublic).
 */
export const pageMediaRole = pgEnum('page_media_role', ['draft', 'published']);

export const pageMedia = pgTable(
  'page_media',
  {
    pageId: integer('page_id')
      .notNull()
      .references(() => pages.id, { onDelete: 'cascade' }),
    role: pageMediaRole('role').notNull(),
    mediaId: uuid('media_id')
      .notNull()
      .references(() => mediaAssets.id, { onDelete: 'restrict' }),
  },
  (t) => [primaryKey({ columns: [t.pageId, t.role, t.mediaId] }), index('page_media_media_idx').on(t.mediaId)],
);
