import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { auditLogs, brandEvents, cocktails, collateralItems } from '../../server/db/schema';
import type { CocktailEdit } from '../../shared/schemas/cocktails';
import type { Client } from '../support/client';
import { signedIn } from '../support/staff';
import { startTestServer, type TestServer } from '../support/test-server';

let t: TestServer;
let admin: Client;
let employee: Client;
let png: Buffer;
beforeAll(async () => {
  t = await startTestServer();
  admin = await signedIn(t, 'admin', 'media');
  employee = await signedIn(t, 'employee', 'media');
  png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#2f5d50' } })
    .png()
    .toBuffer();
});
afterAll(async () => {
  await t?.close();
});

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj\n2 0 obj <</Type /Pages /Kids [] /Count 0>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n',
);

function upload(c: Client | null, bytes: Buffer, name: string, type = 'application/octet-stream', altText?: string) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
  if (altText !== undefined) form.append('altText', altText);
  return fetch(`${t.url}/api/admin/media`, { method: 'POST', body: form, headers: c ? { cookie: c.header() } : {} });
}

async function uploaded(c: Client, bytes: Buffer, name: string, type?: string, altText?: string) {
  const res = await upload(c, bytes, name, type, altText);
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()).media;
}

const audits = (id: string) =>
  t.db.database.db
    .select()
    .from(auditLogs)
    .where(and(eq(auditLogs.tableName, 'media_assets'), eq(auditLogs.recordId, id)))
    .orderBy(asc(auditLogs.id));

describe('uploads', () => {
  it('stores an image with its size and serves resized WebP versions', async () => {
    const media = await uploaded(admin, png, 'Bottle shot.png', 'image/png', 'A green bottle');
    expect(media).toMatchObject({ kind: 'image', mimeType: 'image/png', width: 40, height: 30, originalName: 'Bottle shot.png', altText: 'A green bottle' });
    expect(media.url).toBe(`/media/${media.id}/web`);
    expect(media.thumbUrl).toBe(`/media/${media.id}/thumb`);
    expect(media.sha256).toMatch(/^[0-9a-f]{64}$/);
    for (const url of [media.url, media.thumbUrl]) {
      // Not shown by any public page yet: staff only, never cached.
      const res = await admin.get(url);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/webp');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('cache-control')).toBe('private, no-store');
      const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.width).toBe(40); // never enlarged
    }
    const original = await admin.get(`/media/${media.id}/original`);
    expect(original.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await original.arrayBuffer()).equals(png)).toBe(true);
    expect((await audits(media.id)).map((a) => a.action)).toEqual(['INSERT']);
  });

  it('takes a 6 MB image (no page-body limit on the API) and scales its web version and thumbnail down', async () => {
    const noise = await sharp(randomBytes(2000 * 1000 * 3), { raw: { width: 2000, height: 1000, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(noise.length).toBeGreaterThan(5 * 1024 * 1024);
    const media = await uploaded(employee, noise, 'noise.png', 'image/png');
    expect([media.width, media.height]).toEqual([2000, 1000]);
    const web = await sharp(Buffer.from(await (await admin.get(media.url)).arrayBuffer())).metadata();
    expect([web.width, web.height]).toEqual([1600, 800]);
    const thumb = await sharp(Buffer.from(await (await admin.get(media.thumbUrl!)).arrayBuffer())).metadata();
    expect([thumb.width, thumb.height]).toEqual([400, 200]);
  });

  it('stores a PDF as a document, by content even under a .jpg name', async () => {
    const media = await uploaded(admin, PDF, 'price list.jpg', 'image/jpeg');
    expect(media).toMatchObject({ kind: 'document', mimeType: 'application/pdf', width: null, thumbUrl: null });
    expect(media.url).toBe(`/media/${media.id}/original`);
    const res = await admin.get(media.url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-disposition')).toBe('inline; filename="price list.jpg"');
    expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
    expect((await admin.get(`/media/${media.id}/web`)).status).toBe(404);
    expect((await admin.get(`/media/${media.id}/thumb`)).status).toBe(404);
  });

  it('refuses text named .png, and an image that does not decode, with 415', async () => {
    const text = await upload(admin, Buffer.from('just some text, honestly a picture'), 'photo.png', 'image/png');
    expect(text.status).toBe(415);
    const body = await text.json();
    expect(body.error.code).toBe('unsupported_file_type');
    expect(body.error.message).toMatch(/JPEG, PNG, WebP, GIF or AVIF.*PDF/);
    const broken = Buffer.concat([png.subarray(0, 40), randomBytes(200)]);
    const res = await upload(admin, broken, 'broken.png', 'image/png');
    expect(res.status).toBe(415);
    expect((await res.json()).error.code).toBe('unsupported_file_type');
  });

  it('refuses an image over 10 MB with 413', async () => {
    const big = Buffer.concat([png, Buffer.alloc(10 * 1024 * 1024)]);
    const res = await upload(admin, big, 'huge.png', 'image/png');
    expect(res.status).toBe(413);
    expect((await res.json()).error.code).toBe('file_too_large');
  });

  it('refuses an image of more than 40 megapixels by its size, not as a damaged file', async () => {
    // 8000 × 6000 of one colour compresses to a small file: a camera photo, or a decompression bomb.
    const huge = await sharp({ create: { width: 8000, height: 6000, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    const res = await upload(admin, huge, 'camera.png', 'image/png');
    expect(res.status).toBe(413);
    const { error } = await res.json();
    expect(error.code).toBe('image_too_large');
    expect(error.message).toMatch(/8000 × 6000 pixels.*resize it/);
  });

  it('refuses, unstored, a file of the other kind when the field says which kind it takes', async () => {
    const upload = (bytes: Buffer, name: string, kind: string) => {
      const form = new FormData();
      form.append('kind', kind);
      form.append('file', new Blob([new Uint8Array(bytes)]), name);
      return fetch(`${t.url}/api/admin/media`, { method: 'POST', body: form, headers: { cookie: admin.header() } });
    };
    const before = (await (await admin.get('/api/admin/media?pageSize=1')).json()).total;
    const pdfAsImage = await upload(PDF, 'brochure.pdf', 'image');
    expect(pdfAsImage.status).toBe(415);
    expect((await pdfAsImage.json()).error).toMatchObject({
      code: 'unsupported_file_type',
      message: expect.stringMatching(/This file is a PDF: choose a JPEG/),
    });
    expect((await upload(png, 'a.png', 'document')).status).toBe(415);
    expect((await (await admin.get('/api/admin/media?pageSize=1')).json()).total).toBe(before);
    expect((await upload(png, 'a.png', 'image')).status).toBe(201);
    expect((await upload(png, 'a.png', 'video')).status).toBe(400);
  });

  it('answers 400 without a file and validates the alt text', async () => {
    const form = new FormData();
    form.append('altText', 'nothing here');
    const none = await fetch(`${t.url}/api/admin/media`, { method: 'POST', body: form, headers: { cookie: admin.header() } });
    expect(none.status).toBe(400);
    expect((await none.json()).error.code).toBe('file_missing');
    const long = await upload(admin, png, 'a.png', 'image/png', 'x'.repeat(301));
    expect(long.status).toBe(400);
    expect((await long.json()).error.details[0].path).toBe('altText');
  });

  it('refuses partners (403) and visitors (401) before reading the file', async () => {
    const partner = await signedIn(t, 'retailer', 'media');
    expect((await upload(partner, png, 'a.png')).status).toBe(403);
    expect((await partner.get('/api/admin/media')).status).toBe(403);
    expect((await upload(null, png, 'a.png')).status).toBe(401);
    expect((await fetch(`${t.url}/api/admin/media`)).status).toBe(401);
  });

  it('refuses a cross-site upload', async () => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(png)]), 'a.png');
    const res = await fetch(`${t.url}/api/admin/media`, { method: 'POST', body: form, headers: { cookie: admin.header(), origin: 'https://evil.example' } });
    expect(res.status).toBe(403);
  });
});

describe('library', () => {
  it('lists newest first, searches name and alt text, filters by kind, and edits alt text', async () => {
    const a = await uploaded(admin, png, 'lemon-twist.png', 'image/png', 'A twist of lemon');
    const b = await uploaded(admin, PDF, 'Lemon brochure.pdf', 'application/pdf');
    const all = await (await admin.get('/api/admin/media?pageSize=2')).json();
    expect(all.items.map((m: { id: string }) => m.id)).toEqual([b.id, a.id]);
    expect(all.total).toBeGreaterThanOrEqual(2);
    const lemons = await (await admin.get('/api/admin/media?q=lemon')).json();
    expect(lemons.items.map((m: { id: string }) => m.id)).toEqual([b.id, a.id]);
    expect(lemons.total).toBe(2);
    // A page past the end: nothing, and still the count.
    expect(await (await admin.get('/api/admin/media?q=lemon&pageSize=1&page=5')).json()).toMatchObject({ items: [], total: 2 });
    const twist = await (await admin.get('/api/admin/media?q=twist%20of')).json();
    expect(twist.items.map((m: { id: string }) => m.id)).toEqual([a.id]);
    const docs = await (await admin.get('/api/admin/media?kind=document&q=lemon')).json();
    expect(docs.items.map((m: { id: string }) => m.id)).toEqual([b.id]);
    expect((await admin.get('/api/admin/media?kind=video')).status).toBe(400);

    const patched = await employee.json('PATCH', `/api/admin/media/${a.id}`, { altText: '  A lemon twist on a bar  ' });
    expect(patched.status).toBe(200);
    expect((await patched.json()).media.altText).toBe('A lemon twist on a bar');
    expect((await (await admin.get(`/api/admin/media/${a.id}`)).json()).media.altText).toBe('A lemon twist on a bar');
    const [, update] = await audits(a.id);
    expect(update).toMatchObject({ action: 'UPDATE', oldValues: { altText: 'A twist of lemon' }, newValues: { altText: 'A lemon twist on a bar' } });
    expect((await admin.get('/api/admin/media/not-a-uuid')).status).toBe(404);
  });

  it('keeps the other API routes working behind the media router', async () => {
    expect((await fetch(`${t.url}/api/ping`)).status).toBe(200);
    const res = await admin.post('/api/age-gate', { year: '1980' });
    expect(res.status).toBe(415);
  });
});

describe('deleting', () => {
  it('lets only catalog:delete delete, refuses while a cocktail uses the file, then removes row and files', async () => {
    const media = await uploaded(employee, png, 'negroni.png', 'image/png');
    expect((await employee.json('DELETE', `/api/admin/media/${media.id}`)).status).toBe(403);
    // Nor through the Media Library page's form: the employee is turned away and the file stays.
    const posted = await employee.post('/admin/dashboard/media', { intent: 'delete', id: media.id });
    expect(posted.status).toBe(302);
    expect(posted.headers.get('location')).not.toMatch(/\/admin\/dashboard\/media/);
    expect((await admin.get(`/api/admin/media/${media.id}`)).status).toBe(200);

    const db = t.db.database.db;
    const [cocktail] = await db.select().from(cocktails).orderBy(asc(cocktails.id)).limit(1);
    await db.update(cocktails).set({ imageMediaId: media.id }).where(eq(cocktails.id, cocktail!.id));
    const refused = await admin.json('DELETE', `/api/admin/media/${media.id}`);
    expect(refused.status).toBe(409);
    const body = await refused.json();
    expect(body.error.code).toBe('still_referenced');
    expect(body.error.message).toContain(`the cocktail “${cocktail!.name}”`);
    expect((await admin.get(media.url)).status).toBe(200);

    // The library's "Used by" names every kind of user, by kind; a file nothing uses names none.
    const [item] = await db
      .insert(collateralItems)
      .values({ title: 'Negroni shelf talker', kind: 'shelf_talker', mediaId: media.id, audience: ['retailer'] })
      .returning();
    const [event] = await db
      .insert(brandEvents)
      .values({ title: 'Negroni week', startsAt: new Date('2030-06-01T18:00:00Z'), timezone: 'Europe/London', venue: 'The Cellar', imageMediaId: media.id })
      .returning();
    const unused = await uploaded(employee, png, 'unused.png', 'image/png');
    const listed = (await (await admin.json('GET', '/api/admin/media')).json()).items as { id: string; usedBy: string[] }[];
    expect(listed.find((m) => m.id === media.id)?.usedBy).toEqual([
      `the cocktail “${cocktail!.name}”`,
      'the collateral item “Negroni shelf talker”',
      'the event “Negroni week”',
    ]);
    expect(listed.find((m) => m.id === unused.id)?.usedBy).toEqual([]);
    await db.delete(collateralItems).where(eq(collateralItems.id, item!.id));
    await db.delete(brandEvents).where(eq(brandEvents.id, event!.id));

    await db.update(cocktails).set({ imageMediaId: null }).where(eq(cocktails.id, cocktail!.id));
    expect((await admin.json('DELETE', `/api/admin/media/${media.id}`)).status).toBe(204);
    for (const url of [media.url, media.thumbUrl, `/media/${media.id}/original`]) {
      const res = await admin.get(url as string);
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    }
    expect((await admin.get(`/api/admin/media/${media.id}`)).status).toBe(404);
    expect((await audits(media.id)).map((a) => a.action)).toEqual(['INSERT', 'DELETE']);
    expect((await admin.json('DELETE', `/api/admin/media/${media.id}`)).status).toBe(404);
  });
});

/** The editable fields of a recipe as the staff API returns it, ready to PUT back. */
function pickInput(r: CocktailEdit) {
  return {
    name: r.name,
    slug: r.slug,
    description: r.description,
    baseSpirit: r.baseSpirit,
    glass: r.glass,
    difficulty: r.difficulty,
    prepMinutes: r.prepMinutes,
    featured: r.featured,
    published: r.published,
    steps: r.steps,
    imageMediaId: r.image?.id ?? null,
    ingredients: r.ingredients.map(({ name, amount, unit, productId }) => ({ name, amount, unit, productId })),
  };
}

describe('who may fetch a stored file', () => {
  it('serves an unpublished file to signed-in staff only, and a file public content shows to anyone', async () => {
    const media = await uploaded(admin, png, 'secret-launch.png', 'image/png');
    const partner = await signedIn(t, 'distributor', 'files');
    for (const url of [media.url, media.thumbUrl as string, `/media/${media.id}/original`]) {
      const anonymous = await fetch(t.url + url);
      expect(anonymous.status, url).toBe(404);
      expect((await partner.get(url)).status, url).toBe(404);
      expect((await employee.get(url)).status, url).toBe(200);
    }
    // A published recipe shows it: now it is public, and cacheable for good.
    const db = t.db.database.db;
    const [cocktail] = await db.select().from(cocktails).where(eq(cocktails.published, true)).orderBy(asc(cocktails.id)).limit(1);
    const recipe = (await (await admin.json('GET', `/api/admin/cocktails/${cocktail!.id}`)).json()).cocktail as CocktailEdit;
    const saved = await admin.json('PUT', `/api/admin/cocktails/${cocktail!.id}`, { ...pickInput(recipe), imageMediaId: media.id, version: recipe.version });
    expect(saved.status, await saved.clone().text()).toBe(200);
    const shown = await fetch(t.url + media.url);
    expect(shown.status).toBe(200);
    expect(shown.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });
});
