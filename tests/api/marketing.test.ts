import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, mediaAssets } from '../../server/db/schema';
import type { Client } from '../support/client';
import { signedIn } from '../support/staff';
import { startTestServer, type TestServer } from '../support/test-server';

let t: TestServer;
let admin: Client;
let employee: Client;
let retailer: Client;
let pdfId: string;
let imageId: string;

async function media(kind: 'image' | 'document', name: string): Promise<string> {
  const [row] = await t.db.database.db
    .insert(mediaAssets)
    .values({
      kind,
      mimeType: kind === 'image' ? 'image/png' : 'application/pdf',
      originalName: name,
      sizeBytes: 1234,
      sha256: 'a'.repeat(64),
      storageKey: `test/${name}`,
    })
    .returning({ id: mediaAssets.id });
  return row!.id;
}

beforeAll(async () => {
  t = await startTestServer();
  admin = await signedIn(t, 'admin', 'mkt');
  employee = await signedIn(t, 'employee', 'mkt');
  retailer = await signedIn(t, 'retailer', 'mkt');
  pdfId = await media('document', 'autumn-brochure.pdf');
  imageId = await media('image', 'tasting.png');
});
afterAll(async () => {
  await t?.close();
});

const details = async (res: Response) => ((await res.json()).error.details as { path: string }[]).map((d) => d.path);
const lastAudit = async (tableName: string, action: string) =>
  (
    await t.db.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.tableName, tableName), eq(auditLogs.action, action)))
      .orderBy(desc(auditLogs.id))
      .limit(1)
  )[0];

const brochure = () => ({
  title: 'Autumn trade brochure',
  kind: 'brochure',
  description: 'Our range for the season.',
  mediaId: pdfId,
  audience: ['retailer', 'importer'],
  published: true,
});

describe('collateral', () => {
  let id: number;

  it('creates an item with a file from the media library, audited', async () => {
    const res = await employee.json('POST', '/api/admin/collateral', brochure());
    expect(res.status).toBe(201);
    const item = await res.json();
    id = item.id;
    expect(item).toMatchObject({
      title: 'Autumn trade brochure',
      kind: 'brochure',
      audience: ['importer', 'retailer'],
      version: 1,
      media: { id: pdfId, originalName: 'autumn-brochure.pdf', url: `/media/${pdfId}/original` },
    });
    expect(await lastAudit('collateral_items', 'INSERT')).toMatchObject({
      recordId: String(id),
      newValues: expect.objectContaining({ title: 'Autumn trade brochure' }),
    });
  });

  it('refuses an item without an audience, or without an existing file', async () => {
    const none = await admin.json('POST', '/api/admin/collateral', { ...brochure(), audience: [] });
    expect(none.status).toBe(400);
    expect(await details(none)).toContain('audience');
    const missing = await admin.json('POST', '/api/admin/collateral', { ...brochure(), mediaId: '00000000-0000-4000-8000-000000000000' });
    expect(missing.status).toBe(400);
    expect(await details(missing)).toEqual(['mediaId']);
    const bad = await admin.json('POST', '/api/admin/collateral', { ...brochure(), title: '', kind: 'poster' });
    expect(await details(bad)).toEqual(expect.arrayContaining(['title', 'kind']));
  });

  it('lists with search, sort and pages', async () => {
    await admin.json('POST', '/api/admin/collateral', { ...brochure(), title: 'Bar shelf talker', kind: 'shelf_talker', mediaId: imageId });
    const all = await (await admin.json('GET', '/api/admin/collateral?sort=title')).json();
    expect(all.items.map((i: { title: string }) => i.title)).toEqual(['Autumn trade brochure', 'Bar shelf talker']);
    // Each item carries its file, as the editor's picker shows it: a document links to itself, an
    // image to its web version and thumbnail.
    expect(all.items.map((i: { media: unknown }) => i.media)).toEqual([
      {
        id: pdfId,
        kind: 'document',
        originalName: 'autumn-brochure.pdf',
        mimeType: 'application/pdf',
        altText: expect.any(String),
        url: `/media/${pdfId}/original`,
        thumbUrl: null,
      },
      {
        id: imageId,
        kind: 'image',
        originalName: 'tasting.png',
        mimeType: 'image/png',
        altText: expect.any(String),
        url: `/media/${imageId}/web`,
        thumbUrl: `/media/${imageId}/thumb`,
      },
    ]);
    const found = await (await admin.json('GET', '/api/admin/collateral?q=shelf')).json();
    expect(found).toMatchObject({ total: 1, items: [{ title: 'Bar shelf talker' }] });
    expect((await (await admin.json('GET', '/api/admin/collateral?pageSize=1&page=2&sort=title&dir=desc')).json()).items[0].title).toBe(
      'Autumn trade brochure',
    );
  });

  it('updates with the version read, and refuses an older version with 409', async () => {
    const ok = await employee.json('PUT', `/api/admin/collateral/${id}`, { ...brochure(), title: 'Autumn brochure 2026', version: 1 });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ title: 'Autumn brochure 2026', version: 2 });
    expect(await lastAudit('collateral_items', 'UPDATE')).toMatchObject({
      oldValues: expect.objectContaining({ title: 'Autumn trade brochure' }),
      newValues: expect.objectContaining({ title: 'Autumn brochure 2026' }),
    });
    const stale = await admin.json('PUT', `/api/admin/collateral/${id}`, { ...brochure(), version: 1 });
    expect(stale.status).toBe(409);
    expect((await stale.json()).error.code).toBe('version_conflict');
  });

  it('lets admins delete, not employees, and not partners anything', async () => {
    expect((await employee.json('DELETE', `/api/admin/collateral/${id}`)).status).toBe(403);
    expect((await retailer.json('GET', '/api/admin/collateral')).status).toBe(403);
    expect((await retailer.json('POST', '/api/admin/collateral', brochure())).status).toBe(403);
    expect((await admin.json('DELETE', `/api/admin/collateral/${id}`)).status).toBe(204);
    expect((await admin.json('GET', `/api/admin/collateral/${id}`)).status).toBe(404);
    expect(await lastAudit('collateral_items', 'DELETE')).toMatchObject({ recordId: String(id) });
  });
});

const tasting = () => ({
  title: 'Winter gin tasting',
  description: 'Six gins, one evening.',
  startsLocal: '2026-12-01T19:00',
  endsLocal: '2026-12-01T22:30',
  timezone: 'America/New_York',
  venue: 'The Brass Room',
  city: 'New York',
  country: 'US',
  capacity: 40,
  imageMediaId: imageId,
  published: true,
});

describe('events', () => {
  let id: number;

  it('stores the wall-clock time of the event’s zone in UTC', async () => {
    const res = await employee.json('POST', '/api/admin/events', tasting());
    expect(res.status).toBe(201);
    const event = await res.json();
    id = event.id;
    expect(event).toMatchObject({
      startsAt: '2026-12-02T00:00:00.000Z',
      endsAt: '2026-12-02T03:30:00.000Z',
      startsLocal: '2026-12-01T19:00',
      endsLocal: '2026-12-01T22:30',
      timezone: 'America/New_York',
      capacity: 40,
      version: 1,
      image: { id: imageId },
    });
    const london = await (
      await employee.json('POST', '/api/admin/events', {
        ...tasting(),
        title: 'Summer launch',
        startsLocal: '2026-07-01T19:00',
        endsLocal: null,
        timezone: 'Europe/London',
        capacity: null,
        imageMediaId: null,
      })
    ).json();
    expect(london).toMatchObject({ startsAt: '2026-07-01T18:00:00.000Z', endsAt: null, capacity: null, image: null });
  });

  it('validates zone, times, capacity and image', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ timezone: 'Mars/Olympus_Mons' }, 'timezone'],
      [{ endsLocal: '2026-12-01T18:00' }, 'endsLocal'],
      [{ capacity: 0 }, 'capacity'],
      [{ capacity: 2.5 }, 'capacity'],
      [{ startsLocal: '2026-12-01 19:00' }, 'startsLocal'],
      [{ venue: '' }, 'venue'],
      [{ imageMediaId: pdfId }, 'imageMediaId'],
      // A day the calendar does not have is refused, not rolled over into March.
      [{ startsLocal: '2026-02-31T19:00', endsLocal: null }, 'startsLocal'],
      [{ endsLocal: '2026-12-32T19:00' }, 'endsLocal'],
    ];
    for (const [change, path] of cases) {
      const res = await admin.json('POST', '/api/admin/events', { ...tasting(), ...change });
      expect(res.status, JSON.stringify(change)).toBe(400);
      expect(await details(res)).toContain(path);
    }
  });

  it('updates (times recomputed), refuses a stale version, and lists in start order', async () => {
    const res = await admin.json('PUT', `/api/admin/events/${id}`, { ...tasting(), startsLocal: '2026-12-01T20:00', timezone: 'Europe/Paris', version: 1 });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ startsAt: '2026-12-01T19:00:00.000Z', version: 2 });
    const stale = await employee.json('PUT', `/api/admin/events/${id}`, { ...tasting(), version: 1 });
    expect(stale.status).toBe(409);
    expect((await stale.json()).error.code).toBe('version_conflict');
    const listed = await (await admin.json('GET', '/api/admin/events?q=brass&sort=startsAt&dir=asc')).json();
    expect(listed.items.map((e: { title: string }) => e.title)).toEqual(['Summer launch', 'Winter gin tasting']);
    // Listed with their zone's wall-clock times and their image (or none), as the form shows them.
    expect(listed.items).toMatchObject([
      { startsLocal: '2026-07-01T19:00', endsLocal: null, timezone: 'Europe/London', image: null },
      { startsLocal: '2026-12-01T20:00', endsLocal: '2026-12-01T22:30', timezone: 'Europe/Paris', image: { id: imageId, url: `/media/${imageId}/web` } },
    ]);
    expect((await (await admin.json('GET', '/api/admin/events?q=brass')).json()).total).toBe(2);
  });

  it('answers ids beyond the id column with 400 (API) and 404 (pages), never a database error', async () => {
    for (const path of ['/api/admin/events/99999999999', '/api/admin/collateral/99999999999', '/api/admin/events/0x10', '/api/admin/events/1e3']) {
      expect((await admin.json('GET', path)).status, path).toBe(400);
    }
    expect((await admin.json('DELETE', '/api/admin/events/99999999999')).status).toBe(400);
    expect((await admin.get('/admin/dashboard/marketing/events/99999999999')).status).toBe(404);
    expect((await admin.get('/admin/dashboard/marketing/collateral/99999999999')).status).toBe(404);
  });

  it('shows event times on the event’s own clock, the same on the server as in any browser', async () => {
    const html = await (await admin.get('/admin/dashboard/marketing?tab=events')).text();
    expect(html).toContain('1 Dec 2026, 20:00 (Europe/Paris)');
  });

  it('lets admins delete, not employees', async () => {
    expect((await employee.json('DELETE', `/api/admin/events/${id}`)).status).toBe(403);
    expect((await admin.json('DELETE', `/api/admin/events/${id}`)).status).toBe(204);
    expect((await admin.json('DELETE', `/api/admin/events/${id}`)).status).toBe(404);
  });
});
