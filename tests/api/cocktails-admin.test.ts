// Staff cocktail API: CRUD with validation, permissions per role, optimistic concurrency, unique
// slugs, audit rows, and published recipes showing up at once on the public API and pages.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { CocktailAdminRow, CocktailEdit, CocktailInput } from '../../shared/schemas/cocktails';
import type { AdminPage } from '../../shared/schemas/admin';
import { auditLogs, cocktailIngredients, mediaAssets, products } from '../../server/db/schema';
import type { Client } from '../support/client';
import { signedIn } from '../support/staff';
import { passGate, startTestServer, type TestServer } from '../support/test-server';

let t: TestServer;
type Staff = Client & { userId: string };
let admin: Staff;
let employee: Staff;
let partner: Staff;
let gate: string;
let imageId: string;
let pdfId: string;
let ginId: number;

const db = () => t.db.database.db;

async function insertMedia(kind: 'image' | 'document', mimeType: string, name: string): Promise<string> {
  const [row] = await db()
    .insert(mediaAssets)
    .values({
      kind,
      mimeType,
      originalName: name,
      sizeBytes: 1234,
      sha256: 'x'.repeat(64),
      storageKey: `test/${name}`,
      webKey: kind === 'image' ? `test/web-${name}` : null,
    })
    .returning({ id: mediaAssets.id });
  return row!.id;
}

beforeAll(async () => {
  t = await startTestServer();
  [admin, employee, partner] = await Promise.all([signedIn(t, 'admin', 'ck'), signedIn(t, 'employee', 'ck'), signedIn(t, 'partner', 'ck')]);
  gate = await passGate(t.url, 'GB');
  imageId = await insertMedia('image', 'image/png', 'sour.png');
  pdfId = await insertMedia('document', 'application/pdf', 'brochure.pdf');
  const [gin] = await db().select({ id: products.id }).from(products).where(eq(products.slug, 'frolic-london-dry-gin'));
  ginId = gin!.id;
});
afterAll(async () => {
  await t?.close();
});

function recipe(over: Partial<CocktailInput> = {}): CocktailInput {
  return {
    name: 'Garden Sour',
    slug: 'garden-sour',
    description: 'Our London Dry shaken with lemon, sugar and cucumber: bright and green.',
    baseSpirit: 'gin',
    glass: 'Coupe',
    difficulty: 'medium',
    prepMinutes: 4,
    ingredients: [
      { name: 'Frolic London Dry Gin', amount: 50, unit: 'ml', productId: ginId },
      { name: 'fresh lemon juice', amount: 22.5, unit: 'ml', productId: null },
      { name: 'egg white', amount: 1, unit: null, productId: null },
      { name: 'soda water', amount: null, unit: 'to top', productId: null },
    ],
    steps: ['Dry shake everything but the soda.', 'Shake again with ice and strain into a coupe.', 'Top with a splash of soda.'],
    imageMediaId: imageId,
    featured: false,
    published: false,
    ...over,
  };
}

const errorOf = async (res: Response) => ((await res.json()) as { error: { code: string; details?: { path: string; message: string }[] } }).error;
const paths = (e: { details?: { path: string }[] }) => (e.details ?? []).map((d) => d.path).sort();

async function create(over: Partial<CocktailInput> = {}, as: Client = admin): Promise<CocktailEdit> {
  const res = await as.json('POST', '/api/admin/cocktails', recipe(over));
  expect(res.status).toBe(201);
  return (await res.json()).cocktail;
}

const page = (path: string) => fetch(`${t.url}${path}`, { headers: { cookie: gate } });
const publicNames = async () => ((await (await page('/api/cocktails')).json()) as { items: { name: string }[] }).items.map((c) => c.name);

describe('validation', () => {
  it('refuses a recipe without ingredients or steps, with a bad unit or amount, naming each field', async () => {
    const res = await admin.json('POST', '/api/admin/cocktails', {
      ...recipe(),
      ingredients: [],
      steps: ['  '],
    });
    expect(res.status).toBe(400);
    const e = await errorOf(res);
    expect(e.code).toBe('validation_failed');
    expect(paths(e)).toEqual(['ingredients', 'steps.0']);

    const bad = await admin.json('POST', '/api/admin/cocktails', {
      ...recipe({ slug: 'Not A Slug', difficulty: 'extreme' as never }),
      ingredients: [
        { name: 'gin', amount: 50, unit: 'pint', productId: null },
        { name: '', amount: -1, unit: 'ml', productId: null },
        { name: 'tonic', amount: 100, unit: 'to top', productId: null },
        { name: 'ice', amount: null, unit: 'ml', productId: null },
      ],
    });
    expect(bad.status).toBe(400);
    expect(paths(await errorOf(bad))).toEqual([
      'difficulty',
      'ingredients.0.unit',
      'ingredients.1.amount',
      'ingredients.1.name',
      'ingredients.2.amount',
      'ingredients.3.amount',
      'slug',
    ]);
  });

  it('refuses a product that does not exist, naming the ingredient', async () => {
    const res = await admin.json(
      'POST',
      '/api/admin/cocktails',
      recipe({
        ingredients: [
          { name: 'gin', amount: 50, unit: 'ml', productId: ginId },
          { name: 'lemon', amount: 20, unit: 'ml', productId: null },
          { name: 'mystery spirit', amount: 10, unit: 'ml', productId: 999_999 },
        ],
      }),
    );
    expect(res.status).toBe(400);
    const e = await errorOf(res);
    expect(e.code).toBe('validation_failed');
    expect(paths(e)).toEqual(['ingredients.2.productId']);
    // Beyond the id column's range: the same field error, not a database error.
    const huge = await admin.json(
      'POST',
      '/api/admin/cocktails',
      recipe({ ingredients: [{ name: 'gin', amount: 50, unit: 'ml', productId: 99_999_999_999 }] }),
    );
    expect(huge.status).toBe(400);
    expect(paths(await errorOf(huge))).toEqual(['ingredients.0.productId']);
  });

  it('refuses an image that is not in the library, or is a PDF, and publishing without an image', async () => {
    const missing = await admin.json('POST', '/api/admin/cocktails', recipe({ imageMediaId: '00000000-0000-4000-8000-000000000000' }));
    expect(missing.status).toBe(400);
    expect(paths(await errorOf(missing))).toEqual(['imageMediaId']);
    const pdf = await admin.json('POST', '/api/admin/cocktails', recipe({ imageMediaId: pdfId }));
    expect(pdf.status).toBe(400);
    expect((await errorOf(pdf)).details).toEqual([{ path: 'imageMediaId', message: 'Choose an image, not a document.' }]);
    const noImage = await admin.json('POST', '/api/admin/cocktails', recipe({ imageMediaId: null, published: true }));
    expect(noImage.status).toBe(400);
    expect(paths(await errorOf(noImage))).toEqual(['imageMediaId']);
  });
});

describe('permissions', () => {
  it('lets no one in without a session, and no partner', async () => {
    expect((await fetch(`${t.url}/api/admin/cocktails`)).status).toBe(401);
    const res = await partner.json('GET', '/api/admin/cocktails');
    expect(res.status).toBe(403);
    expect((await errorOf(res)).code).toBe('forbidden');
    expect((await partner.json('POST', '/api/admin/cocktails', recipe({ slug: 'partner-sour' }))).status).toBe(403);
  });

  it('lets an employee create and edit, but not delete; an admin deletes', async () => {
    const made = await create({ slug: 'employee-sour', name: 'Employee Sour' }, employee);
    const edited = await employee.json('PUT', `/api/admin/cocktails/${made.id}`, {
      ...recipe({ slug: 'employee-sour', name: 'Employee Sour II' }),
      version: made.version,
    });
    expect(edited.status).toBe(200);
    const denied = await employee.json('DELETE', `/api/admin/cocktails/${made.id}`);
    expect(denied.status).toBe(403);
    expect((await errorOf(denied)).code).toBe('forbidden');
    expect((await admin.json('DELETE', `/api/admin/cocktails/${made.id}`)).status).toBe(204);
    expect((await admin.json('GET', `/api/admin/cocktails/${made.id}`)).status).toBe(404);
    expect(await db().select().from(cocktailIngredients).where(eq(cocktailIngredients.cocktailId, made.id))).toEqual([]);
  });
});

describe('create, read, update, publish, delete', () => {
  it('creates a draft, keeps ingredient order and links, and reads it back for the editor', async () => {
    const made = await create();
    expect(made).toMatchObject({
      name: 'Garden Sour',
      slug: 'garden-sour',
      published: false,
      version: 1,
      imageUrl: `/media/${imageId}/web`,
      steps: recipe().steps,
    });
    expect(made.image).toMatchObject({
      id: imageId,
      kind: 'image',
      originalName: 'sour.png',
      url: `/media/${imageId}/web`,
      thumbUrl: `/media/${imageId}/thumb`,
    });
    expect(made.ingredients).toEqual([
      {
        name: 'Frolic London Dry Gin',
        amount: 50,
        unit: 'ml',
        productId: ginId,
        product: { id: ginId, slug: 'frolic-london-dry-gin', name: 'Frolic London Dry Gin' },
      },
      { name: 'fresh lemon juice', amount: 22.5, unit: 'ml', productId: null, product: null },
      { name: 'egg white', amount: 1, unit: null, productId: null, product: null },
      { name: 'soda water', amount: null, unit: 'to top', productId: null, product: null },
    ]);
    const read = await admin.json('GET', `/api/admin/cocktails/${made.id}`);
    expect(read.headers.get('cache-control')).toBe('no-store');
    expect((await read.json()).cocktail).toEqual(made);

    const [audit] = await db()
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.tableName, 'cocktails'), eq(auditLogs.recordId, String(made.id))));
    expect(audit).toMatchObject({ action: 'INSERT', userId: admin.userId, oldValues: null });
    expect(audit!.newValues).toMatchObject({ name: 'Garden Sour', imageMediaId: imageId, ingredients: recipe().ingredients });
  });

  it('refuses a duplicate slug with 409 slug_taken on create and update', async () => {
    const dup = await admin.json('POST', '/api/admin/cocktails', recipe({ slug: 'negroni' }));
    expect(dup.status).toBe(409);
    const e = await errorOf(dup);
    expect(e.code).toBe('slug_taken');
    expect(paths(e)).toEqual(['slug']);
    const [row] = (await (await admin.json('GET', '/api/admin/cocktails?q=garden-sour')).json()).items as CocktailAdminRow[];
    const res = await admin.json('PUT', `/api/admin/cocktails/${row!.id}`, { ...recipe({ slug: 'negroni' }), version: 1 });
    expect(res.status).toBe(409);
    expect((await errorOf(res)).code).toBe('slug_taken');
  });

  it('a draft stays off the public site; publishing shows it at once, with its ingredients and image', async () => {
    // Warm every public cache first: the change must get past them.
    const before = await publicNames();
    expect((await page('/cocktails')).status).toBe(200);
    expect((await page('/products/frolic-london-dry-gin')).status).toBe(200);
    const [row] = (await (await admin.json('GET', '/api/admin/cocktails?q=Garden')).json()).items as CocktailAdminRow[];
    expect(before).not.toContain('Garden Sour');
    expect((await page('/cocktails/garden-sour')).status).toBe(404);
    expect((await page(`/api/cocktails/${row!.id}`)).status).toBe(404);

    const current = (await (await admin.json('GET', `/api/admin/cocktails/${row!.id}`)).json()).cocktail as CocktailEdit;
    const saved = await employee.json('PUT', `/api/admin/cocktails/${row!.id}`, {
      ...recipe({ published: true, ingredients: [...recipe().ingredients].reverse() }),
      version: current.version,
    });
    expect(saved.status).toBe(200);
    const after = (await saved.json()).cocktail as CocktailEdit;
    expect(after.version).toBe(current.version + 1);
    expect(after.ingredients.map((i) => i.name)).toEqual(['soda water', 'egg white', 'fresh lemon juice', 'Frolic London Dry Gin']);

    expect(await publicNames()).toContain('Garden Sour');
    const detail = (await (await page(`/api/cocktails/${row!.id}`)).json()).cocktail;
    expect(detail).toMatchObject({ slug: 'garden-sour', imageUrl: `/media/${imageId}/web` });
    for (const path of ['/cocktails/garden-sour', `/cocktails/${row!.id}`]) {
      const html = await (await page(path)).text();
      expect(html).toContain('Garden Sour');
      expect(html).toContain('fresh lemon juice');
      expect(html).toContain(`/media/${imageId}/web`);
    }
    expect(await (await page('/cocktails')).text()).toContain('Garden Sour');
    expect(await (await page('/products/frolic-london-dry-gin')).text()).toContain('Garden Sour');

    const audits = await db()
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.tableName, 'cocktails'), eq(auditLogs.recordId, String(row!.id)), eq(auditLogs.action, 'UPDATE')));
    const publish = audits.find((a) => (a.newValues as { published?: boolean }).published === true);
    expect(publish!.userId).toBe(employee.userId);
    expect((publish!.oldValues as { published: boolean; ingredients: { name: string }[] }).published).toBe(false);
    expect((publish!.oldValues as { ingredients: { name: string }[] }).ingredients[0]!.name).toBe('Frolic London Dry Gin');
    expect((publish!.newValues as { ingredients: { name: string }[] }).ingredients[0]!.name).toBe('soda water');
  });

  it('refuses a save over a newer version with 409 version_conflict, changing nothing', async () => {
    const [row] = (await (await admin.json('GET', '/api/admin/cocktails?q=garden')).json()).items as CocktailAdminRow[];
    const res = await admin.json('PUT', `/api/admin/cocktails/${row!.id}`, { ...recipe({ name: 'Stale Sour', published: true }), version: 1 });
    expect(res.status).toBe(409);
    const body = await res.json();
    expect(body.error.code).toBe('version_conflict');
    expect(body.error.details).toMatchObject({ yourVersion: 1 });
    expect(body.error.hint).toBeTruthy();
    expect((await (await admin.json('GET', `/api/admin/cocktails/${row!.id}`)).json()).cocktail.name).toBe('Garden Sour');
  });

  it('unpublishing takes it off the public site at once; deleting removes it with an audit row', async () => {
    const [row] = (await (await admin.json('GET', '/api/admin/cocktails?q=garden')).json()).items as CocktailAdminRow[];
    const current = (await (await admin.json('GET', `/api/admin/cocktails/${row!.id}`)).json()).cocktail as CocktailEdit;
    expect((await admin.json('POST', `/api/admin/cocktails/${row!.id}/unpublish`, { version: current.version - 1 })).status).toBe(409);
    const off = await employee.json('POST', `/api/admin/cocktails/${row!.id}/unpublish`, { version: current.version });
    expect(off.status).toBe(200);
    expect(await publicNames()).not.toContain('Garden Sour');
    expect((await page('/cocktails/garden-sour')).status).toBe(404);
    expect(await (await page('/products/frolic-london-dry-gin')).text()).not.toContain('Garden Sour');

    expect((await admin.json('DELETE', `/api/admin/cocktails/${row!.id}?version=1`)).status).toBe(409);
    expect((await admin.json('DELETE', `/api/admin/cocktails/${row!.id}`)).status).toBe(204);
    const [gone] = await db()
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.tableName, 'cocktails'), eq(auditLogs.recordId, String(row!.id)), eq(auditLogs.action, 'DELETE')));
    expect(gone!.oldValues).toMatchObject({ name: 'Garden Sour', published: false, ingredients: expect.any(Array) });
    expect((await admin.json('DELETE', `/api/admin/cocktails/${row!.id}`)).status).toBe(404);
  });

  it('edits a seeded recipe without an uploaded image and keeps its built-in picture', async () => {
    const [row] = (await (await admin.json('GET', '/api/admin/cocktails?q=negroni')).json()).items as CocktailAdminRow[];
    const seeded = (await (await admin.json('GET', `/api/admin/cocktails/${row!.id}`)).json()).cocktail as CocktailEdit;
    expect(seeded.image).toBeNull();
    const { id: _id, version, image: _image, imageUrl, updatedAt: _u, ingredients, ...rest } = seeded;
    const res = await admin.json('PUT', `/api/admin/cocktails/${row!.id}`, {
      ...rest,
      description: 'Equal parts, stirred: the aperitivo hour in one glass.',
      ingredients: ingredients.map(({ product: _p, ...i }) => i),
      imageMediaId: null,
      version,
    });
    expect(res.status).toBe(200);
    expect((await res.json()).cocktail).toMatchObject({ imageUrl, published: true, version: version + 1 });
    expect((await (await page('/api/cocktails/negroni')).json()).cocktail.description).toBe('Equal parts, stirred: the aperitivo hour in one glass.');
  });
});

describe('the staff list', () => {
  it('searches, filters by published and base spirit, sorts and pages', async () => {
    const list = async (qs: string): Promise<AdminPage<CocktailAdminRow>> => {
      const res = await admin.json('GET', `/api/admin/cocktails${qs}`);
      expect(res.status).toBe(200);
      return res.json();
    };
    const all = await list('');
    expect(all.total).toBe(18); // 17 published + the seeded draft
    expect(all.items.map((c) => c.name)).toEqual([...all.items.map((c) => c.name)].sort((a, b) => a.localeCompare(b)));
    expect((await list('?published=false')).items.map((c) => c.slug)).toEqual(['winter-spice-punch']);
    const gin = await list('?baseSpirit=gin&published=true');
    expect(gin.total).toBe(7);
    const byDifficulty = await list('?sort=difficulty&dir=desc&pageSize=2');
    expect(byDifficulty.items.map((c) => c.difficulty)).toEqual(['hard', 'hard']);
    expect(byDifficulty.pageSize).toBe(2);
    const second = await list('?sort=name&page=2&pageSize=5');
    expect(second.items[0]!.name).toBe(all.items[5]!.name);
    expect((await list('?q=NEGRONI')).items.map((c) => c.slug)).toEqual(['negroni']);
    expect((await list('?q=100%25')).total).toBe(0);
    const badSort = await admin.json('GET', '/api/admin/cocktails?sort=price');
    expect(badSort.status).toBe(400);
  });
});

describe('the editor pages', () => {
  const list = '/admin/dashboard/cocktails';

  it('renders the list and the editors for staff', async () => {
    const html = await (await employee.get(`${list}?baseSpirit=rum&sort=name&dir=desc`)).text();
    expect(html).toContain('Manage Recipes');
    expect(html).toContain('Daiquiri');
    expect(html).not.toContain('Negroni');
    expect(await (await employee.get(`${list}/new`)).text()).toContain('New recipe');
    const [row] = (await (await admin.json('GET', '/api/admin/cocktails?q=daiquiri')).json()).items as CocktailAdminRow[];
    expect(await (await employee.get(`${list}/${row!.id}`)).text()).toContain('Edit Daiquiri');
    expect((await employee.get(`${list}/999999`)).status).toBe(404);
    expect((await employee.get(`${list}/not-a-number`)).status).toBe(404);
    // Only digits name a recipe: '0x10' is not recipe 16, nor '1e1' recipe 10.
    expect((await employee.get(`${list}/0x10`)).status).toBe(404);
    expect((await admin.json('GET', '/api/admin/cocktails/1e1')).status).toBe(400);
  });

  it('saves through the page action with a toast, refuses a stale version, and lets only admins delete', async () => {
    const created = await employee.editor(`${list}/new`, recipe({ slug: 'page-sour', name: 'Page Sour' }));
    expect(created.status).toBe(302);
    const to = created.headers.get('location') as string;
    expect(to).toMatch(/^\/admin\/dashboard\/cocktails\/\d+$/);
    expect(employee.flashedToast()).toMatchObject({ title: 'Recipe saved' });
    const id = Number(to.split('/').pop());

    const invalid = await employee.editor(to, { ...recipe({ slug: 'page-sour', ingredients: [] }), version: 1 });
    expect(invalid.status).toBe(400);
    const stale = await employee.editor(to, { ...recipe({ slug: 'page-sour', name: 'Page Sour II' }), version: 1 });
    expect(stale.status).toBe(302);
    const conflict = await employee.editor(to, { ...recipe({ slug: 'page-sour', name: 'Page Sour III' }), version: 1 });
    expect(conflict.status).toBe(409);

    // Employees have no catalog:delete: the page guard turns them away and the recipe stays.
    const denied = await employee.post(to, { intent: 'delete', version: '2' });
    expect(denied.headers.get('location')).toBe('/dashboard');
    expect((await admin.json('GET', `/api/admin/cocktails/${id}`)).status).toBe(200);
    const deleted = await admin.post(to, { intent: 'delete', version: '2' });
    expect(deleted.headers.get('location')).toBe(list);
    expect(admin.flashedToast()).toMatchObject({ title: 'Recipe deleted' });
    expect((await admin.json('GET', `/api/admin/cocktails/${id}`)).status).toBe(404);
  });
});
