// Staff side of the cocktails: the list with search, filters, sort and pages; the editor's read;
// create, update, publish and delete. Every write checks the image and product links, runs in one
// transaction with its audit row (ingredients included), and then tells the public caches.
import { and, asc, count, desc, eq, ilike, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import { onePreparedPage, preparePage, totalOf } from '../../db/paged';
import { preparedByShape } from '../../db/prepared';
import type { CocktailUnit } from '../../../shared/cocktail-constants';
import { mediaUrl } from '../../../shared/media';
import type { AdminPage } from '../../../shared/schemas/admin';
import type {
  CocktailAdminQuery,
  CocktailAdminRow,
  CocktailEdit,
  CocktailInput,
  CocktailProductOption,
  CocktailUpdate,
} from '../../../shared/schemas/cocktails';
import type { ContentVersion } from '../../cache/content-version';
import type { Db, DbOrTx } from '../../db/client';
import { cocktailIngredients, cocktails, mediaAssets, products } from '../../db/schema';
import { AppError, invalidFields, isUniqueViolation, notFound, versionConflict } from '../../core/errors';
import { type Actor } from '../../core/actor';
import { recordAudit } from '../audit';
import { containsPattern } from '../../db/like';
import { toPickedMedia } from '../media';
import { isoString } from '../../core/iso-time';

export interface CocktailAdmin {
  adminList(query: CocktailAdminQuery): Promise<AdminPage<CocktailAdminRow>>;
  getForEdit(id: number): Promise<CocktailEdit>;
  /** Products the "Our product" select offers: all but archived ones, plus any of `keep`. */
  productOptions(keep?: number[]): Promise<CocktailProductOption[]>;
  create(input: CocktailInput, actor: Actor): Promise<CocktailEdit>;
  /** Refused with 409 `version_conflict` when `input.version` is not the stored one. */
  update(id: number, input: CocktailUpdate, actor: Actor): Promise<CocktailEdit>;
  setPublished(id: number, published: boolean, version: number, actor: Actor): Promise<CocktailEdit>;
  /** `version`, when given, must be the stored one. */
  remove(id: number, version: number | undefined, actor: Actor): Promise<void>;
}

type CocktailRow = typeof cocktails.$inferSelect;
type Issue = { path: string; message: string };

/** What the audit log keeps of a recipe: every field staff edit, ingredients in order. */
type Snapshot = Omit<CocktailInput, 'imageMediaId'> & { imageMediaId: string | null; imageUrl: string };

const PRODUCT_OPTIONS_MAX = 1000;

const SORTS = {
  name: cocktails.name,
  baseSpirit: cocktails.baseSpirit,
  difficulty: cocktails.difficulty,
  updatedAt: cocktails.updatedAt,
} as const;

function slugTaken(slug: string): AppError {
  return new AppError('slug_taken', 'conflict', `Another recipe already uses the slug "${slug}".`, {
    details: [{ path: 'slug', message: 'This slug is taken: choose another.' }],
    hint: 'Slugs are the address of the recipe (/cocktails/<slug>) and must be unique.',
  });
}

/**
 * The picture the public page shows. A chosen library image wins; without one a seeded recipe keeps
 * its built-in picture, while one whose library image was removed has none (and cannot be published).
 */
function resolveImage(mediaId: string | null, current?: Pick<CocktailRow, 'imageUrl' | 'imageMediaId'>) {
  if (mediaId) return { imageUrl: mediaUrl(mediaId, 'web'), imageMediaId: mediaId };
  if (current && !current.imageMediaId) return { imageUrl: current.imageUrl, imageMediaId: null };
  return { imageUrl: '', imageMediaId: null };
}

async function ingredientRows(db: DbOrTx, cocktailId: number) {
  return db
    .select({ name: cocktailIngredients.name, amount: cocktailIngredients.amount, unit: cocktailIngredients.unit, productId: cocktailIngredients.productId })
    .from(cocktailIngredients)
    .where(eq(cocktailIngredients.cocktailId, cocktailId))
    .orderBy(asc(cocktailIngredients.position));
}

async function snapshot(tx: DbOrTx, row: CocktailRow): Promise<Snapshot> {
  const ingredients = await ingredientRows(tx, row.id);
  return {
    name: row.name,
    slug: row.slug,
    description: row.description,
    baseSpirit: row.baseSpirit as Snapshot['baseSpirit'],
    glass: row.glass,
    difficulty: row.difficulty,
    prepMinutes: row.prepMinutes,
    ingredients: ingredients.map((i) => ({ ...i, amount: i.amount === null ? null : Number(i.amount), unit: i.unit as CocktailUnit | null })),
    steps: row.steps,
    imageMediaId: row.imageMediaId,
    imageUrl: row.imageUrl,
    featured: row.featured,
    published: row.published,
  };
}

/** The links a recipe makes — its image and our products — must point at things that exist. */
async function checkLinks(tx: DbOrTx, input: CocktailInput, image: { imageUrl: string }): Promise<void> {
  const issues: Issue[] = [];
  if (input.imageMediaId) {
    const [media] = await tx.select({ kind: mediaAssets.kind }).from(mediaAssets).where(eq(mediaAssets.id, input.imageMediaId));
    if (!media) issues.push({ path: 'imageMediaId', message: 'That image is not in the media library any more.' });
    else if (media.kind !== 'image') issues.push({ path: 'imageMediaId', message: 'Choose an image, not a document.' });
  } else if (input.published && !image.imageUrl) {
    issues.push({ path: 'imageMediaId', message: 'Choose an image before publishing the recipe.' });
  }
  const ids = [...new Set(input.ingredients.map((i) => i.productId).filter((id): id is number => id !== null))];
  if (ids.length > 0) {
    const found = new Set((await tx.select({ id: products.id }).from(products).where(inArray(products.id, ids))).map((p) => p.id));
    input.ingredients.forEach((i, n) => {
      if (i.productId !== null && !found.has(i.productId)) issues.push({ path: `ingredients.${n}.productId`, message: 'That product does not exist.' });
    });
  }
  if (issues.length > 0) throw invalidFields(issues);
}

async function assertSlugFree(tx: DbOrTx, slug: string, exceptId?: number): Promise<void> {
  const [other] = await tx
    .select({ id: cocktails.id })
    .from(cocktails)
    .where(and(eq(cocktails.slug, slug), exceptId === undefined ? undefined : ne(cocktails.id, exceptId)))
    .limit(1);
  if (other) throw slugTaken(slug);
}

async function writeIngredients(tx: DbOrTx, cocktailId: number, input: CocktailInput): Promise<void> {
  await tx.delete(cocktailIngredients).where(eq(cocktailIngredients.cocktailId, cocktailId));
  await tx
    .insert(cocktailIngredients)
    .values(input.ingredients.map((i, n) => ({ cocktailId, position: n + 1, name: i.name, amount: i.amount, unit: i.unit, productId: i.productId })));
}

async function lockRow(tx: DbOrTx, id: number, version: number | undefined): Promise<CocktailRow> {
  const [row] = await tx.select().from(cocktails).where(eq(cocktails.id, id)).for('update');
  if (!row) throw notFound('Cocktail');
  if (version !== undefined && row.version !== version) throw versionConflict('recipe', row.version, version);
  return row;
}

export function createCocktailAdmin(db: Db, content: ContentVersion): CocktailAdmin {
  /** A change the public can see (the recipe is or was published) drops every public cache. */
  const published = async (before: boolean, after: boolean) => {
    if (before || after) await content.changed('cocktails');
  };

  /** Maps the slug index to `slug_taken` when two saves race past the check. */
  async function guardSlug<T>(slug: string, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (err) {
      if (isUniqueViolation(err, 'cocktails_slug_key')) throw slugTaken(slug);
      throw err;
    }
  }

  // The staff list, prepared once per shape (`prepared.ts`): which filters are present, the order;
  // the search pattern, the published flag and the base spirit are bound.
  const adminPage = preparedByShape((shape: { search: boolean; published: boolean; baseSpirit: boolean; sort: keyof typeof SORTS; dir?: 'asc' | 'desc' }) => {
    const where: SQL[] = [];
    if (shape.search) {
      const like = sql.placeholder('q');
      where.push(or(ilike(cocktails.name, like), ilike(cocktails.slug, like), ilike(cocktails.glass, like)) as SQL);
    }
    if (shape.published) where.push(sql`${cocktails.published} = ${sql.placeholder('published')}`);
    if (shape.baseSpirit) where.push(sql`${cocktails.baseSpirit} = ${sql.placeholder('baseSpirit')}`);
    const column = SORTS[shape.sort];
    return preparePage(
      db
        .select({
          id: cocktails.id,
          slug: cocktails.slug,
          name: cocktails.name,
          baseSpirit: cocktails.baseSpirit,
          difficulty: cocktails.difficulty,
          glass: cocktails.glass,
          published: cocktails.published,
          featured: cocktails.featured,
          imageUrl: cocktails.imageUrl,
          ingredientCount: sql<number>`(select count(*)::int from ${cocktailIngredients} where ${cocktailIngredients.cocktailId} = ${cocktails.id})`,
          updatedAt: cocktails.updatedAt,
          matched: totalOf(
            db
              .select({ n: count() })
              .from(cocktails)
              .where(and(...where)),
          ),
        })
        .from(cocktails)
        .where(and(...where))
        .orderBy(shape.dir === 'desc' ? desc(column) : asc(column), asc(cocktails.id)),
    );
  });

  const admin: CocktailAdmin = {
    async adminList(query) {
      const { rows, total } = await onePreparedPage(
        adminPage({
          search: Boolean(query.q),
          published: query.published !== undefined,
          baseSpirit: Boolean(query.baseSpirit),
          sort: query.sort ?? 'name',
          dir: query.dir,
        }),
        { q: query.q ? containsPattern(query.q) : null, published: query.published ?? null, baseSpirit: query.baseSpirit ?? null },
        query,
      );
      return {
        items: rows.map((r) => ({ ...r, ingredientCount: Number(r.ingredientCount), updatedAt: isoString(r.updatedAt) })),
        page: query.page,
        pageSize: query.pageSize,
        total,
      };
    },

    async getForEdit(id) {
      const [found] = await db
        .select({ cocktail: cocktails, media: mediaAssets })
        .from(cocktails)
        .leftJoin(mediaAssets, eq(mediaAssets.id, cocktails.imageMediaId))
        .where(eq(cocktails.id, id));
      if (!found) throw notFound('Cocktail');
      const { cocktail: row, media } = found;
      const rows = await db
        .select({
          name: cocktailIngredients.name,
          amount: cocktailIngredients.amount,
          unit: cocktailIngredients.unit,
          productId: cocktailIngredients.productId,
          product: { id: products.id, slug: products.slug, name: products.name },
        })
        .from(cocktailIngredients)
        .leftJoin(products, eq(products.id, cocktailIngredients.productId))
        .where(eq(cocktailIngredients.cocktailId, id))
        .orderBy(asc(cocktailIngredients.position));
      return {
        id: row.id,
        slug: row.slug,
        name: row.name,
        description: row.description,
        baseSpirit: row.baseSpirit,
        glass: row.glass,
        difficulty: row.difficulty,
        prepMinutes: row.prepMinutes,
        featured: row.featured,
        published: row.published,
        version: row.version,
        imageUrl: row.imageUrl,
        image: media ? toPickedMedia(media) : null,
        ingredients: rows.map((r) => ({ ...r, amount: r.amount === null ? null : Number(r.amount), unit: r.unit as CocktailUnit | null })),
        steps: row.steps,
        updatedAt: row.updatedAt.toISOString(),
      };
    },

    async productOptions(keep = []) {
      const ids = keep.filter((id) => Number.isInteger(id) && id > 0);
      return db
        .select({ id: products.id, name: products.name, status: products.status })
        .from(products)
        .where(ids.length > 0 ? or(ne(products.status, 'archived'), inArray(products.id, ids)) : ne(products.status, 'archived'))
        .orderBy(asc(products.name), asc(products.id))
        .limit(PRODUCT_OPTIONS_MAX);
    },

    async create(input, actor) {
      const id = await guardSlug(input.slug, () =>
        db.transaction(async (tx) => {
          await assertSlugFree(tx, input.slug);
          const image = resolveImage(input.imageMediaId);
          await checkLinks(tx, input, image);
          const { ingredients: _ingredients, imageMediaId: _media, ...fields } = input;
          const [row] = await tx
            .insert(cocktails)
            .values({ ...fields, ...image })
            .returning();
          const created = row as CocktailRow;
          await writeIngredients(tx, created.id, input);
          await recordAudit(tx, actor, { action: 'INSERT', tableName: 'cocktails', recordId: created.id, newValues: await snapshot(tx, created) });
          return created.id;
        }),
      );
      await published(false, input.published);
      return admin.getForEdit(id);
    },

    async update(id, input, actor) {
      const { version, ...recipe } = input;
      const wasPublished = await guardSlug(input.slug, () =>
        db.transaction(async (tx) => {
          const current = await lockRow(tx, id, version);
          await assertSlugFree(tx, recipe.slug, id);
          const image = resolveImage(recipe.imageMediaId, current);
          await checkLinks(tx, recipe, image);
          const before = await snapshot(tx, current);
          const { ingredients: _ingredients, imageMediaId: _media, ...fields } = recipe;
          const [row] = await tx
            .update(cocktails)
            .set({ ...fields, ...image, version: current.version + 1, updatedAt: new Date() })
            .where(eq(cocktails.id, id))
            .returning();
          await writeIngredients(tx, id, recipe);
          await recordAudit(tx, actor, {
            action: 'UPDATE',
            tableName: 'cocktails',
            recordId: id,
            oldValues: before,
            newValues: await snapshot(tx, row as CocktailRow),
          });
          return current.published;
        }),
      );
      await published(wasPublished, recipe.published);
      return admin.getForEdit(id);
    },

    async setPublished(id, publish, version, actor) {
      const wasPublished = await db.transaction(async (tx) => {
        const current = await lockRow(tx, id, version);
        if (publish && !current.imageUrl) throw invalidFields([{ path: 'imageMediaId', message: 'Choose an image before publishing the recipe.' }]);
        await tx
          .update(cocktails)
          .set({ published: publish, version: current.version + 1, updatedAt: new Date() })
          .where(eq(cocktails.id, id));
        await recordAudit(tx, actor, {
          action: 'UPDATE',
          tableName: 'cocktails',
          recordId: id,
          oldValues: { published: current.published },
          newValues: { published: publish },
        });
        return current.published;
      });
      await published(wasPublished, publish);
      return admin.getForEdit(id);
    },

    async remove(id, version, actor) {
      const wasPublished = await db.transaction(async (tx) => {
        const current = await lockRow(tx, id, version);
        const before = await snapshot(tx, current);
        // Ingredient rows go with the recipe (ON DELETE CASCADE); nothing else refers to a recipe.
        await tx.delete(cocktails).where(eq(cocktails.id, id));
        await recordAudit(tx, actor, { action: 'DELETE', tableName: 'cocktails', recordId: id, oldValues: before });
        return current.published;
      });
      await published(wasPublished, false);
    },
  };
  return admin;
}
