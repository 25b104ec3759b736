import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { ProductForEdit } from '../../shared/schemas/catalog';
import { auditLogs, mediaAssets, products, storeProducts } from '../../server/db/schema';
import { Client } from '../support/client';
import { signedIn } from '../support/staff';
import { startTestServer, type TestServer } from '../support/test-server';

let t: TestServer;
let admin: Client;
let employee: Client;
beforeAll(async () => {
  t = await startTestServer();
  admin = await signedIn(t, 'admin', 'products');
  employee = await signedIn(t, 'employee', 'products');
});
afterAll(async () => {
  await t?.close();
});

const API = '/api/admin/products';

/** A row in the media library, as an upload would leave it. */
async function media(kind: 'image' | 'document', name: string): Promise<string> {
  const [row] = await t.db.database.db
    .insert(mediaAssets)
    .values({
      kind,
      mimeType: kind === 'image' ? 'image/png' : 'application/pdf',
      originalName: name,
      sizeBytes: 100,
      sha256: 'x'.repeat(64),
      storageKey: `test/${name}`,
    })
    .returning({ id: mediaAssets.id });
  return (row as { id: string }).id;
}

async function idOf(slug: string): Promise<number> {
  const [row] = await t.db.database.db.select({ id: products.id }).from(products).where(eq(products.slug, slug));
  return (row as { id: number }).id;
}

async function load(c: Client, id: number): Promise<ProductForEdit> {
  const res = await c.json('GET', `${API}/${id}`);
  expect(res.status).toBe(200);
  return (await res.json()).product;
}

/** The editor's body for a product it loaded (a full replace). */
function bodyOf(p: ProductForEdit) {
  return {
    version: p.version,
    name: p.name,
    slug: p.slug,
    category: p.category,
    abv: p.abv,
    volumeMl: p.volumeMl,
    caseSize: p.caseSize,
    description: p.description,
    tastingNotes: p.tastingNotes,
    images: p.images.map((i) => i.id),
    retailPrices: p.retailPrices,
    tradePrices: p.tradePrices,
    lowStockThreshold: p.lowStockThreshold,
    featured: p.featured,
    status: p.status,
  };
}

const NEW_GIN = {
  name: 'Frolic Sloe Gin',
  slug: 'frolic-sloe-gin',
  category: 'gin',
  abv: 26.5,
  volumeMl: 500,
  caseSize: 6,
  description: 'Wild sloes steeped in our London Dry for a winter.',
  tastingNotes: { nose: 'Plum', palate: 'Almond', finish: 'Soft' },
  retailPrices: { GB: 2495, US: 2999 },
  tradePrices: { importer: { GB: 1100 }, distributor: { GB: 1350 }, retailer: { GB: 1700 } },
  lowStockThreshold: 24,
  featured: false,
  status: 'active',
};

const errorOf = async (res: Response) =>
  ((await res.json()) as { error: { code: string; message: string; details?: { path: string; message: string }[]; hint?: string } }).error;

describe('the staff product list', () => {
  it('searches name and slug, filters and sorts, with a total', async () => {
    const gins = await (await admin.json('GET', `${API}?q=gin&sort=name`)).json();
    expect(gins.total).toBe(3);
    expect(gins.items.map((p: { name: string }) => p.name)).toEqual(['Frolic London Dry Gin', 'Frolic Navy Strength Gin', 'Frolic Pink Grapefruit Gin']);
    expect((await (await admin.json('GET', `${API}?q=single-malt`)).json()).total).toBe(1);
    // A % is a character to look for, not a wildcard.
    expect((await (await admin.json('GET', `${API}?q=%25`)).json()).total).toBe(0);

    const low = await (await admin.json('GET', `${API}?lowStock=1`)).json();
    expect(low.items.map((p: { slug: string; lowStock: boolean }) => [p.slug, p.lowStock])).toEqual([['frolic-navy-strength-gin', true]]);

    const byStock = await (await admin.json('GET', `${API}?sort=stock&dir=desc&pageSize=2`)).json();
    expect(byStock.items[0]).toMatchObject({ slug: 'frolic-london-dry-gin', stock: { onHand: 1440, reserved: 0, available: 1440 } });
    expect(byStock).toMatchObject({ page: 1, pageSize: 2, total: 8 });
    expect((await (await admin.json('GET', `${API}?category=rum&status=active`)).json()).total).toBe(2);
    expect((await admin.json('GET', `${API}?sort=price`)).status).toBe(400);
  });

  it('answers 404 for an unknown product and 400 for an id that is not a number', async () => {
    expect((await admin.json('GET', `${API}/999999`)).status).toBe(404);
    expect((await admin.json('GET', `${API}/abc`)).status).toBe(400);
  });
});

describe('permissions', () => {
  it('lets admins and employees edit, only admins delete, and nobody else in', async () => {
    expect((await admin.json('GET', API)).status).toBe(200);
    expect((await employee.json('GET', API)).status).toBe(200);
    const refused = await employee.json('DELETE', `${API}/${await idOf('frolic-white-rum')}`);
    expect(refused.status).toBe(403);
    expect((await errorOf(refused)).code).toBe('forbidden');
    for (const role of ['partner', 'retailer', 'customer'] as const) {
      const c = await signedIn(t, role, 'products');
      const res = await c.json('GET', API);
      expect(res.status, role).toBe(403);
      expect((await c.json('POST', API, NEW_GIN)).status, role).toBe(403);
    }
    const anonymous = await new Client(t.url).json('GET', API);
    expect(anonymous.status).toBe(401);
    expect((await errorOf(anonymous)).code).toBe('unauthenticated');
  });
});

describe('create, update, archive, delete', () => {
  it('refuses bad input with field errors: ABV, a negative threshold, a duplicate slug, a missing picture', async () => {
    const bad = await admin.json('POST', API, { ...NEW_GIN, slug: 'frolic-bad', abv: 40.55, lowStockThreshold: -1, caseSize: 60 });
    expect(bad.status).toBe(400);
    const err = await errorOf(bad);
    expect(err.code).toBe('validation_failed');
    expect(Object.fromEntries((err.details ?? []).map((d) => [d.path, d.message]))).toMatchObject({
      abv: 'Use at most one decimal, e.g. 40.5.',
      lowStockThreshold: 'The low-stock threshold cannot be negative.',
      caseSize: 'The case size cannot be more than 48.',
    });
    expect((await errorOf(await admin.json('POST', API, { ...NEW_GIN, abv: 120 }))).details?.[0]).toEqual({
      path: 'abv',
      message: 'ABV cannot be more than 100 %.',
    });

    const image = await media('image', 'sloe.png');
    const taken = await admin.json('POST', API, { ...NEW_GIN, slug: 'frolic-london-dry-gin', images: [image] });
    expect(taken.status).toBe(409);
    const takenErr = await errorOf(taken);
    expect(takenErr.code).toBe('slug_taken');
    expect(takenErr.details?.[0]?.path).toBe('slug');

    // An active product needs a picture; a draft may wait for one.
    const noPicture = await admin.json('POST', API, NEW_GIN);
    expect(noPicture.status).toBe(400);
    expect((await errorOf(noPicture)).details?.[0]?.path).toBe('images');
    const draft = await admin.json('POST', API, { ...NEW_GIN, slug: 'frolic-draft-gin', status: 'draft' });
    expect(draft.status).toBe(201);
    expect((await draft.json()).product.imageUrl).toBe('');
  });

  it('checks that every image is an image of the media library', async () => {
    const doc = await media('document', 'price-list.pdf');
    const image = await media('image', 'ok.png');
    const res = await admin.json('POST', API, { ...NEW_GIN, slug: 'frolic-images-gin', images: [image, doc, '6f1c2f3e-0000-4000-8000-000000000000'] });
    expect(res.status).toBe(400);
    const err = await errorOf(res);
    expect(err.details?.map((d) => d.path)).toEqual(['images.1', 'images.2']);
  });

  it('creates a product with prices, trade prices and images, live on the public catalogue', async () => {
    const front = await media('image', 'sloe-front.png');
    const back = await media('image', 'sloe-back.png');
    const res = await employee.json('POST', API, { ...NEW_GIN, images: [front, back] });
    expect(res.status).toBe(201);
    const created: ProductForEdit = (await res.json()).product;
    expect(created).toMatchObject({
      version: 1,
      abv: 26.5,
      imageUrl: `/media/${front}/web`,
      retailPrices: { GB: 2495, US: 2999 },
      tradePrices: { importer: { GB: 1100 }, distributor: { GB: 1350 }, retailer: { GB: 1700 } },
    });
    expect(created.images.map((i) => [i.id, i.originalName, i.thumbUrl])).toEqual([
      [front, 'sloe-front.png', `/media/${front}/thumb`],
      [back, 'sloe-back.png', `/media/${back}/thumb`],
    ]);
    expect(await load(admin, created.id)).toEqual(JSON.parse(JSON.stringify(created)));

    const pub = await (await fetch(`${t.url}/api/products/frolic-sloe-gin?market=GB`)).json();
    expect(pub.product).toMatchObject({ name: 'Frolic Sloe Gin', price: { amountMinor: 2495, currency: 'GBP' }, imageUrl: `/media/${front}/web` });

    const [audit] = await t.db.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.tableName, 'products'), eq(auditLogs.recordId, String(created.id)), eq(auditLogs.action, 'INSERT')));
    expect(audit?.userId).toBe((employee as Client & { userId: string }).userId);
    expect(audit?.newValues).toMatchObject({ slug: 'frolic-sloe-gin', abvTenths: 265, images: [front, back], retailPrices: { GB: 2495, US: 2999 } });
  });

  it('refuses a save over a newer version and keeps the change that landed, with an audit row', async () => {
    const id = await idOf('frolic-spiced-rum');
    const opened = await load(admin, id);
    // The demo content comes with stock, case size and trade prices per tier and market.
    expect(opened).toMatchObject({
      stock: { onHand: 600, reserved: 0, available: 600 },
      caseSize: 6,
      tradePrices: { importer: { GB: 1123 }, distributor: { GB: 1372 }, retailer: { GB: 1747 } },
    });
    // A save never writes the stock (it is the brand's ledger): a stock figure sent along is ignored.
    const first = await admin.json('PUT', `${API}/${id}`, {
      ...bodyOf(opened),
      stock: { onHand: 42, reserved: 0, available: 42 },
      stockUnits: 42,
      lowStockThreshold: 42,
      retailPrices: { ...opened.retailPrices, GB: 2595 },
    });
    expect(first.status).toBe(200);
    expect((await first.json()).product).toMatchObject({ version: opened.version + 1, stock: { onHand: 600 }, lowStockThreshold: 42 });

    const second = await employee.json('PUT', `${API}/${id}`, { ...bodyOf(opened), lowStockThreshold: 7 });
    expect(second.status).toBe(409);
    const err = await errorOf(second);
    expect(err.code).toBe('version_conflict');
    expect(err.hint).toMatch(/Reload/);

    const now = await load(admin, id);
    expect(now.stock.onHand).toBe(600);
    expect(now.lowStockThreshold).toBe(42);
    expect(now.retailPrices.GB).toBe(2595);
    // The seeded picture stays when the editor sends no images.
    expect(now.imageUrl).toBe('/images/products/frolic-spiced-rum.svg');

    const rows = await t.db.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.tableName, 'products'), eq(auditLogs.recordId, String(id)), eq(auditLogs.source, 'service')));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ action: 'UPDATE', userId: (admin as Client & { userId: string }).userId });
    expect(rows[0]?.oldValues).toEqual({ lowStockThreshold: opened.lowStockThreshold, retailPrices: { ...opened.retailPrices } });
    expect(rows[0]?.newValues).toEqual({ lowStockThreshold: 42, retailPrices: { ...opened.retailPrices, GB: 2595 } });

    expect((await admin.json('PUT', `${API}/${id}`, { ...bodyOf(now), version: undefined })).status).toBe(400);
  });

  it('refuses to delete a product a cocktail uses, archives it instead, and the public site drops it', async () => {
    const id = await idOf('frolic-coffee-liqueur');
    const visitor = await new Client(t.url).passGate();
    expect(await (await visitor.get('/products')).text()).toContain('Frolic Coffee Liqueur');

    const refused = await admin.json('DELETE', `${API}/${id}`);
    expect(refused.status).toBe(409);
    const err = await errorOf(refused);
    expect(err.code).toBe('still_referenced');
    expect(err.message).toContain('Espresso Martini');
    expect(err.hint).toMatch(/Archive/);

    const { version } = await load(admin, id);
    expect((await admin.json('POST', `${API}/${id}/archive`, { version: version + 5 })).status).toBe(409);
    const archived = await employee.json('POST', `${API}/${id}/archive`, { version });
    expect(archived.status).toBe(200);
    expect((await archived.json()).product).toMatchObject({ status: 'archived', version: version + 1 });

    const list = await (await fetch(`${t.url}/api/products?pageSize=100`)).json();
    expect(list.items.map((p: { slug: string }) => p.slug)).not.toContain('frolic-coffee-liqueur');
    expect((await fetch(`${t.url}/api/products/frolic-coffee-liqueur`)).status).toBe(404);
    expect(await (await visitor.get('/products')).text()).not.toContain('Frolic Coffee Liqueur');
    const [audit] = await t.db.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.recordId, String(id)), eq(auditLogs.tableName, 'products'), eq(auditLogs.source, 'service')));
    expect(audit).toMatchObject({ action: 'UPDATE', oldValues: { status: 'active' }, newValues: { status: 'archived' } });
  });

  it('deletes a product nothing uses, with its old values in the audit log', async () => {
    const created = await admin.json('POST', API, { ...NEW_GIN, slug: 'frolic-short-lived', status: 'draft' });
    const { id } = (await created.json()).product as ProductForEdit;
    // A store carries it: the link goes with the product, and the audit row remembers it.
    await t.db.database.db.insert(storeProducts).values({ storeId: 1, productId: id });
    const res = await admin.json('DELETE', `${API}/${id}`);
    expect(res.status).toBe(204);
    expect((await admin.json('GET', `${API}/${id}`)).status).toBe(404);
    const [audit] = await t.db.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.recordId, String(id)), eq(auditLogs.action, 'DELETE')));
    expect(audit?.oldValues).toMatchObject({ slug: 'frolic-short-lived', carriedByStoreIds: [1] });
    expect(audit?.oldValues).not.toHaveProperty('stock');
    expect(audit?.newValues).toBeNull();
  });
});

describe('the Manage Products pages', () => {
  const PAGES = '/admin/dashboard/products';

  it('render the list and the editor, and answer 404 for an unknown or malformed id', async () => {
    const list = await admin.get(`${PAGES}?q=navy&lowStock=1`);
    expect(list.status).toBe(200);
    const html = await list.text();
    expect(html).toContain('Manage Products');
    expect(html).toContain('Frolic Navy Strength Gin');
    expect(html).not.toContain('Frolic London Dry Gin');

    const id = await idOf('frolic-navy-strength-gin');
    const editor = await admin.get(`${PAGES}/${id}`);
    expect(editor.status).toBe(200);
    expect(await editor.text()).toContain('Edit Frolic Navy Strength Gin');
    expect((await admin.get(`${PAGES}/abc`)).status).toBe(404);
    expect((await admin.get(`${PAGES}/999999`)).status).toBe(404);
    expect((await admin.get(`${PAGES}/new`)).status).toBe(200);
  });

  it('shows Delete to admins only, and an employee posting a delete is turned away', async () => {
    const id = await idOf('frolic-navy-strength-gin');
    expect(await (await admin.get(`${PAGES}/${id}`)).text()).toMatch(/>Delete</);
    expect(await (await employee.get(`${PAGES}/${id}`)).text()).not.toMatch(/>Delete</);
    const res = await employee.post(`${PAGES}/${id}`, { intent: 'delete' });
    expect(res.status).toBe(302);
    expect((await admin.json('GET', `${API}/${id}`)).status).toBe(200);
  });

  it('saves through the editor action with the "Product saved" toast, and refuses a stale version', async () => {
    const id = await idOf('frolic-wheat-vodka');
    const opened = await load(admin, id);
    const saved = await admin.editor(`${PAGES}/${id}`, { ...bodyOf(opened), lowStockThreshold: 99 });
    expect(saved.status).toBe(302);
    expect(saved.headers.get('location')).toBe(PAGES);
    expect(admin.flashedToast()?.title).toBe('Product saved');
    expect((await load(admin, id)).lowStockThreshold).toBe(99);

    const stale = await employee.editor(`${PAGES}/${id}`, { ...bodyOf(opened), lowStockThreshold: 5 });
    expect(stale.status).toBe(409);
  });
});

describe('SKUs', () => {
  const SKU_GIN = { ...NEW_GIN, status: 'draft' as const };

  it('numbers the seeded products in id order, and a new product without a SKU takes the next number', async () => {
    const seeded = await t.db.database.db.select({ id: products.id, sku: products.sku, slug: products.slug }).from(products).orderBy(products.id);
    const first8 = seeded.filter((p) => p.slug.startsWith('frolic-')).slice(0, 8);
    expect(first8.map((p) => p.sku)).toEqual(first8.map((p) => `FRL-${String(p.id).padStart(4, '0')}`));

    const res = await admin.json('POST', API, { ...SKU_GIN, slug: 'frolic-sku-numbered', sku: '' });
    expect(res.status).toBe(201);
    const { product } = await res.json();
    expect(product.sku).toMatch(/^FRL-\d{4,}$/);
    expect(seeded.map((p) => p.sku)).not.toContain(product.sku);
  });

  it('keeps a SKU typed in any case in capitals, searches by it, and keeps it through an edit that does not send one', async () => {
    const res = await admin.json('POST', API, { ...SKU_GIN, slug: 'frolic-sku-typed', sku: ' frl-sloe-50 ' });
    expect(res.status).toBe(201);
    const { product } = await res.json();
    expect(product.sku).toBe('FRL-SLOE-50');
    const found = await (await admin.json('GET', `${API}?q=sloe-50`)).json();
    expect(found.items.map((p: { sku: string; slug: string }) => [p.sku, p.slug])).toEqual([['FRL-SLOE-50', 'frolic-sku-typed']]);

    const kept = await admin.json('PUT', `${API}/${product.id}`, { ...bodyOf(product), name: 'Frolic Sloe 50' });
    expect(kept.status).toBe(200);
    expect((await kept.json()).product.sku).toBe('FRL-SLOE-50');
    const renamed = await admin.json('PUT', `${API}/${product.id}`, { ...bodyOf(await load(admin, product.id)), sku: 'FRL-SLOE-50-V2' });
    expect(renamed.status).toBe(200);
    const [audit] = await t.db.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.tableName, 'products'), eq(auditLogs.recordId, String(product.id)), eq(auditLogs.action, 'UPDATE')))
      .orderBy(auditLogs.id)
      .limit(1)
      .offset(1);
    expect(audit).toMatchObject({ oldValues: { sku: 'FRL-SLOE-50' }, newValues: { sku: 'FRL-SLOE-50-V2' } });
  });

  it('refuses a SKU another product has (409 sku_taken, nothing written) and one that is not a SKU (400 on the field)', async () => {
    const [london] = await t.db.database.db.select({ sku: products.sku }).from(products).where(eq(products.slug, 'frolic-london-dry-gin'));
    const before = await t.db.database.db.select({ id: products.id }).from(products);
    const taken = await admin.json('POST', API, { ...SKU_GIN, slug: 'frolic-sku-taken', sku: london!.sku.toLowerCase() });
    expect(taken.status).toBe(409);
    const err = await errorOf(taken);
    expect(err).toMatchObject({ code: 'sku_taken', message: `Another product already uses the SKU “${london!.sku}”.` });
    expect(err.details?.[0]?.path).toBe('sku');
    expect(await t.db.database.db.select({ id: products.id }).from(products)).toHaveLength(before.length);

    const other = await (await admin.json('POST', API, { ...SKU_GIN, slug: 'frolic-sku-other', sku: 'FRL-OTHER' })).json();
    const clash = await admin.json('PUT', `${API}/${other.product.id}`, { ...bodyOf(other.product), sku: london!.sku });
    expect(clash.status).toBe(409);
    expect((await errorOf(clash)).code).toBe('sku_taken');
    expect((await load(admin, other.product.id)).sku).toBe('FRL-OTHER');

    for (const sku of ['-FRL', 'FRL-', 'FR L', 'FRL_1', 'X', 'A'.repeat(33)]) {
      const bad = await admin.json('POST', API, { ...SKU_GIN, slug: 'frolic-sku-bad', sku });
      expect(bad.status, sku).toBe(400);
      expect((await errorOf(bad)).details?.[0]?.path, sku).toBe('sku');
    }
  });

  it('skips a number staff already gave another product by hand', async () => {
    const db = t.db.database.db;
    const next = await admin.json('POST', API, { ...SKU_GIN, slug: 'frolic-sku-probe' });
    const probe = (await next.json()).product as ProductForEdit;
    const number = Number(probe.sku.slice(4));
    // The next two numbers are taken by hand before the sequence reaches them.
    const taken = [number + 1, number + 2].map((n) => `FRL-${String(n).padStart(4, '0')}`);
    for (const [i, sku] of taken.entries()) {
      const res = await admin.json('POST', API, { ...SKU_GIN, slug: `frolic-sku-hand-${i}`, sku });
      expect(res.status).toBe(201);
    }
    const res = await admin.json('POST', API, { ...SKU_GIN, slug: 'frolic-sku-after' });
    expect(res.status).toBe(201);
    const after = (await res.json()).product as ProductForEdit;
    expect(after.sku).toBe(`FRL-${String(number + 3).padStart(4, '0')}`);
    const skus = (await db.select({ sku: products.sku }).from(products)).map((p) => p.sku);
    expect(new Set(skus).size).toBe(skus.length);
  });
});
