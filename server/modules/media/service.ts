// Media library: uploads checked by their content (never their name), stored through the storage
// module under keys we make, with a resized web version and a thumbnail of every image.
import { createHash, randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { type AnyColumn, and, count, desc, eq, getTableColumns, ilike, or, type SQL, sql } from 'drizzle-orm';
import { type PgTable, unionAll } from 'drizzle-orm/pg-core';
import { uuidArray } from '../../db/any-of';
import { onePreparedPage, preparePage, totalOf } from '../../db/paged';
import { preparedByShape, UNNAMED, withRowPlan } from '../../db/prepared';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { z } from 'zod';
import {
  MEDIA_DOCUMENT_TYPES,
  MEDIA_IMAGE_TYPES,
  MEDIA_MAX_DOCUMENT_BYTES,
  MEDIA_MAX_IMAGE_BYTES,
  MEDIA_THUMB_SIZE,
  MEDIA_WEB_SIZE,
  type MediaAsset,
  type MediaKind,
  type MediaVariant,
} from '../../../shared/media';
import type { AdminPage } from '../../../shared/schemas/admin';
import { mediaAltText, type MediaListQuery } from '../../../shared/schemas/media';
import type { Db, DbOrTx } from '../../db/client';
import { brandEvents, cocktails, collateralItems, mediaAssets, pageMedia, pages, productImages, products } from '../../db/schema';
import { parse } from '../../core/parse';
import { AppError, isForeignKeyViolation, notFound, stillReferenced } from '../../core/errors';
import { type Actor } from '../../core/actor';
import { recordAudit } from '../audit';
import type { Storage } from './storage';
import { containsPattern } from '../../db/like';
import { toPickedMedia } from './picked';
import { type ContentVersion, createContentCache } from '../../cache/content-version';
import { isoString } from '../../core/iso-time';

type MediaRow = typeof mediaAssets.$inferSelect;

/** A library entry as staff screens see it: what the picker needs, and the details. */
export type { MediaAsset } from '../../../shared/media';

export interface UploadedFile {
  buffer: Buffer;
  originalName: string;
}

export interface OpenedFile {
  stream: Readable;
  contentType: string;
  size: number;
  fileName: string;
}

export interface MediaService {
  /** `kind`: what the field uploading it takes (the picker of an image field); another kind is refused unstored. */
  upload(file: UploadedFile, options: { altText?: string; kind?: MediaKind }, actor: Actor): Promise<MediaAsset>;
  list(query: MediaListQuery): Promise<AdminPage<MediaAsset>>;
  /** 404 for an unknown (or malformed) id. */
  get(id: string): Promise<MediaAsset>;
  /** The entries that exist among `ids`, in the order asked (editors load their chosen files). */
  getMany(ids: string[]): Promise<MediaAsset[]>;
  updateAlt(id: string, altText: string, actor: Actor): Promise<MediaAsset>;
  /** Refused with 409 `still_referenced` while a product, cocktail, collateral item, event or page uses it. */
  remove(id: string, actor: Actor): Promise<void>;
  /** A stored variant for the file route; documents have only `original`. */
  open(id: string, variant: MediaVariant): Promise<OpenedFile>;
  /**
   * True when public content shows the file: an active product's gallery, a published recipe, a
   * published event or a published page. Anything else (a fresh upload, a draft's image, collateral for partners) is for
   * signed-in staff only. Cached per content version.
   */
  isPublic(id: string): Promise<boolean>;
}

const ACCEPTED = 'Upload a JPEG, PNG, WebP, GIF or AVIF image (up to 10 MB) or a PDF (up to 25 MB).';
const MB = 1024 * 1024;
const isUuid = (id: string) => z.uuid().safeParse(id).success;

/** What the content says the file is; `null` for anything we do not accept. */
async function sniff(buffer: Buffer): Promise<{ kind: MediaKind; mime: string; ext: string } | null> {
  const type = await fileTypeFromBuffer(buffer);
  if (!type) return null;
  // An animated PNG is a PNG to every decoder we feed it to.
  if (type.mime === 'image/apng') return { kind: 'image', mime: 'image/png', ext: 'png' };
  if ((MEDIA_IMAGE_TYPES as readonly string[]).includes(type.mime)) return { kind: 'image', mime: type.mime, ext: type.ext };
  if ((MEDIA_DOCUMENT_TYPES as readonly string[]).includes(type.mime)) return { kind: 'document', mime: type.mime, ext: type.ext };
  return null;
}

function unsupported(message = `This file type is not accepted. ${ACCEPTED}`): AppError {
  return new AppError('unsupported_file_type', 'unsupported', message, { hint: ACCEPTED });
}

interface Renditions {
  width: number;
  height: number;
  web: Buffer;
  thumb: Buffer;
}

/** Larger images (and decompression bombs, small files that decode to huge ones) are refused. */
const MAX_IMAGE_PIXELS = 40_000_000;

/**
 * Refuses, by its header alone, an image with more pixels than we decode — with its size, so staff
 * know to resize a large camera photo rather than think the file is damaged.
 */
async function refuseHugeImage(buffer: Buffer): Promise<void> {
  const { width, height } = await sharp(buffer, { limitInputPixels: false })
    .metadata()
    .catch(() => ({ width: 0, height: 0 }));
  if (width * height <= MAX_IMAGE_PIXELS) return;
  throw new AppError(
    'image_too_large',
    'too_large',
    `This image is ${width} × ${height} pixels, more than the ${MAX_IMAGE_PIXELS / 1_000_000} megapixels we accept: resize it (e.g. to 4000 × 3000) and upload it again.`,
    {
      hint: ACCEPTED,
    },
  );
}

/** Decodes the whole image (which proves it is one) and writes the web version and the thumbnail. */
async function renderImage(buffer: Buffer): Promise<Renditions> {
  await refuseHugeImage(buffer);
  // The limit holds while decoding too, whatever the header said; the first frame of an animation is enough.
  const input = () => sharp(buffer, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' });
  const resized = (size: number) =>
    input()
      .rotate() // apply the EXIF orientation; metadata is not copied to the output
      .resize({ width: size, height: size, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer();
  try {
    const meta = await input().metadata();
    const web = await resized(MEDIA_WEB_SIZE);
    const thumb = await resized(MEDIA_THUMB_SIZE);
    const { width, height } = meta.autoOrient;
    return { width, height, web, thumb };
  } catch {
    throw unsupported('This image could not be read: it may be damaged or not what its type says.');
  }
}

function toAsset(row: MediaRow): MediaAsset {
  return {
    ...toPickedMedia(row),
    sizeBytes: row.sizeBytes,
    width: row.width,
    height: row.height,
    sha256: row.sha256,
    createdAt: isoString(row.createdAt),
  };
}

/** A display name only: no control characters, no path, a sane length. */
function cleanName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const clean = base
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .trim()
    .slice(0, 200);
  return clean || 'file';
}

/** "the cocktail “Negroni” and the product “Frolic Gin”": what still uses a file. */
async function usersOf(tx: DbOrTx, id: string): Promise<string[]> {
  // One query after another: a transaction is one connection.
  const productRows = await tx
    .selectDistinct({ name: products.name })
    .from(productImages)
    .innerJoin(products, eq(products.id, productImages.productId))
    .where(eq(productImages.mediaId, id));
  const cocktailRows = await tx.select({ name: cocktails.name }).from(cocktails).where(eq(cocktails.imageMediaId, id));
  const collateralRows = await tx.select({ name: collateralItems.title }).from(collateralItems).where(eq(collateralItems.mediaId, id));
  const eventRows = await tx.select({ name: brandEvents.title }).from(brandEvents).where(eq(brandEvents.imageMediaId, id));
  const pageRows = await tx
    .selectDistinct({ name: pages.title })
    .from(pageMedia)
    .innerJoin(pages, eq(pages.id, pageMedia.pageId))
    .where(eq(pageMedia.mediaId, id));
  return [
    ...productRows.map((r) => `the product “${r.name}”`),
    ...cocktailRows.map((r) => `the cocktail “${r.name}”`),
    ...collateralRows.map((r) => `the collateral item “${r.name}”`),
    ...eventRows.map((r) => `the event “${r.name}”`),
    ...pageRows.map((r) => `the page “${r.name}”`),
  ];
}

/**
 * What uses each of many files, in one query: the library's "Used by" column. The five kinds of
 * user in one UNION ALL, each kind's rows in the order listed; prepared once (`prepared.ts`), the
 * page's ids bound as one array (`uuidArray`).
 */
function usedByQuery(db: Db) {
  const ids = sql`${sql.placeholder('ids')}::uuid[]`;
  const kind = (n: number) => sql<number>`${sql.raw(String(n))}`.as('kind');
  const media = (c: AnyColumn) => sql<string | null>`${c}`.as('media_id');
  /** A table whose own column names the file. */
  const direct = (table: PgTable, column: AnyColumn, name: AnyColumn, n: number) =>
    db
      .select({ id: media(column), name: sql<string>`${name}`.as('name'), kind: kind(n) })
      .from(table)
      .where(sql`${column} = any(${ids})`);
  return withRowPlan(
    unionAll(
      db
        .selectDistinct({ id: media(productImages.mediaId), name: sql<string>`${products.name}`.as('name'), kind: kind(0) })
        .from(productImages)
        .innerJoin(products, eq(products.id, productImages.productId))
        .where(sql`${productImages.mediaId} = any(${ids})`),
      direct(cocktails, cocktails.imageMediaId, cocktails.name, 1),
      direct(collateralItems, collateralItems.mediaId, collateralItems.title, 2),
      direct(brandEvents, brandEvents.imageMediaId, brandEvents.title, 3),
      db
        .selectDistinct({ id: media(pageMedia.mediaId), name: sql<string>`${pages.title}`.as('name'), kind: kind(4) })
        .from(pageMedia)
        .innerJoin(pages, eq(pages.id, pageMedia.pageId))
        .where(sql`${pageMedia.mediaId} = any(${ids})`),
    )
      .orderBy(sql`kind`)
      .prepare(UNNAMED),
  );
}

async function usersOfMany(usedBy: ReturnType<typeof usedByQuery>, ids: string[]): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>(ids.map((id) => [id, []]));
  if (!ids.length) return out;
  const rows = await usedBy.execute({ ids: uuidArray(ids) });
  const what = ['product', 'cocktail', 'collateral item', 'event', 'page'];
  for (const r of rows) if (r.id) out.get(r.id)?.push(`the ${what[r.kind]} “${r.name}”`);
  return out;
}

function listOf(users: string[]): string {
  const shown = users.slice(0, 3);
  const more = users.length - shown.length;
  if (more > 0) return `${shown.join(', ')} and ${more} more`;
  return shown.length > 1 ? `${shown.slice(0, -1).join(', ')} and ${shown.at(-1)}` : (shown[0] ?? 'another record');
}

export function createMediaService(db: Db, content: ContentVersion, storage: Storage): MediaService {
  const usedBy = usedByQuery(db);
  // The library's page: the search and the kind filter present or not; their values bound.
  const mediaPage = preparedByShape((shape: { search: boolean; kind: boolean }) => {
    const q = sql.placeholder('q');
    const filters: SQL[] = [];
    if (shape.search) filters.push(or(ilike(mediaAssets.originalName, q), ilike(mediaAssets.altText, q))!);
    if (shape.kind) filters.push(sql`${mediaAssets.kind} = ${sql.placeholder('kind')}`);
    const where = filters.length ? and(...filters) : undefined;
    return preparePage(
      db
        .select({ ...getTableColumns(mediaAssets), matched: totalOf(db.select({ n: count() }).from(mediaAssets).where(where)) })
        .from(mediaAssets)
        .where(where)
        .orderBy(desc(mediaAssets.createdAt), desc(mediaAssets.id)),
    );
  });
  async function row(id: string): Promise<MediaRow> {
    if (!isUuid(id)) throw notFound('File');
    const [found] = await db.select().from(mediaAssets).where(eq(mediaAssets.id, id));
    if (!found) throw notFound('File');
    return found;
  }

  const publicCache = createContentCache(content, 2000);

  const removeFiles = (keys: (string | null)[]) => Promise.allSettled(keys.filter((k): k is string => k !== null).map((k) => storage.delete(k)));

  return {
    async upload(file, options, actor) {
      const altText = parse(mediaAltText, options.altText ?? '');
      if (file.buffer.length === 0) throw new AppError('empty_file', 'invalid', 'The file is empty.', { hint: ACCEPTED });
      const type = await sniff(file.buffer);
      if (!type) throw unsupported();
      if (options.kind && type.kind !== options.kind) {
        throw unsupported(
          options.kind === 'image' ? 'This file is a PDF: choose a JPEG, PNG, WebP, GIF or AVIF image here.' : 'This file is an image: choose a PDF here.',
        );
      }
      const limit = type.kind === 'image' ? MEDIA_MAX_IMAGE_BYTES : MEDIA_MAX_DOCUMENT_BYTES;
      if (file.buffer.length > limit) {
        throw new AppError('file_too_large', 'too_large', `This ${type.kind === 'image' ? 'image' : 'PDF'} is larger than ${limit / MB} MB.`, {
          hint: ACCEPTED,
        });
      }
      const image = type.kind === 'image' ? await renderImage(file.buffer) : null;

      const id = randomUUID();
      const keys = { storageKey: `${id}/original.${type.ext}`, webKey: image ? `${id}/web.webp` : null, thumbKey: image ? `${id}/thumb.webp` : null };
      const values = {
        id,
        kind: type.kind,
        mimeType: type.mime,
        originalName: cleanName(file.originalName),
        sizeBytes: file.buffer.length,
        sha256: createHash('sha256').update(file.buffer).digest('hex'),
        width: image?.width ?? null,
        height: image?.height ?? null,
        altText,
        ...keys,
        uploadedBy: actor.userId,
      };
      try {
        await storage.put(keys.storageKey, file.buffer, type.mime);
        if (image) {
          await storage.put(`${id}/web.webp`, image.web, 'image/webp');
          await storage.put(`${id}/thumb.webp`, image.thumb, 'image/webp');
        }
        const inserted = await db.transaction(async (tx) => {
          const [created] = await tx.insert(mediaAssets).values(values).returning();
          await recordAudit(tx, actor, { action: 'INSERT', tableName: 'media_assets', recordId: id, newValues: created });
          return created!;
        });
        return toAsset(inserted);
      } catch (err) {
        // Nothing stored may outlive a failed upload.
        await removeFiles([keys.storageKey, keys.webKey, keys.thumbKey]);
        throw err;
      }
    },

    async list({ q, kind, page, pageSize }) {
      const { rows, total } = await onePreparedPage(
        mediaPage({ search: Boolean(q), kind: Boolean(kind) }),
        { q: q ? containsPattern(q) : null, kind: kind ?? null },
        { page, pageSize },
      );
      const users = await usersOfMany(
        usedBy,
        rows.map((r) => r.id),
      );
      return { items: rows.map((r) => ({ ...toAsset(r), usedBy: users.get(r.id) ?? [] })), page, pageSize, total };
    },

    async get(id) {
      return toAsset(await row(id));
    },

    async getMany(ids) {
      const wanted = [...new Set(ids.filter(isUuid))];
      if (wanted.length === 0) return [];
      const rows = await db
        .select()
        .from(mediaAssets)
        .where(or(...wanted.map((id) => eq(mediaAssets.id, id))));
      const byId = new Map(rows.map((r) => [r.id, toAsset(r)]));
      return wanted.flatMap((id) => byId.get(id) ?? []);
    },

    async updateAlt(id, altText, actor) {
      const clean = parse(mediaAltText, altText);
      if (!isUuid(id)) throw notFound('File');
      const updated = await db.transaction(async (tx) => {
        const [before] = await tx.select().from(mediaAssets).where(eq(mediaAssets.id, id)).for('update');
        if (!before) throw notFound('File');
        const [after] = await tx.update(mediaAssets).set({ altText: clean }).where(eq(mediaAssets.id, id)).returning();
        await recordAudit(tx, actor, {
          action: 'UPDATE',
          tableName: 'media_assets',
          recordId: id,
          oldValues: { altText: before.altText },
          newValues: { altText: clean },
        });
        return after!;
      });
      // Public pages show alt texts (product galleries, event images): their caches must drop them.
      await content.changed('media');
      return toAsset(updated);
    },

    async remove(id, actor) {
      if (!isUuid(id)) throw notFound('File');
      const hint = 'Choose another file in those places first, then delete this one.';
      let removed: MediaRow;
      try {
        removed = await db.transaction(async (tx) => {
          const [before] = await tx.select().from(mediaAssets).where(eq(mediaAssets.id, id)).for('update');
          if (!before) throw notFound('File');
          const users = await usersOf(tx, id);
          if (users.length) throw stillReferenced('file', listOf(users), hint);
          await tx.delete(mediaAssets).where(eq(mediaAssets.id, id));
          await recordAudit(tx, actor, { action: 'DELETE', tableName: 'media_assets', recordId: id, oldValues: before });
          return before;
        });
      } catch (err) {
        // Someone chose the file between our check and the delete: the foreign key still refuses.
        if (isForeignKeyViolation(err)) throw stillReferenced('file', 'another record', hint);
        throw err;
      }
      // The row is gone, so nothing links to the files any more; remove them after the commit.
      await removeFiles([removed.storageKey, removed.webKey, removed.thumbKey]);
    },

    isPublic(id) {
      if (!isUuid(id)) return Promise.resolve(false);
      return publicCache(`public:${id}`, async () => {
        const [inProduct] = await db
          .select({ id: products.id })
          .from(productImages)
          .innerJoin(products, eq(products.id, productImages.productId))
          .where(and(eq(productImages.mediaId, id), eq(products.status, 'active')))
          .limit(1);
        if (inProduct) return true;
        const [inRecipe] = await db
          .select({ id: cocktails.id })
          .from(cocktails)
          .where(and(eq(cocktails.imageMediaId, id), eq(cocktails.published, true)))
          .limit(1);
        if (inRecipe) return true;
        const [inEvent] = await db
          .select({ id: brandEvents.id })
          .from(brandEvents)
          .where(and(eq(brandEvents.imageMediaId, id), eq(brandEvents.published, true)))
          .limit(1);
        if (inEvent) return true;
        // A published CMS page's images and Open Graph image (its published version's, not a draft's).
        const [inPage] = await db
          .select({ id: pageMedia.pageId })
          .from(pageMedia)
          .where(and(eq(pageMedia.mediaId, id), eq(pageMedia.role, 'published')))
          .limit(1);
        return inPage !== undefined;
      });
    },

    async open(id, variant) {
      const found = await row(id);
      const key = variant === 'original' ? found.storageKey : variant === 'web' ? found.webKey : found.thumbKey;
      if (!key) throw notFound('File');
      const stored = await storage.get(key);
      if (!stored) throw notFound('File');
      const contentType = variant === 'original' ? found.mimeType : 'image/webp';
      const fileName = variant === 'original' ? found.originalName : `${found.originalName.replace(/\.[^.]*$/, '')}-${variant}.webp`;
      return { ...stored, contentType, fileName };
    },
  };
}
