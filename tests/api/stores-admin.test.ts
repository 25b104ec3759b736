// Staff store-locator API: CRUD with validation, permissions per role, optimistic concurrency, audit
// rows, the CSV import (preview, all-or-nothing, valid rows only, rows of stores changed since the
// export refused) and export (formula escapes, versions, round trip), and a saved store showing up
// at once in the public nearest-store search.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import type { AdminPage } from '../../shared/schemas/admin';
import { harbourStore } from '../support/stores';
import type { ImportPreview, StoreAdminRow, StoreEdit, StoreInput, StoreSearchResponse } from '../../shared/schemas/stores';
import { auditLogs, products } from '../../server/db/schema';
import type { Client } from '../support/client';
import { signedIn } from '../support/staff';
import { startTestServer, type TestServer } from '../support/test-server';

let t: TestServer;
type Staff = Client & { userId: string };
let admin: Staff;
let employee: Staff;
let partner: Staff;
let ginId: number;
let vodkaId: number;

const db = () => t.db.database.db;
const HEADER = 'name,address,city,region,postcode,country,latitude,longitude,phone,hours,products,active';

beforeAll(async () => {
  t = await startTestServer();
  [admin, employee, partner] = await Promise.all([signedIn(t, 'admin', 'st'), signedIn(t, 'employee', 'st'), signedIn(t, 'partner', 'st')]);
  const ids = new Map((await db().select({ id: products.id, slug: products.slug }).from(products)).map((p) => [p.slug, p.id]));
  ginId = ids.get('frolic-london-dry-gin')!;
  vodkaId = ids.get('frolic-wheat-vodka')!;
});
afterAll(async () => {
  await t?.close();
});

const store = (over: Partial<StoreInput> = {}): StoreInput =>
  harbourStore({
    phone: '+354 555 0123',
    openingHours: [
      { day: 0, opens: '10:00', closes: '18:00' },
      { day: 5, opens: '11:00', closes: '16:00' },
    ],
    productIds: [ginId, vodkaId],
    ...over,
  });

const total = async () => ((await (await admin.json('GET', '/api/admin/stores?pageSize=1')).json()) as AdminPage<StoreAdminRow>).total;
const nearReykjavik = async () => (await (await fetch(`${t.url}/api/stores?lat=64.1466&lng=-21.9426&radius=25&unit=km`)).json()) as StoreSearchResponse;
const auditsOf = (id: number) =>
  db()
    .select()
    .from(auditLogs)
    .where(and(eq(auditLogs.tableName, 'store_locations'), eq(auditLogs.recordId, String(id))))
    .orderBy(auditLogs.id);

describe('the store editor API', () => {
  it('refuses invalid fields with their paths', async () => {
    const res = await admin.json('POST', '/api/admin/stores', {
      ...store(),
      latitude: 123,
      country: 'XX',
      phone: 'call us',
      openingHours: [{ day: 1, opens: '18:00', closes: '09:00' }],
    });
    expect(res.status).toBe(400);
    const { error } = await res.json();
    expect(error.code).toBe('validation_failed');
    const paths = (error.details as { path: string; message: string }[]).map((d) => d.path);
    expect(paths).toEqual(expect.arrayContaining(['latitude', 'country', 'phone', 'openingHours.0.closes']));
    expect(error.details.find((d: { path: string }) => d.path === 'latitude').message).toBe('The latitude must be between -90 and 90.');

    const twice = await admin.json(
      'POST',
      '/api/admin/stores',
      store({
        openingHours: [
          { day: 1, opens: '09:00', closes: '17:00' },
          { day: 1, opens: '18:00', closes: '20:00' },
        ],
      }),
    );
    expect((await twice.json()).error.details[0]).toMatchObject({ path: 'openingHours.1.day' });

    const unknownProduct = await admin.json('POST', '/api/admin/stores', store({ productIds: [ginId, 999_999] }));
    expect(unknownProduct.status).toBe(400);
    expect((await unknownProduct.json()).error.details).toEqual([{ path: 'productIds', message: 'No product has id 999999.' }]);

    // Beyond the database's integer: a field error, never a failed query (it was a 500).
    const outOfRange = await admin.json('POST', '/api/admin/stores', store({ productIds: [3_000_000_000] }));
    expect(outOfRange.status).toBe(400);
    expect((await outOfRange.json()).error.details[0]).toMatchObject({ path: 'productIds.0' });
  });

  it('creates, reads, updates and deletes a store, auditing each write, and the public search follows at once', async () => {
    expect((await nearReykjavik()).items).toEqual([]);
    const created = await admin.json('POST', '/api/admin/stores', store({ country: 'is' }));
    expect(created.status).toBe(201);
    const made = (await created.json()) as StoreEdit;
    expect(made).toMatchObject({ version: 1, country: 'IS', productIds: [ginId, vodkaId].sort((a, b) => a - b) });

    const near = await nearReykjavik();
    expect(near.items.map((s) => s.name)).toEqual(['Harbour Bottle Shop']);
    expect(near.items[0]?.products.map((p) => p.slug).sort()).toEqual(['frolic-london-dry-gin', 'frolic-wheat-vodka']);

    const read = (await (await employee.json('GET', `/api/admin/stores/${made.id}`)).json()) as StoreEdit;
    expect(read).toEqual(made);

    const saved = await employee.json('PUT', `/api/admin/stores/${made.id}`, {
      ...store({ name: 'Harbour Spirits', productIds: [ginId], active: true }),
      version: 1,
    });
    expect(saved.status).toBe(200);
    expect(await saved.json()).toMatchObject({ name: 'Harbour Spirits', version: 2, productIds: [ginId] });
    expect((await nearReykjavik()).items[0]?.name).toBe('Harbour Spirits');

    const stale = await admin.json('PUT', `/api/admin/stores/${made.id}`, { ...store({ name: 'Overwritten' }), version: 1 });
    expect(stale.status).toBe(409);
    expect((await stale.json()).error).toMatchObject({ code: 'version_conflict', details: { currentVersion: 2, yourVersion: 1 } });

    const hidden = await admin.json('PUT', `/api/admin/stores/${made.id}`, {
      ...store({ name: 'Harbour Spirits', productIds: [ginId], active: false }),
      version: 2,
    });
    expect(hidden.status).toBe(200);
    expect((await nearReykjavik()).items).toEqual([]);

    expect((await employee.json('DELETE', `/api/admin/stores/${made.id}`)).status).toBe(403);
    expect((await admin.json('DELETE', `/api/admin/stores/${made.id}`)).status).toBe(204);
    expect((await admin.json('GET', `/api/admin/stores/${made.id}`)).status).toBe(404);
    expect((await admin.json('DELETE', `/api/admin/stores/${made.id}`)).status).toBe(404);

    const audits = await auditsOf(made.id);
    expect(audits.map((a) => a.action)).toEqual(['INSERT', 'UPDATE', 'UPDATE', 'DELETE']);
    expect(audits[0]).toMatchObject({ userId: admin.userId, oldValues: null, newValues: expect.objectContaining({ name: 'Harbour Bottle Shop', version: 1 }) });
    expect(audits[1]).toMatchObject({
      userId: employee.userId,
      oldValues: expect.objectContaining({ name: 'Harbour Bottle Shop', productIds: made.productIds }),
      newValues: expect.objectContaining({ name: 'Harbour Spirits', productIds: [ginId], version: 2 }),
    });
    expect(audits[3]).toMatchObject({ oldValues: expect.objectContaining({ name: 'Harbour Spirits', active: false }), newValues: null });
  });

  it('lists with search, filters, sorting and pages', async () => {
    const page = (await (await admin.json('GET', '/api/admin/stores?country=gb&sort=city&dir=desc&pageSize=3')).json()) as AdminPage<StoreAdminRow>;
    expect(page.total).toBeGreaterThan(3);
    expect(page.items).toHaveLength(3);
    expect(page.items.every((s) => s.country === 'GB')).toBe(true);
    const cities = page.items.map((s) => s.city);
    expect(cities).toEqual([...cities].sort().reverse());
    const search = (await (await admin.json('GET', '/api/admin/stores?q=juniper')).json()) as AdminPage<StoreAdminRow>;
    expect(search.items.map((s) => s.name)).toEqual(['The Juniper Cellar']);
    expect(search.items[0]?.products).toBeGreaterThan(0);
    const byPostcode = (await (await admin.json('GET', '/api/admin/stores?q=EC2A')).json()) as AdminPage<StoreAdminRow>;
    expect(byPostcode.items.map((s) => s.name)).toContain('Frolic Distillery Shop');
    expect((await admin.json('GET', '/api/admin/stores?sort=phone')).status).toBe(400);
    // The active filter: each side holds only its own, and the two make up the whole list.
    const side = async (active: string) =>
      (await (await admin.json('GET', `/api/admin/stores?active=${active}&pageSize=100`)).json()) as AdminPage<StoreAdminRow>;
    const [on, off, every] = [await side('true'), await side('false'), await total()];
    expect(on.items.every((s) => s.active)).toBe(true);
    expect(off.items.every((s) => !s.active)).toBe(true);
    expect(on.total + off.total).toBe(every);
    expect(on.total).toBeGreaterThan(0);
  });

  it('keeps the staff API to staff', async () => {
    expect((await fetch(`${t.url}/api/admin/stores`)).status).toBe(401);
    expect((await partner.json('GET', '/api/admin/stores')).status).toBe(403);
    expect((await partner.json('POST', '/api/admin/stores/import/preview', { csv: HEADER })).status).toBe(403);
    expect((await partner.json('GET', '/api/admin/stores/export.csv')).status).toBe(403);
    expect((await employee.json('GET', '/api/admin/stores')).status).toBe(200);
  });

  it('keeps the CSV (bulk data) to staff with Database Management as well as CMS Access: employees edit stores but do not import or export them', async () => {
    for (const [method, path, body] of [
      ['POST', '/api/admin/stores/import/preview', { csv: HEADER }],
      ['POST', '/api/admin/stores/import', { csv: HEADER, mode: 'all' }],
      ['GET', '/api/admin/stores/export.csv', undefined],
    ] as const) {
      const refused = await employee.json(method, path, body);
      expect(refused.status, path).toBe(403);
      expect((await refused.json()).error).toMatchObject({ code: 'forbidden', details: { required: { permission: ['cms:access', 'database:manage'] } } });
    }
    const page = await employee.get('/admin/dashboard/store-locator/import');
    expect(page.headers.get('location')).toBe('/dashboard');
    expect(employee.flashedToast()).toMatchObject({ title: 'Access Denied', description: "You don't have permission to access this page." });
    expect((await employee.get('/admin/dashboard/store-locator/export.csv')).headers.get('location')).toBe('/dashboard');
    // The list does not offer what the employee cannot use.
    const list = await (await employee.get('/admin/dashboard/store-locator')).text();
    expect(list).toContain('New store');
    expect(list).not.toContain('Import CSV');
    expect(list).not.toContain('Export CSV');
    expect(await (await admin.get('/admin/dashboard/store-locator')).text()).toContain('Import CSV');
  });
});

describe('CSV import', () => {
  const good1 =
    'Old Town Spirits,Grasmarket 3,Edinburgh,,EH1 2HS,GB,55.9476,-3.1956,+44 131 496 0999,Mon-Sat 10:00-19:00; Sun closed,frolic-london-dry-gin|frolic-single-malt-12,yes';
  const good2 = '"Canal Side Wines, Ltd",Prinsengracht 200,Amsterdam,,1016 HD,NL,52.3731,4.8836,,Tue-Sat 10:00-18:00,frolic-wheat-vodka,no';
  const badLat = 'Broken Store,1 Nowhere,Oslo,,,NO,123,10.75,,,,yes';
  const badSlug = 'Fjord Drinks,Karl Johans gate 5,Oslo,,0154,NO,59.9127,10.7461,,Mon 25:00-26:00,frolic-moonshine,maybe';
  const csv = [HEADER, good1, badLat, good2, badSlug].join('\n');

  it('previews every row with its errors and nothing written', async () => {
    const before = await total();
    const res = await admin.json('POST', '/api/admin/stores/import/preview', { csv });
    expect(res.status).toBe(200);
    const preview = (await res.json()) as ImportPreview;
    expect(preview).toMatchObject({ fileErrors: [], valid: 2, invalid: 2 });
    expect(preview.rows.map((r) => [r.line, r.action, r.errors.map((e) => e.field)])).toEqual([
      [2, 'create', []],
      [3, 'create', ['latitude']],
      [4, 'create', []],
      [5, 'create', ['hours', 'products', 'active']],
    ]);
    expect(preview.rows[3]?.errors.find((e) => e.field === 'products')?.message).toBe('Unknown product slug: frolic-moonshine.');
    expect(preview.rows[2]?.values.name).toBe('Canal Side Wines, Ltd');
    expect(await total()).toBe(before);
  });

  it('reports header problems for the whole file', async () => {
    const preview = (await (await admin.json('POST', '/api/admin/stores/import/preview', { csv: 'name,city,colour\nA,B,C' })).json()) as ImportPreview;
    expect(preview.rows).toEqual([]);
    expect(preview.fileErrors.join(' ')).toMatch(/lacks required columns: address, country, latitude, longitude.*Unknown columns: colour/);
    const commit = await admin.json('POST', '/api/admin/stores/import', { csv: 'name,city\nA,B', mode: 'valid_only' });
    expect(commit.status).toBe(400);
    expect((await commit.json()).error.code).toBe('import_invalid_file');
  });

  it('writes nothing in mode "all" when any row fails', async () => {
    const before = await total();
    const res = await admin.json('POST', '/api/admin/stores/import', { csv, mode: 'all' });
    expect(res.status).toBe(400);
    const { error } = await res.json();
    expect(error).toMatchObject({ code: 'import_has_errors', message: 'Nothing was imported: 2 of 4 rows have errors.' });
    expect(error.details.rows.map((r: { line: number }) => r.line)).toEqual([3, 5]);
    expect(await total()).toBe(before);
  });

  it('writes only the valid rows in mode "valid_only", with an audit row per store and one for the import', async () => {
    const before = await total();
    const res = await admin.json('POST', '/api/admin/stores/import', { csv, mode: 'valid_only' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ created: 2, updated: 0, unchanged: 0, skipped: 2 });
    expect(await total()).toBe(before + 2);

    const list = (await (await admin.json('GET', '/api/admin/stores?q=Old+Town')).json()) as AdminPage<StoreAdminRow>;
    const made = (await (await admin.json('GET', `/api/admin/stores/${list.items[0]!.id}`)).json()) as StoreEdit;
    expect(made).toMatchObject({ city: 'Edinburgh', phone: '+44 131 496 0999', active: true, region: null });
    expect(made.openingHours).toHaveLength(6);
    expect(made.openingHours[5]).toEqual({ day: 5, opens: '10:00', closes: '19:00' });
    expect((await auditsOf(made.id)).map((a) => a.action)).toEqual(['INSERT']);

    const [summary] = await db().select().from(auditLogs).where(eq(auditLogs.action, 'IMPORT')).orderBy(desc(auditLogs.id)).limit(1);
    expect(summary).toMatchObject({
      userId: admin.userId,
      tableName: 'store_locations',
      newValues: { mode: 'valid_only', rows: 4, created: 2, updated: 0, unchanged: 0, skipped: 2, skippedLines: [3, 5] },
    });

    // The same file again: its stores are there now, so those rows say to use the id instead.
    const again = (await (await admin.json('POST', '/api/admin/stores/import/preview', { csv })).json()) as ImportPreview;
    expect(again.rows[0]?.errors[0]?.message).toMatch(/^Store \d+ already has this name and address: put \d+ in the id column/);
  });

  it('flags duplicate rows and unknown ids', async () => {
    const file = [
      `id,${HEADER}`,
      `,${good1.replace('Old Town', 'New Town')}`,
      `,${good1.replace('Old Town', 'New Town')}`,
      `99999,${good2}`,
      `abc,${good2.replace('Canal Side', 'Dam Square')}`,
    ].join('\n');
    const preview = (await (await admin.json('POST', '/api/admin/stores/import/preview', { csv: file })).json()) as ImportPreview;
    expect(preview.rows.map((r) => r.errors.map((e) => e.message))).toEqual([
      [],
      ['The same store (name, address, city, country) is on line 2.'],
      ['No store has id 99999: leave the id blank to add it as a new store.'],
      ['The id must be a whole number; leave it blank to add a new store.'],
    ]);
    expect(preview.rows.map((r) => r.action)).toEqual(['create', 'create', 'update', 'update']);
  });
});

describe('CSV export', () => {
  it('exports every store with a header, formula cells escaped, as an attachment', async () => {
    const made = (await (
      await admin.json('POST', '/api/admin/stores', store({ name: '=HYPERLINK("http://evil.example","Click")', address: '@SUM(1)', phone: '+354 555 0199' }))
    ).json()) as StoreEdit;
    const res = await admin.json('GET', '/api/admin/stores/export.csv');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="?stores-\d{4}-\d{2}-\d{2}\.csv"?$/);
    const text = await res.text();
    const lines = text.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe(`id,version,${HEADER}`);
    expect(lines.filter(Boolean)).toHaveLength((await total()) + 1);
    const line = lines.find((l) => l.startsWith(`${made.id},`));
    expect(line).toContain(`"'=HYPERLINK(""http://evil.example"",""Click"")"`);
    expect(line).toContain(",'@SUM(1),");
    expect(line).toContain(",'+354 555 0199,");
    expect(line).toContain(',-21.9301,');
    expect(line).toContain('Mon 10:00-18:00; Tue closed; Wed closed; Thu closed; Fri closed; Sat 11:00-16:00; Sun closed');
    expect(line).toMatch(/frolic-london-dry-gin\|frolic-wheat-vodka,yes$/);

    const filtered = await (await admin.json('GET', '/api/admin/stores/export.csv?country=IS')).text();
    expect(filtered.trim().split('\r\n')).toHaveLength(2);
  });

  it('reads its own export back without changing anything, and applies an edit made in the file', async () => {
    const before = await total();
    const exported = await (await admin.json('GET', '/api/admin/stores/export.csv')).text();
    const same = await admin.json('POST', '/api/admin/stores/import', { csv: exported, mode: 'all' });
    expect(same.status).toBe(200);
    expect(await same.json()).toEqual({ created: 0, updated: 0, unchanged: before, skipped: 0 });

    const edited = exported.replace('The Juniper Cellar', 'The Juniper Cellar & Bar');
    expect(await (await admin.json('POST', '/api/admin/stores/import', { csv: edited, mode: 'all' })).json()).toEqual({
      created: 0,
      updated: 1,
      unchanged: before - 1,
      skipped: 0,
    });
    expect(await total()).toBe(before);
    const search = (await (await admin.json('GET', '/api/admin/stores?q=juniper')).json()) as AdminPage<StoreAdminRow>;
    const juniper = (await (await admin.json('GET', `/api/admin/stores/${search.items[0]!.id}`)).json()) as StoreEdit;
    expect(juniper).toMatchObject({ name: 'The Juniper Cellar & Bar', version: 2 });
    const [update] = (await auditsOf(juniper.id)).filter((a) => a.action === 'UPDATE');
    expect(update).toMatchObject({
      oldValues: expect.objectContaining({ name: 'The Juniper Cellar' }),
      newValues: expect.objectContaining({ name: 'The Juniper Cellar & Bar' }),
    });
  });
});

describe('CSV import of an export older than an edit', () => {
  const exportCsv = async () => (await admin.json('GET', '/api/admin/stores/export.csv')).text();
  const previewOf = async (csv: string) => (await (await admin.json('POST', '/api/admin/stores/import/preview', { csv })).json()) as ImportPreview;
  const storeNamed = async (q: string) => {
    const page = (await (await admin.json('GET', `/api/admin/stores?q=${encodeURIComponent(q)}`)).json()) as AdminPage<StoreAdminRow>;
    expect(page.items).toHaveLength(1);
    return (await (await admin.json('GET', `/api/admin/stores/${page.items[0]!.id}`)).json()) as StoreEdit;
  };
  /** Saves the store through the editor's API with a new phone number. */
  const editPhone = async ({ id, updatedAt: _at, ...store }: StoreEdit, phone: string) => {
    const saved = await employee.json('PUT', `/api/admin/stores/${id}`, { ...store, phone });
    expect(saved.status).toBe(200);
  };

  it('refuses the row of a store saved in the editor since the export, at preview and at commit, and writes the others only when asked', async () => {
    const before = await total();
    const old = await exportCsv();
    expect(old.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe(`id,version,${HEADER}`);
    const borough = await storeNamed('Borough Bottle');
    const marylebone = await storeNamed('Marylebone Wine');
    const file = old.replace('Marylebone Wine & Spirits', 'Marylebone Wine Rooms');
    // Clean when previewed; then someone saves Borough in the editor before the import is committed.
    expect((await previewOf(file)).invalid).toBe(0);
    await editPhone(borough, '+44 20 7946 0999');

    const preview = await previewOf(file);
    const stale = preview.rows.find((r) => r.values.id === String(borough.id))!;
    expect(stale.errors).toEqual([
      {
        field: 'version',
        message: `Changed by someone else since this file was exported (version ${borough.version + 1} now, ${borough.version} in the file). Export again and redo the change.`,
      },
    ]);
    expect(preview).toMatchObject({ valid: before - 1, invalid: 1 });

    const refused = await admin.json('POST', '/api/admin/stores/import', { csv: file, mode: 'all' });
    expect(refused.status).toBe(400);
    const { error } = await refused.json();
    expect(error).toMatchObject({ code: 'import_has_errors', message: `Nothing was imported: 1 of ${before} rows has errors.` });
    expect(error.details.rows).toEqual([{ line: stale.line, errors: stale.errors }]);
    expect(await storeNamed('Marylebone Wine')).toEqual(marylebone);
    expect(await storeNamed('Borough Bottle')).toMatchObject({ phone: '+44 20 7946 0999', version: borough.version + 1 });

    const partial = await admin.json('POST', '/api/admin/stores/import', { csv: file, mode: 'valid_only' });
    expect(partial.status).toBe(200);
    expect(await partial.json()).toEqual({ created: 0, updated: 1, unchanged: before - 2, skipped: 1 });
    expect(await storeNamed('Marylebone Wine')).toMatchObject({ name: 'Marylebone Wine Rooms', version: marylebone.version + 1 });
    expect(await storeNamed('Borough Bottle')).toMatchObject({ phone: '+44 20 7946 0999', version: borough.version + 1 });

    // A fresh export carries the new versions: it reads back changing nothing and bumping no version.
    const fresh = await admin.json('POST', '/api/admin/stores/import', { csv: await exportCsv(), mode: 'all' });
    expect(await fresh.json()).toEqual({ created: 0, updated: 0, unchanged: before, skipped: 0 });
    expect((await storeNamed('Borough Bottle')).version).toBe(borough.version + 1);
    expect((await storeNamed('Marylebone Wine')).version).toBe(marylebone.version + 1);
  });

  it('updates a row with an id but no version unchecked, and refuses a version that is not a number', async () => {
    const shop = await storeNamed('Frolic Distillery Shop');
    const old = await exportCsv();
    const line = old.split('\r\n').find((l) => l.startsWith(`${shop.id},${shop.version},`))!;
    await editPhone(shop, '+44 20 7946 0777');

    // A file made by hand: the id but no version column. It overwrites what the editor saved.
    const handMade = [`id,${HEADER}`, line.replace(`${shop.id},${shop.version},Frolic Distillery Shop,`, `${shop.id},Frolic Distillery Shop & Bar,`)].join(
      '\n',
    );
    const res = await admin.json('POST', '/api/admin/stores/import', { csv: handMade, mode: 'all' });
    expect(await res.json()).toEqual({ created: 0, updated: 1, unchanged: 0, skipped: 0 });
    expect(await storeNamed('Frolic Distillery Shop')).toMatchObject({ name: 'Frolic Distillery Shop & Bar', phone: shop.phone, version: shop.version + 2 });

    const garbled = [`id,version,${HEADER}`, line.replace(`${shop.id},${shop.version},`, `${shop.id},v2,`)].join('\n');
    expect((await previewOf(garbled)).rows[0]?.errors).toEqual([
      { field: 'version', message: 'The version must be the whole number the export wrote; leave it blank to update without the check.' },
    ]);
  });
});

describe('the staff pages', () => {
  it('turns away an employee posting a delete to the editor page, and keeps the store', async () => {
    const [first] = ((await (await admin.json('GET', '/api/admin/stores?pageSize=1')).json()) as AdminPage<StoreAdminRow>).items;
    const posted = await employee.post(`/admin/dashboard/store-locator/${first!.id}`, { intent: 'delete' });
    expect(posted.status).toBe(302);
    expect(posted.headers.get('location')).not.toMatch(/store-locator/);
    expect((await partner.post(`/admin/dashboard/store-locator/${first!.id}`, { intent: 'delete' })).status).toBe(302);
    expect((await admin.json('GET', `/api/admin/stores/${first!.id}`)).status).toBe(200);
  });

  it('downloads the CSV through the page route, for staff with Database Management only', async () => {
    const res = await admin.get('/admin/dashboard/store-locator/export.csv?country=GB');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="stores-\d{4}-\d{2}-\d{2}\.csv"$/);
    const rows = (await res.text()).trim().split('\r\n').slice(1);
    expect(rows.length).toBeGreaterThan(5);
    expect(rows.every((r) => r.includes(',GB,'))).toBe(true);
    expect((await partner.get('/admin/dashboard/store-locator/export.csv')).status).toBe(302);
  });

  it('previews and imports from the import page, with the result as a toast', async () => {
    const csv = [
      HEADER,
      'Ring Road Bottles,Hringbraut 1,Reykjavík,,107,IS,64.1420,-21.9550,,,frolic-wheat-vodka,yes',
      'Nowhere,1 Road,Town,,,IS,95,0,,,,',
    ].join('\n');
    const preview = await admin.post('/admin/dashboard/store-locator/import', { intent: 'preview', csv });
    expect(preview.status).toBe(200);
    // React's text separators (<!-- -->) aside, the page says what the preview found.
    const html = (await preview.text()).replaceAll('<!-- -->', '');
    expect(html).toContain('2 rows: 1 valid, 1 with errors.');
    expect(html).toContain('The latitude must be between -90 and 90.');

    const refused = await admin.post('/admin/dashboard/store-locator/import', { intent: 'import', mode: 'all', csv });
    expect(refused.status).toBe(400);
    expect((await refused.text()).replaceAll('<!-- -->', '')).toContain('Nothing was imported: 1 of 2 rows has errors.');

    const done = await admin.post('/admin/dashboard/store-locator/import', { intent: 'import', mode: 'valid_only', csv });
    expect(done.status).toBe(302);
    expect(done.headers.get('location')).toBe('/admin/dashboard/store-locator');
    expect(admin.flashedToast()).toMatchObject({ title: 'Imported 1 store', description: '1 new, 0 updated, 0 unchanged. 1 row with errors left out.' });
    expect((await nearReykjavik()).items.map((s) => s.name)).toContain('Ring Road Bottles');
  });
});

describe('the position from the address (the shipped gazetteer)', () => {
  const geocode = (who: Client, params: Record<string, string>) => who.json('GET', `/api/admin/stores/geocode?${new URLSearchParams(params)}`);

  it('finds a town in the store’s country, narrowed by its region', async () => {
    const res = await geocode(employee, { city: 'Manchester', postcode: '', country: 'gb' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      match: 'town',
      label: 'Manchester, England, United Kingdom',
      country: 'GB',
      latitude: 53.4809,
      longitude: -2.2374,
      message:
        'Matched the town Manchester, England, United Kingdom: its centre, not the street. Adjust the coordinates to the shop’s entrance for exact distances.',
    });
    // The most populous Manchester of the United States, unless the state says which.
    expect(await (await geocode(admin, { city: 'Manchester', country: 'US' })).json()).toMatchObject({
      label: 'Manchester, NH, United States',
      latitude: 42.9956,
    });
    expect(await (await geocode(admin, { city: 'Manchester', region: 'CT', country: 'US' })).json()).toMatchObject({
      label: 'Manchester, CT, United States',
      latitude: 41.7759,
    });
    // A region the gazetteer does not know is no reason to fail.
    expect(await (await geocode(admin, { city: 'Manchester', region: 'Greater Manchester', country: 'GB' })).json()).toMatchObject({ latitude: 53.4809 });
  });

  it('falls back to a UK postcode’s post town, and prefers it over a namesake town far away', async () => {
    const richmond = await (await geocode(admin, { city: 'Richmond', postcode: 'tw9 1aa', country: 'GB' })).json();
    expect(richmond).toMatchObject({ match: 'postcode', label: 'TW9 1AA (Twickenham area)', country: 'GB', latitude: 51.4449, longitude: -0.3377 });
    expect(richmond.message).toMatch(/^Matched the postcode TW9 1AA: the centre of Twickenham/);
    const namesake = await (await geocode(admin, { city: 'Bath', postcode: 'M1 1AE', country: 'GB' })).json();
    expect(namesake).toMatchObject({ match: 'postcode', latitude: 53.4809 });
    expect(namesake.message).toMatch(/Bath, England, United Kingdom the gazetteer knows is \d+ km away, so the postcode was used\./);
    // A postcode outside the UK is not read as a UK one.
    expect((await geocode(admin, { postcode: 'M1 1AE', country: 'FR' })).status).toBe(404);
  });

  it('says when nothing matches, and refuses a lookup without a town or postcode', async () => {
    const none = await geocode(admin, { city: 'Atlantis', postcode: '', country: 'GB' });
    expect(none.status).toBe(404);
    expect((await none.json()).error).toMatchObject({ code: 'place_not_found', message: 'Nothing in the gazetteer matches “Atlantis” in GB.' });
    const empty = await geocode(admin, { city: ' ', country: 'GB' });
    expect(empty.status).toBe(400);
    expect((await empty.json()).error.details).toEqual([{ path: 'city', message: 'Enter a town or a postcode to look up.' }]);
    expect((await (await geocode(admin, { city: 'London', country: 'XX' })).json()).error.details).toEqual([
      { path: 'country', message: 'Enter the country as a two-letter ISO code, e.g. GB.' },
    ]);
  });

  it('lists the towns around typed coordinates, nearest first, and none in mid-ocean', async () => {
    const near = await (await admin.json('GET', '/api/admin/stores/nearby?lat=53.4830&lng=-2.2440')).json();
    expect(near.places[0]).toMatchObject({ label: 'Manchester, England, United Kingdom', country: 'GB' });
    expect(near.places[0].distanceKm).toBeLessThan(1);
    expect(near.places.length).toBeGreaterThan(1);
    expect(near.places.map((p: { distanceKm: number }) => p.distanceKm)).toEqual(
      [...near.places.map((p: { distanceKm: number }) => p.distanceKm)].sort((a, b) => a - b),
    );
    // Mid-Pacific: no town within the editor's radius.
    expect((await (await admin.json('GET', '/api/admin/stores/nearby?lat=0&lng=-160')).json()).places).toEqual([]);
    expect((await admin.json('GET', '/api/admin/stores/nearby?lat=91&lng=0')).status).toBe(400);
    expect((await admin.json('GET', '/api/admin/stores/nearby?lat=&lng=0')).status).toBe(400);
  });

  it('is for staff with cms:access only', async () => {
    for (const path of ['/api/admin/stores/geocode?city=London&country=GB', '/api/admin/stores/nearby?lat=51.5&lng=-0.12']) {
      expect((await fetch(t.url + path)).status, path).toBe(401);
      const refused = await partner.json('GET', path);
      expect(refused.status, path).toBe(403);
      expect((await refused.json()).error.code).toBe('forbidden');
      expect((await employee.json('GET', path)).status, path).toBe(200);
    }
  });
});
