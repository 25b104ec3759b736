import { afterAll, beforeAll, it } from 'vitest';
import sharp from 'sharp';
import type { Client } from '../support/client';
import { signedIn } from '../support/staff';
import { startTestServer, type TestServer } from '../support/test-server';

let t: TestServer;
let admin: Client;
let employee: Client;
let partner: Client;
beforeAll(async () => {
  t = await startTestServer();
  admin = await signedIn(t, 'admin', 'probe');
  employee = await signedIn(t, 'employee', 'probe');
  partner = await signedIn(t, 'retailer' as never, 'probe').catch(() => null as never);
});
afterAll(async () => { await t?.close(); });

async function show(label: string, res: Response) {
  const text = await res.text();
  console.log(label, res.status, res.headers.get('content-type'), res.headers.get('location') ?? '', text.slice(0, 300).replace(/\s+/g, ' '));
}

it('probes', async () => {
  const j = (c: Client, m: string, p: string, b?: unknown) => c.json(m, p, b);
  const store = { name: 'Probe', address: '1 St', city: 'London', country: 'GB', latitude: 51.5, longitude: -0.1 };
  await show('store huge product', await j(admin, 'POST', '/api/admin/stores', { ...store, productIds: [3000000000] }));
  await show('store str product', await j(admin, 'POST', '/api/admin/stores', { ...store, productIds: ['1e3'] }));
  await show('store hours bad', await j(admin, 'POST', '/api/admin/stores', { ...store, openingHours: [{ day: '1', opens: 1 }] }));
  await show('store page huge product', await admin.json('POST', '/admin/dashboard/store-locator/new', { ...store, productIds: [3000000000] }));
  await show('store page create', await admin.json('POST', '/admin/dashboard/store-locator/new', { ...store }));
  await show('import huge id', await j(admin, 'POST', '/api/admin/stores/import/preview', { csv: 'id,name,address,city,country,latitude,longitude\n999999999,A,1 St,London,GB,51.5,-0.1\n' }));
  await show('import big lat', await j(admin, 'POST', '/api/admin/stores/import/preview', { csv: 'name,address,city,country,latitude,longitude\nA,1 St,London,GB,1e400,-0.1\n' }));
  await show('import commit all ok', await j(admin, 'POST', '/api/admin/stores/import', { csv: 'name,address,city,country,latitude,longitude\nA,1 St,London,GB,51.5,-0.1\n', mode: 'all' }));
  await show('import mode bad', await j(admin, 'POST', '/api/admin/stores/import', { csv: 'x', mode: 'zz' }));
  const base = (await (await j(admin, 'GET', '/api/admin/products/2')).json()).product;
  const body = { ...base, images: [], tradePrices: base.tradePrices };
  await show('prod put stock huge', await j(admin, 'PUT', '/api/admin/products/2', { ...body, stockUnits: 1e300 }));
  await show('prod put price NaN', await j(admin, 'PUT', '/api/admin/products/2', { ...body, retailPrices: { GB: 'abc', ZZ: 1 } }));
  await show('prod put version 0', await j(admin, 'PUT', '/api/admin/products/2', { ...body, version: 0 }));
  await show('prod put version huge', await j(admin, 'PUT', '/api/admin/products/2', { ...body, version: 3000000000 }));
  await show('prod put ok', await j(admin, 'PUT', '/api/admin/products/2', { ...body }));
  await show('prod put stale', await j(admin, 'PUT', '/api/admin/products/2', { ...body }));
  await show('prod create dup slug', await j(admin, 'POST', '/api/admin/products', { ...body, status: 'draft' }));
  await show('prod create emp', await j(employee, 'POST', '/api/admin/products', { ...body, slug: 'new-one', status: 'draft' }));
  const up = (bytes: Buffer, name: string, c: Client = admin) => { const f = new FormData(); f.append('file', new Blob([new Uint8Array(bytes)]), name); return fetch(`${t.url}/api/admin/media`, { method: 'POST', body: f, headers: { cookie: c.header() } }); };
  const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } }).png().toBuffer();
  console.log('prod1', (await (await j(admin,'GET','/api/admin/products/1')).json()).product?.status);
  await show('png+html', await up(Buffer.concat([png, Buffer.from('<html><script>alert(1)</script>')]), 'x.png'));
  const bomb = await sharp({ create: { width: 8000, height: 6000, channels: 3, background: '#000' } }).png({ compressionLevel: 9 }).toBuffer();
  console.log('bomb bytes', bomb.length);
  await show('bomb', await up(bomb, 'bomb.png'));
  await show('two files', await (async () => { const f = new FormData(); f.append('file', new Blob([png]), 'a.png'); f.append('file', new Blob([png]), 'b.png'); return fetch(`${t.url}/api/admin/media`, { method: 'POST', body: f, headers: { cookie: admin.header() } }); })());
  await show('no file field', await (async () => { const f = new FormData(); f.append('other', new Blob([png]), 'a.png'); return fetch(`${t.url}/api/admin/media`, { method: 'POST', body: f, headers: { cookie: admin.header() } }); })());
  await show('cross-site upload', await (async () => { const f = new FormData(); f.append('file', new Blob([png]), 'a.png'); return fetch(`${t.url}/api/admin/media`, { method: 'POST', body: f, headers: { cookie: admin.header(), origin: 'https://evil.example' } }); })());
  await show('anon upload', await (async () => { const f = new FormData(); f.append('file', new Blob([png]), 'a.png'); return fetch(`${t.url}/api/admin/media`, { method: 'POST', body: f }); })());
  await show('media get bad', await j(admin, 'GET', '/api/admin/media/../../etc'));
  await show('media file trav', await fetch(`${t.url}/media/..%2f..%2fetc/original`));
  await show('media list bad', await j(admin, 'GET', '/api/admin/media?kind=x&page=0'));
  await show('media patch arr', await j(admin, 'PATCH', '/api/admin/media/00000000-0000-4000-8000-000000000000', { altText: ['a'] }));
  const okRes = await up(png, 'ok.png'); const ok = (await okRes.json()).media;
  const r = await fetch(`${t.url}/media/${ok.id}/original`); console.log('orig headers', Object.fromEntries(r.headers));
  await show('emp delete media', await j(employee, 'DELETE', `/api/admin/media/${ok.id}`));
  await show('page upload multipart', await (async () => { const f = new FormData(); f.append('file', new Blob([png]), 'a.png'); return fetch(`${t.url}/admin/dashboard/media`, { method: 'POST', body: f, headers: { cookie: admin.header() }, redirect: 'manual' }); })());
}, 120_000);
