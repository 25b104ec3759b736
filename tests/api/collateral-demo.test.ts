// Request Materials on a fresh install (issue 40, "Screens that mislead"). Without collateral the
// page says there is none and what happens next, and the disabled "Send request" button says why
// (a visible sentence it is described by, not a tooltip). In demo mode the demo network has
// collateral to download and to ask printed copies of: real PDFs in the media library, published for
// their partner types, seeded once however often the demo users are made again.
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDemoUsers, DEMO_DOMAIN } from '../../server/bootstrap';
import { collateralItems, mediaAssets } from '../../server/db/schema';
import { Client } from '../support/client';
import { createOrganisation, signedInMember } from '../support/partners';
import { startTestServer, type TestServer } from '../support/test-server';

const PAGE = '/partner/dashboard/marketing/materials';
const DEMO_PASSWORD = 'Collateral-demo-pass-1';

/** The element with `id`'s text (tags stripped, entities of the apostrophe decoded). */
function textOf(html: string, id: string): string | null {
  const m = new RegExp(`<(\\w+)[^>]*\\bid="${id}"[^>]*>([\\s\\S]*?)</\\1>`).exec(html);
  return m
    ? m[2]!
        .replace(/<[^>]+>/g, '')
        .replace(/&#x27;|&#39;/g, "'")
        .trim()
    : null;
}
/** The `<button …>` whose text is `label`, as written. */
const buttonTag = (html: string, label: string) => /<button[^>]*>/.exec(html.slice(html.lastIndexOf('<button', html.indexOf(`>${label}</button>`))))?.[0] ?? '';

describe('an install with no collateral', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer();
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  it('says there is none and what happens next, and the disabled button says why', async () => {
    const distributor = await createOrganisation(t, 'distributor');
    const shop = await createOrganisation(t, 'retailer', { supplierId: distributor.id });
    const member = await signedInMember(t, shop);
    const res = await member.get(PAGE);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(textOf(html, 'collateral-empty')).toBe(
      'Frolic has not published any collateral for retailers yet. When it does, it appears here to download, and you can ask for printed copies of it.',
    );
    const button = buttonTag(html, 'Send request');
    expect(button).toContain('aria-describedby="request-locked"');
    expect(textOf(html, 'request-locked')).toBe('You can ask for printed copies once there is collateral to choose from.');
    expect(html).toMatch(/<fieldset[^>]*disabled/);
  });
});

describe('the demo', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer();
    await createDemoUsers(t.app.services, t.db.database, DEMO_PASSWORD);
    // Made again (every demo start does): the collateral is seeded once.
    await createDemoUsers(t.app.services, t.db.database, DEMO_PASSWORD);
  }, 90_000);
  afterAll(async () => {
    await t?.close();
  });

  it('has collateral for its partners: PDFs in the media library, published for their types, seeded once', async () => {
    const db = t.db.database.db;
    expect((await db.select({ n: count() }).from(collateralItems))[0]!.n).toBe(3);
    expect((await db.select({ n: count() }).from(mediaAssets))[0]!.n).toBeGreaterThanOrEqual(3);

    const retailer = await new Client(t.url).passGate();
    expect((await retailer.post('/auth/login', { email: `retailer@${DEMO_DOMAIN}`, password: DEMO_PASSWORD })).status).toBe(302);
    const res = await retailer.get(PAGE);
    expect(res.status).toBe(200);
    const html = await res.text();
    // A retailer's: the brochure and the shelf talkers, not the trade price list.
    expect(html).toContain('Frolic brand brochure');
    expect(html).toContain('Shelf talkers');
    expect(html).not.toContain('Trade price list');
    expect(textOf(html, 'collateral-empty')).toBeNull();
    expect(textOf(html, 'request-locked')).toBeNull();
    expect(buttonTag(html, 'Send request')).not.toContain('aria-describedby');
    expect(html).not.toMatch(/<fieldset[^>]*disabled/);
    // Each download is a real PDF.
    const links = [...html.matchAll(/href="([^"]+)"[^>]*download=/g)].map((m) => m[1]!.replaceAll('&amp;', '&'));
    expect(links).toHaveLength(2);
    for (const link of links) {
      const file = await retailer.get(link);
      expect(file.status).toBe(200);
      expect(file.headers.get('content-type')).toContain('application/pdf');
      expect(
        Buffer.from(await file.arrayBuffer())
          .subarray(0, 5)
          .toString(),
      ).toBe('%PDF-');
    }
  });
});
