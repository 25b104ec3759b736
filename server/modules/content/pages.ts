// CMS pages (issue 18): the master admin writes the brand's pages in Markdown. Every save is a
// numbered version (who, when); the public sees only the published version, so a published page can
// carry a newer draft unseen; a diff between any two versions and restore as a new draft; unpublish;
// a publish scheduled through the job queue (once, on one instance, a failure left visible). Every
// write is one transaction with its audit row and the version check (409 version_conflict); what
// changes the public site (publish, unpublish, delete) moves the content version on, on every
// instance, which empties the page cache.
import { and, asc, count, desc, eq, getTableColumns, ilike, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import { onePreparedPage, preparePage, totalOf } from '../../db/paged';
import { preparedByShape } from '../../db/prepared';
import { alias } from 'drizzle-orm/pg-core';
import { diffLines } from 'diff';
import type { PageDetail, PageDiff, PageListItem, PagePreview, PageSummary, PageVersionInfo, PublicPage } from '../../../shared/page-views';
import type { AdminPage } from '../../../shared/schemas/admin';
import { isRoutePageSlug } from '../../../shared/page-constants';
import type { PageInput, PageListQuery, PageSave } from '../../../shared/schemas/pages';
import { type ContentVersion, createContentCache } from '../../cache/content-version';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { jobs as jobsTable, mediaAssets, pageMedia, pages, pageVersions, profiles } from '../../db/schema';
import { AppError, invalidFields, isRefusal, isUniqueViolation, notFound, versionConflict } from '../../core/errors';
import { type Actor } from '../../core/actor';
import { containsPattern } from '../../db/like';
import type { Jobs } from '../../jobs/registry';
import { PermanentJobError } from '../../jobs/runner';
import { recordAudit } from '../audit';
import { toPickedMedia } from '../media';
import { imagesIn, type PageImage, renderMarkdown } from './markdown';
import { isoString, isoStringOrNull } from '../../core/iso-time';

type PageRow = typeof pages.$inferSelect;
type VersionRow = typeof pageVersions.$inferSelect;

export const PAGES_DOMAIN = 'pages';

export type { PageDetail, PageDiff, PageListItem, PagePreview, PageSummary, PageVersionInfo, PublicPage };

export interface PagesService {
  list(query: PageListQuery): Promise<AdminPage<PageListItem>>;
  get(id: number): Promise<PageDetail>;
  /** A new page (its version 1); `publish` makes it public in the same transaction. */
  create(input: PageInput, actor: Actor, options?: { publish?: boolean }): Promise<PageDetail>;
  /** Saves the working copy as a new version (none when nothing changed). */
  save(id: number, input: PageSave, actor: Actor): Promise<PageDetail>;
  /** Publishes the working copy — saved first, in the same transaction, when `input` is given. */
  publish(id: number, version: number, actor: Actor, input?: PageInput): Promise<PageDetail>;
  unpublish(id: number, version: number, actor: Actor): Promise<PageDetail>;
  remove(id: number, version: number | undefined, actor: Actor): Promise<void>;
  versions(id: number): Promise<PageVersionInfo[]>;
  diff(id: number, from: number, to: number): Promise<PageDiff>;
  /** Copies version `n` into a new version of the working copy (a draft: the public page is unchanged). */
  restore(id: number, n: number, version: number, actor: Actor): Promise<PageDetail>;
  /** Publishes the working copy as it is now at `at`, through the job queue. */
  schedule(id: number, at: Date, version: number, actor: Actor): Promise<PageDetail>;
  cancelSchedule(id: number, version: number, actor: Actor): Promise<PageDetail>;
  /** Renders unsaved Markdown as the public page would show it (staff only: the routes guard it). */
  preview(input: { title: string; content: string }): Promise<PagePreview>;
  /** The published page at `/{slug}`, or null. Cached per content version. */
  publicPage(slug: string): Promise<PublicPage | null>;
  /** Published pages for the sitemap. */
  publishedPages(): Promise<{ slug: string; publishedAt: string }[]>;
  /** The first path segments of the app's routes (and the server's own mounts): no page may take them. */
  useRouteTable(source: () => Promise<readonly string[]> | readonly string[]): void;
  /** The first path segments of the app's routes (no server mounts): the site's own addresses. */
  siteSegments(): Promise<string[]>;
}

/** Paths the server answers itself, before the route table: never a page's slug. */
export const SERVER_SEGMENTS = ['api', 'media', 'assets', 'healthz', 'ws', 'build', 'favicon.ico'];

const fieldError = (path: string, message: string) => invalidFields([{ path, message }]);

function slugTaken(slug?: string): AppError {
  return new AppError('slug_taken', 'conflict', slug ? `Another page already uses the slug “${slug}”.` : 'Another page already uses this slug.', {
    details: [{ path: 'slug', message: 'Another page already uses this slug. Choose another.' }],
    hint: 'The slug is the page’s address on the site (/<slug>) and must be unique.',
  });
}

const iso = isoStringOrNull;
const nameOf = (first: string | null, last: string | null) => [first, last].filter(Boolean).join(' ') || null;

export function createPagesService(db: Db, content: ContentVersion, jobs: Jobs, now: () => number = Date.now): PagesService {
  const cached = createContentCache(content, 1000);
  let routeTable: (() => Promise<readonly string[]> | readonly string[]) | null = null;

  async function reservedSegments(): Promise<Set<string>> {
    if (!routeTable) throw new Error('pages: the route table is not known yet (createApp sets it)');
    return new Set([...(await routeTable()), ...SERVER_SEGMENTS]);
  }

  /** The slug's rules beyond its format: not a route of the site, not another page's, fixed for route pages. */
  async function checkSlug(tx: DbOrTx, slug: string, page: PageRow | null): Promise<void> {
    if (page && isRoutePageSlug(page.slug) && slug !== page.slug) {
      throw fieldError('slug', `This page’s address is fixed: /${page.slug} shows it.`);
    }
    if (!isRoutePageSlug(slug) && (await reservedSegments()).has(slug)) {
      throw fieldError('slug', `/${slug} is already a page of the site. Choose another slug.`);
    }
    const others = await tx
      .select({ id: pages.id })
      .from(pages)
      .where(and(or(eq(pages.slug, slug), eq(pages.publishedSlug, slug)), page ? ne(pages.id, page.id) : undefined))
      .limit(1);
    if (others.length) throw slugTaken(slug);
  }

  /** The library files the page uses: every image in the Markdown, and the Open Graph image — images all. */
  async function checkMedia(tx: DbOrTx, input: PageInput): Promise<string[]> {
    const { ids, outside } = imagesIn(input.content);
    if (outside.length) {
      throw fieldError('content', `Images must come from the media library (use Insert image): ${outside.slice(0, 3).join(', ')}`);
    }
    const wanted = [...new Set([...ids, ...(input.ogImageMediaId ? [input.ogImageMediaId] : [])])];
    if (!wanted.length) return [];
    const found = new Map(
      (await tx.select({ id: mediaAssets.id, kind: mediaAssets.kind }).from(mediaAssets).where(inArray(mediaAssets.id, wanted))).map((m) => [m.id, m.kind]),
    );
    if (input.ogImageMediaId && found.get(input.ogImageMediaId) !== 'image') {
      throw fieldError('ogImageMediaId', 'Choose an image from the media library.');
    }
    const missing = ids.filter((id) => found.get(id) !== 'image');
    if (missing.length) throw fieldError('content', `These images are not in the media library: ${missing.join(', ')}`);
    return wanted;
  }

  /** The files a version uses that are still in the library (an old version's may have gone). */
  async function mediaOfVersion(tx: DbOrTx, v: VersionRow): Promise<string[]> {
    const wanted = [...new Set([...imagesIn(v.content).ids, ...(v.ogImageMediaId ? [v.ogImageMediaId] : [])])];
    if (!wanted.length) return [];
    const rows = await tx
      .select({ id: mediaAssets.id })
      .from(mediaAssets)
      .where(and(inArray(mediaAssets.id, wanted), eq(mediaAssets.kind, 'image')));
    return rows.map((r) => r.id);
  }

  async function setPageMedia(tx: DbOrTx, pageId: number, role: 'draft' | 'published', ids: string[]): Promise<void> {
    await tx.delete(pageMedia).where(and(eq(pageMedia.pageId, pageId), eq(pageMedia.role, role)));
    if (ids.length) await tx.insert(pageMedia).values(ids.map((mediaId) => ({ pageId, role, mediaId })));
  }

  async function lockPage(tx: Tx, id: number, version: number | undefined): Promise<PageRow> {
    const [row] = await tx.select().from(pages).where(eq(pages.id, id)).for('update');
    if (!row) throw notFound('Page');
    if (version !== undefined && row.version !== version) throw versionConflict('page', row.version, version);
    return row;
  }

  async function latestVersion(tx: DbOrTx, page: PageRow): Promise<VersionRow> {
    const [v] = await tx
      .select()
      .from(pageVersions)
      .where(and(eq(pageVersions.pageId, page.id), eq(pageVersions.n, page.draftN)));
    if (!v) throw new Error(`page ${page.id} has no version ${page.draftN}`);
    return v;
  }

  const sameAsWorkingCopy = (page: PageRow, input: PageInput) =>
    page.title === input.title &&
    page.slug === input.slug &&
    page.description === input.description &&
    page.ogImageMediaId === input.ogImageMediaId &&
    page.content === input.content;

  /** Writes `input` as the next version of the working copy. */
  async function saveIn(tx: Tx, page: PageRow, input: PageInput, actor: Actor, origin: string): Promise<PageRow> {
    await checkSlug(tx, input.slug, page);
    const media = await checkMedia(tx, input);
    const n = page.draftN + 1;
    const at = new Date(now());
    await tx.insert(pageVersions).values({ pageId: page.id, n, ...input, authorId: actor.userId, origin, createdAt: at });
    const [after] = await tx
      .update(pages)
      .set({ ...input, draftN: n, version: page.version + 1, updatedAt: at, updatedBy: actor.userId })
      .where(eq(pages.id, page.id))
      .returning();
    await setPageMedia(tx, page.id, 'draft', media);
    const changed = (['title', 'slug', 'description', 'ogImageMediaId'] as const).filter((k) => page[k] !== input[k]);
    await recordAudit(tx, actor, {
      action: 'UPDATE',
      tableName: 'pages',
      recordId: page.id,
      oldValues: { version: page.draftN, ...Object.fromEntries(changed.map((k) => [k, page[k]])) },
      newValues: { version: n, origin, ...Object.fromEntries(changed.map((k) => [k, input[k]])), contentChanged: page.content !== input.content },
    });
    return after!;
  }

  /** Makes version `v` the public one. */
  async function publishIn(tx: Tx, page: PageRow, v: VersionRow, actor: Actor, how: 'PUBLISH' | 'SCHEDULED_PUBLISH'): Promise<PageRow> {
    // The address the public will use must still be free (a page published meanwhile may hold it).
    await checkSlug(tx, v.slug, { ...page, slug: v.slug });
    const at = new Date(now());
    const [after] = await tx
      .update(pages)
      .set({
        status: 'published',
        publishedVersionId: v.id,
        publishedSlug: v.slug,
        publishedAt: at,
        scheduledPublishAt: null,
        scheduledVersionId: null,
        scheduledBy: null,
        scheduledJobId: null,
        version: page.version + 1,
        updatedAt: at,
        updatedBy: actor.userId,
      })
      .where(eq(pages.id, page.id))
      .returning();
    await setPageMedia(tx, page.id, 'published', await mediaOfVersion(tx, v));
    await recordAudit(tx, actor, {
      action: how,
      tableName: 'pages',
      recordId: page.id,
      oldValues: { status: page.status, publishedSlug: page.publishedSlug },
      newValues: { status: 'published', publishedSlug: v.slug, publishedVersion: v.n },
    });
    return after!;
  }

  /** A unique index still answers `slug_taken` when two saves race for one slug. */
  async function write<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    try {
      return await db.transaction(fn);
    } catch (err) {
      if (isUniqueViolation(err, 'pages_slug_key') || isUniqueViolation(err, 'pages_published_slug_key')) throw slugTaken();
      throw err;
    }
  }

  /**
   * A page's row with what its views add — the last editor's name, the published and scheduled
   * version numbers, a failed scheduled publish's error, the sharing image — read with the row in
   * one query (each per-row subquery runs for the rows returned, not for every page matched).
   */
  const detailColumns = {
    ...getTableColumns(pages),
    editorFirst: profiles.firstName,
    editorLast: profiles.lastName,
    publishedN: sql<number | null>`(select v.n from ${pageVersions} v where v.id = ${pages.publishedVersionId})`,
    scheduledN: sql<number | null>`(select v.n from ${pageVersions} v where v.id = ${pages.scheduledVersionId})`,
    scheduleError: sql<
      string | null
    >`(select coalesce(j.last_error, 'The scheduled publish failed.') from ${jobsTable} j where j.id = ${pages.scheduledJobId} and j.status = 'failed')`,
    og: mediaAssets,
  };
  const { content: _content, ...listColumns } = detailColumns;
  const selectDetails = () =>
    db.select(detailColumns).from(pages).leftJoin(profiles, eq(profiles.id, pages.updatedBy)).leftJoin(mediaAssets, eq(mediaAssets.id, pages.ogImageMediaId));
  type DetailRow = PageRow & {
    editorFirst: string | null;
    editorLast: string | null;
    publishedN: number | null;
    scheduledN: number | null;
    scheduleError: string | null;
    og: typeof mediaAssets.$inferSelect | null;
  };

  function toDetail(r: DetailRow): PageDetail {
    return { ...toListItem(r), content: r.content };
  }

  function toListItem(r: Omit<DetailRow, 'content'>): PageListItem {
    return {
      id: r.id,
      title: r.title,
      slug: r.slug,
      status: r.status,
      publishedSlug: r.publishedSlug,
      hasUnpublishedChanges: r.status === 'published' && r.publishedN !== r.draftN,
      updatedAt: isoString(r.updatedAt),
      updatedBy: r.updatedBy && r.editorFirst !== null ? nameOf(r.editorFirst, r.editorLast) : null,
      scheduledPublishAt: iso(r.scheduledPublishAt),
      scheduleError: r.scheduledJobId ? r.scheduleError : null,
      routePage: isRoutePageSlug(r.slug),
      version: r.version,
      description: r.description,
      ogImage: r.og ? toPickedMedia(r.og) : null,
      draftN: r.draftN,
      publishedN: r.publishedN,
      scheduledN: r.scheduledN,
      publishedAt: iso(r.publishedAt),
    };
  }

  async function get(id: number): Promise<PageDetail> {
    const [row] = await selectDetails().where(eq(pages.id, id));
    if (!row) throw notFound('Page');
    return toDetail(row);
  }

  async function imagesFor(source: string, ogImageMediaId: string | null = null): Promise<{ images: Map<string, PageImage>; og: PageImage | null }> {
    const ids = [...new Set([...imagesIn(source).ids, ...(ogImageMediaId ? [ogImageMediaId] : [])])];
    if (!ids.length) return { images: new Map(), og: null };
    const rows = await db
      .select({ id: mediaAssets.id, altText: mediaAssets.altText, width: mediaAssets.width, height: mediaAssets.height })
      .from(mediaAssets)
      .where(and(inArray(mediaAssets.id, ids), eq(mediaAssets.kind, 'image')));
    const images = new Map(rows.map((r) => [r.id, r]));
    return { images, og: ogImageMediaId ? (images.get(ogImageMediaId) ?? null) : null };
  }

  async function versionInfos(pageId: number, where?: SQL): Promise<PageVersionInfo[]> {
    const [page] = await db.select().from(pages).where(eq(pages.id, pageId));
    if (!page) throw notFound('Page');
    const author = alias(profiles, 'author');
    const rows = await db
      .select({ v: pageVersions, first: author.firstName, last: author.lastName })
      .from(pageVersions)
      .leftJoin(author, eq(author.id, pageVersions.authorId))
      .where(and(eq(pageVersions.pageId, pageId), where))
      .orderBy(desc(pageVersions.n));
    return rows.map(({ v, first, last }) => ({
      n: v.n,
      title: v.title,
      slug: v.slug,
      origin: v.origin,
      author: v.authorId ? nameOf(first, last) : null,
      createdAt: isoString(v.createdAt),
      published: v.id === page.publishedVersionId,
      scheduled: v.id === page.scheduledVersionId,
    }));
  }

  // The scheduled publish: runs once, on whichever instance claims it. A job no longer named by its
  // page (rescheduled, cancelled, published by hand, deleted) does nothing. A publish that cannot
  // happen (the address was taken meanwhile) fails for good and stays failed, shown on the page.
  jobs.handle(
    'pages.publish',
    async ({ pageId, versionId }, ctx) => {
      let published = false;
      try {
        await db.transaction(async (tx) => {
          const [page] = await tx.select().from(pages).where(eq(pages.id, pageId)).for('update');
          if (!page || page.scheduledJobId !== ctx.id) return;
          const [v] = await tx
            .select()
            .from(pageVersions)
            .where(and(eq(pageVersions.id, versionId), eq(pageVersions.pageId, pageId)));
          if (!v) throw new PermanentJobError('The scheduled version no longer exists.');
          await publishIn(tx, page, v, { userId: page.scheduledBy, ip: null }, 'SCHEDULED_PUBLISH');
          published = true;
        });
      } catch (err) {
        if (isRefusal(err)) {
          const detail = (err.details as { message?: string }[] | undefined)?.[0]?.message;
          throw new PermanentJobError(`Not published: ${detail ?? err.message}`);
        }
        throw err;
      }
      if (published) await content.changed(PAGES_DOMAIN);
    },
    { maxAttempts: 3, backoffMs: 5_000 },
  );

  // The pages list: search, status filter and order make its shape; their values and the page are bound.
  const listPage = preparedByShape((shape: { search: boolean; status: boolean; sort?: PageListQuery['sort']; dir?: PageListQuery['dir'] }) => {
    const t = pages;
    const q = sql.placeholder('q');
    const filters: SQL[] = [];
    if (shape.search) filters.push(or(ilike(t.title, q), ilike(t.slug, q))!);
    if (shape.status) filters.push(sql`${t.status} = ${sql.placeholder('status')}`);
    const where = filters.length ? and(...filters) : undefined;
    const column = shape.sort === 'title' ? t.title : shape.sort === 'slug' ? t.slug : t.updatedAt;
    // Without a choice: the latest edited first.
    const order = shape.sort ? (shape.dir === 'desc' ? desc : asc) : desc;
    return preparePage(
      db
        .select({ ...listColumns, matched: totalOf(db.select({ n: count() }).from(pages).where(where)) })
        .from(pages)
        .leftJoin(profiles, eq(profiles.id, pages.updatedBy))
        .leftJoin(mediaAssets, eq(mediaAssets.id, pages.ogImageMediaId))
        .where(where)
        .orderBy(order(column), asc(t.id)),
    );
  });

  return {
    useRouteTable(source) {
      routeTable = source;
    },

    async list(query) {
      const { rows, total } = await onePreparedPage(
        listPage({ search: Boolean(query.q), status: Boolean(query.status), sort: query.sort, dir: query.dir }),
        { q: query.q ? containsPattern(query.q) : null, status: query.status ?? null },
        query,
      );
      return { items: rows.map(toListItem), page: query.page, pageSize: query.pageSize, total };
    },

    get,

    async create(input, actor, options = {}) {
      let published = false;
      const id = await write(async (tx) => {
        await checkSlug(tx, input.slug, null);
        const media = await checkMedia(tx, input);
        const at = new Date(now());
        const [created] = await tx
          .insert(pages)
          .values({ ...input, draftN: 1, createdAt: at, updatedAt: at, createdBy: actor.userId, updatedBy: actor.userId })
          .returning();
        const page = created!;
        const [v] = await tx
          .insert(pageVersions)
          .values({ pageId: page.id, n: 1, ...input, authorId: actor.userId, origin: 'create', createdAt: at })
          .returning();
        await setPageMedia(tx, page.id, 'draft', media);
        const { content: _c, ...fields } = input;
        await recordAudit(tx, actor, { action: 'INSERT', tableName: 'pages', recordId: page.id, newValues: { ...fields, status: 'draft', version: 1 } });
        if (options.publish) {
          await publishIn(tx, page, v!, actor, 'PUBLISH');
          published = true;
        }
        return page.id;
      });
      if (published) await content.changed(PAGES_DOMAIN);
      return get(id);
    },

    async save(id, input, actor) {
      const { version, ...fields } = input;
      await write(async (tx) => {
        const page = await lockPage(tx, id, version);
        if (sameAsWorkingCopy(page, fields)) return;
        await saveIn(tx, page, fields, actor, 'save');
      });
      return get(id);
    },

    async publish(id, version, actor, input) {
      await write(async (tx) => {
        let page = await lockPage(tx, id, version);
        if (input && !sameAsWorkingCopy(page, input)) page = await saveIn(tx, page, input, actor, 'save');
        await publishIn(tx, page, await latestVersion(tx, page), actor, 'PUBLISH');
      });
      await content.changed(PAGES_DOMAIN);
      return get(id);
    },

    async unpublish(id, version, actor) {
      await write(async (tx) => {
        const page = await lockPage(tx, id, version);
        if (page.status !== 'published') throw new AppError('not_published', 'conflict', 'This page is not published.');
        await tx
          .update(pages)
          .set({
            status: 'draft',
            publishedVersionId: null,
            publishedSlug: null,
            publishedAt: null,
            version: page.version + 1,
            updatedAt: new Date(now()),
            updatedBy: actor.userId,
          })
          .where(eq(pages.id, id));
        await setPageMedia(tx, id, 'published', []);
        await recordAudit(tx, actor, {
          action: 'UNPUBLISH',
          tableName: 'pages',
          recordId: id,
          oldValues: { status: 'published', publishedSlug: page.publishedSlug },
          newValues: { status: 'draft' },
        });
      });
      await content.changed(PAGES_DOMAIN);
      return get(id);
    },

    async remove(id, version, actor) {
      let wasPublished = false;
      await write(async (tx) => {
        const page = await lockPage(tx, id, version);
        if (isRoutePageSlug(page.slug)) {
          throw new AppError('page_protected', 'conflict', `/${page.slug} shows this page: it cannot be deleted.`, {
            hint: 'Edit its content instead, or unpublish it.',
          });
        }
        wasPublished = page.status === 'published';
        // The pointers first: the versions go with the page.
        await tx
          .update(pages)
          .set({ status: 'draft', publishedVersionId: null, publishedSlug: null, scheduledVersionId: null, scheduledJobId: null })
          .where(eq(pages.id, id));
        await tx.delete(pages).where(eq(pages.id, id));
        await recordAudit(tx, actor, {
          action: 'DELETE',
          tableName: 'pages',
          recordId: id,
          oldValues: { title: page.title, slug: page.slug, status: page.status, publishedSlug: page.publishedSlug, versions: page.draftN },
        });
      });
      if (wasPublished) await content.changed(PAGES_DOMAIN);
    },

    versions: (id) => versionInfos(id),

    async diff(id, from, to) {
      const rows = await db
        .select()
        .from(pageVersions)
        .where(and(eq(pageVersions.pageId, id), inArray(pageVersions.n, [from, to])));
      const a = rows.find((r) => r.n === from);
      const b = rows.find((r) => r.n === to);
      if (!a || !b) throw notFound('Version');
      const infos = await versionInfos(id, inArray(pageVersions.n, [from, to]));
      const fields = (['title', 'slug', 'description'] as const).filter((k) => a[k] !== b[k]).map((k) => ({ field: k, from: a[k], to: b[k] }));
      const lines = diffLines(a.content, b.content).flatMap((part) =>
        part.value
          .replace(/\n$/, '')
          .split('\n')
          .map((text) => ({ kind: part.added ? ('added' as const) : part.removed ? ('removed' as const) : ('same' as const), text })),
      );
      return { from: infos.find((i) => i.n === from)!, to: infos.find((i) => i.n === to)!, fields, lines };
    },

    async restore(id, n, version, actor) {
      await write(async (tx) => {
        const page = await lockPage(tx, id, version);
        const [v] = await tx
          .select()
          .from(pageVersions)
          .where(and(eq(pageVersions.pageId, id), eq(pageVersions.n, n)));
        if (!v) throw notFound('Version');
        const input: PageInput = { title: v.title, slug: v.slug, description: v.description, ogImageMediaId: v.ogImageMediaId, content: v.content };
        // The working copy becomes that version again, as a new version: nothing is lost, the public page is unchanged.
        await saveIn(tx, page, input, actor, `restore:${n}`);
      });
      return get(id);
    },

    async schedule(id, at, version, actor) {
      if (at.getTime() <= now()) throw fieldError('at', 'Choose a time in the future.');
      await write(async (tx) => {
        const page = await lockPage(tx, id, version);
        const v = await latestVersion(tx, page);
        const key = `pages.publish:${id}:${v.id}:${at.toISOString()}`;
        let jobId = await jobs.enqueue(tx, 'pages.publish', { pageId: id, versionId: v.id }, { runAt: at, uniqueKey: key });
        if (jobId === null) {
          const [existing] = await tx.select({ id: jobsTable.id }).from(jobsTable).where(eq(jobsTable.uniqueKey, key));
          jobId = existing?.id ?? null;
        }
        await tx
          .update(pages)
          .set({
            scheduledPublishAt: at,
            scheduledVersionId: v.id,
            scheduledBy: actor.userId,
            scheduledJobId: jobId,
            version: page.version + 1,
            updatedAt: new Date(now()),
            updatedBy: actor.userId,
          })
          .where(eq(pages.id, id));
        await recordAudit(tx, actor, {
          action: 'SCHEDULE_PUBLISH',
          tableName: 'pages',
          recordId: id,
          oldValues: { scheduledPublishAt: iso(page.scheduledPublishAt) },
          newValues: { scheduledPublishAt: at.toISOString(), version: v.n },
        });
      });
      return get(id);
    },

    async cancelSchedule(id, version, actor) {
      await write(async (tx) => {
        const page = await lockPage(tx, id, version);
        if (!page.scheduledPublishAt) throw new AppError('not_scheduled', 'conflict', 'No publish is scheduled for this page.');
        // The queued job finds its page no longer names it and does nothing.
        await tx
          .update(pages)
          .set({
            scheduledPublishAt: null,
            scheduledVersionId: null,
            scheduledBy: null,
            scheduledJobId: null,
            version: page.version + 1,
            updatedAt: new Date(now()),
          })
          .where(eq(pages.id, id));
        await recordAudit(tx, actor, {
          action: 'CANCEL_SCHEDULE',
          tableName: 'pages',
          recordId: id,
          oldValues: { scheduledPublishAt: iso(page.scheduledPublishAt) },
          newValues: { scheduledPublishAt: null },
        });
      });
      return get(id);
    },

    async preview({ title, content: source }) {
      const { images } = await imagesFor(source);
      const r = renderMarkdown(source, images);
      return { title, html: r.html, words: r.words };
    },

    async siteSegments() {
      if (!routeTable) throw new Error('pages: the route table is not known yet (createApp sets it)');
      return [...(await routeTable())];
    },

    publicPage(slug) {
      return cached(`page:${slug}`, async (): Promise<PublicPage | null> => {
        const [row] = await db
          .select({ v: pageVersions, publishedAt: pages.publishedAt })
          .from(pages)
          .innerJoin(pageVersions, eq(pageVersions.id, pages.publishedVersionId))
          .where(and(eq(pages.publishedSlug, slug), eq(pages.status, 'published')));
        if (!row) return null;
        const { v } = row;
        const { images, og } = await imagesFor(v.content, v.ogImageMediaId);
        const r = renderMarkdown(v.content, images);
        return {
          slug,
          title: v.title,
          description: v.description,
          html: r.html,
          headings: r.headings,
          ogImage: og ? { url: `/media/${og.id}/web`, alt: og.altText || v.title } : null,
          publishedAt: (row.publishedAt ?? v.createdAt).toISOString(),
          words: r.words,
        };
      });
    },

    async publishedPages() {
      const rows = await db
        .select({ slug: pages.publishedSlug, publishedAt: pages.publishedAt })
        .from(pages)
        .where(eq(pages.status, 'published'))
        .orderBy(asc(pages.publishedSlug));
      return rows.map((r) => ({ slug: r.slug!, publishedAt: (r.publishedAt ?? new Date(0)).toISOString() }));
    },
  };
}
