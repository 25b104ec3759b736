// Property: no partner reads or changes another organisation's records — its marketing requests and
// their threads, collateral files outside its audience, its notifications, its people — through the
// API, the pages or the live socket. fast-check picks the partner (any member of any organisation,
// the generic read-only `partner` member included), the other organisation, the way in, and ids:
// the other organisation's real ids as well as ids nobody holds. Every probe also has a control —
// the owner's own request succeeds the same way — so a probe that always answered 404 would fail.
import fc from 'fast-check';
import { count, eq } from 'drizzle-orm';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { marketingRequestComments, marketingRequests, notificationReads, users } from '../../server/db/schema';
import type { Organisation } from '../../server/modules/partners/service';
import type { Client } from '../support/client';
import { createOrganisation, signedInMember } from '../support/partners';
import { signedIn } from '../support/staff';
import { startTestServer, type TestServer } from '../support/test-server';

type Member = Awaited<ReturnType<typeof signedInMember>>;
interface Party {
  org: Organisation;
  members: Member[];
  /** A request of this organisation and a bell entry for it, and one for its first member alone. */
  requestId: number;
  notificationId: number;
  personalNotificationId: number;
}

let t: TestServer;
const parties: Party[] = [];
/** Collateral ids by audience: each readable by its type only. */
const collateral: Record<'importer' | 'distributor' | 'retailer', number> = { importer: 0, distributor: 0, retailer: 0 };
const sockets = new Map<string, Awaited<ReturnType<typeof live>>>();

const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const db = () => t.db.database.db;

async function ok(res: Response, status = 201) {
  const body = await res.json();
  expect(res.status, JSON.stringify(body)).toBe(status);
  return body;
}

function live(c: Client): Promise<{ ws: WebSocket; events: { type: string; id?: unknown; topic?: string }[]; settle(): Promise<void> }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${t.url.replace('http', 'ws')}/ws/live`, { headers: { cookie: c.header() } });
    const events: { type: string; id?: unknown; topic?: string }[] = [];
    const waiting: (() => void)[] = [];
    ws.on('message', (raw) => {
      const event = JSON.parse(String(raw)) as { type: string };
      if (event.type === 'error') waiting.shift()?.();
      else events.push(event);
    });
    // Every push under way handed to the sockets, then a round trip: what was sent before is here.
    const settle = async () => {
      await t.app.sockets.flush();
      await new Promise<void>((done) => {
        waiting.push(done);
        ws.send('not json');
      });
    };
    ws.once('open', () => resolve({ ws, events, settle })).once('error', reject);
  });
}

async function notify(org: Organisation, title: string, userId?: string) {
  const stored = await t.app.services.notifications.notify(db(), { kind: 'test', title, permission: 'marketing:request', organisationId: org.id, userId });
  await t.app.services.notifications.announce(stored);
  return stored.id;
}

beforeAll(async () => {
  t = await startTestServer();
  const staff = await signedIn(t, 'employee', 'isolation');
  const form = new FormData();
  form.append('file', new Blob([Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n')], { type: 'application/pdf' }), 'kit.pdf');
  const upload = await fetch(`${t.url}/api/admin/media`, { method: 'POST', body: form, headers: { cookie: staff.header() } });
  const mediaId = (await ok(upload)).media.id as string;
  for (const type of ['importer', 'distributor', 'retailer'] as const)
    collateral[type] = (
      await ok(
        await staff.json('POST', '/api/admin/collateral', {
          title: `${type} kit`,
          kind: 'pos_kit',
          description: '',
          mediaId,
          audience: [type],
          published: true,
        }),
      )
    ).id;

  // The tree: an importer, its distributor, two retailers of that distributor, a second importer.
  const importer = await createOrganisation(t, 'importer', { tradingName: 'Harbour Imports' });
  const distributor = await createOrganisation(t, 'distributor', { supplierId: importer.id, tradingName: 'Valley Distribution' });
  const orgs = [
    importer,
    distributor,
    await createOrganisation(t, 'retailer', { supplierId: distributor.id, tradingName: 'Corner Wines' }),
    await createOrganisation(t, 'retailer', { supplierId: distributor.id, tradingName: 'High Street Spirits' }),
    await createOrganisation(t, 'importer', { tradingName: 'Other Imports' }),
  ];
  for (const [i, org] of orgs.entries()) {
    const members = [await signedInMember(t, org, { tag: `owner${i}` })];
    // The generic read-only member sees no more than its colleagues.
    if (i === 2) members.push(await signedInMember(t, org, { role: 'partner', tag: `reader${i}` }));
    const request = await ok(
      await members[0]!.json('POST', '/api/partner/marketing/requests', {
        kind: 'materials',
        deliveryAddress: `${i} Trade Street`,
        neededBy: day(10),
        items: [{ collateralId: collateral[org.type], quantity: 10 + i }],
      }),
    );
    parties.push({
      org,
      members,
      requestId: request.id,
      notificationId: await notify(org, `${org.tradingName}: news`),
      personalNotificationId: await notify(org, `${org.tradingName}: for its owner`, members[0]!.userId),
    });
  }
  for (const p of parties) for (const m of p.members) sockets.set(m.userId, await live(m));
}, 60_000);

afterAll(async () => {
  for (const s of sockets.values()) s.ws.close();
  await t?.close();
});

/** Someone (a member of `actor`'s organisation) and another organisation (`other`). */
const pair = fc
  .record({ actor: fc.nat(4), member: fc.nat(1), other: fc.nat(4) })
  .filter(({ actor, other }) => actor !== other)
  .map(({ actor, member, other }) => {
    const a = parties[actor] as Party;
    return { a, me: a.members[member % a.members.length] as Member, b: parties[other] as Party };
  });

/** An id nobody's record has (int4, beyond those created here). */
const strayId = fc.integer({ min: 100_000, max: 2_147_483_647 });

const commentCount = async (requestId: number) =>
  (await db().select({ n: count() }).from(marketingRequestComments).where(eq(marketingRequestComments.requestId, requestId)))[0]?.n ?? 0;

describe('no partner reaches another organisation', () => {
  it("reads no other organisation's request, through the API or the page, and its own list holds only its own", async () => {
    await fc.assert(
      fc.asyncProperty(pair, fc.boolean(), strayId, async ({ a, me, b }, real, stray) => {
        const id = real ? b.requestId : stray;
        expect((await me.json('GET', `/api/partner/marketing/requests/${id}`)).status).toBe(404);
        expect((await me.get(`/partner/dashboard/marketing/requests/${id}`)).status).toBe(404);
        // The control: the same ways in answer its own request.
        expect((await me.json('GET', `/api/partner/marketing/requests/${a.requestId}`)).status).toBe(200);
        expect((await me.get(`/partner/dashboard/marketing/requests/${a.requestId}`)).status).toBe(200);
        const list = await ok(await me.json('GET', '/api/partner/marketing/requests'), 200);
        expect(list.items.map((r: { id: number }) => r.id)).toEqual([a.requestId]);
      }),
      { numRuns: 25 },
    );
  });

  it("writes nothing on another organisation's request: the comment is a 404 and the thread is unchanged", async () => {
    await fc.assert(
      fc.asyncProperty(
        pair,
        fc.string({ minLength: 1, maxLength: 40 }).filter((s) => s.trim().length > 0),
        async ({ me, b }, body) => {
          const before = await commentCount(b.requestId);
          const res = await me.json('POST', `/api/partner/marketing/requests/${b.requestId}/comments`, { body });
          expect(res.status).toBe(404);
          expect(await commentCount(b.requestId)).toBe(before);
          const [row] = await db().select({ version: marketingRequests.version }).from(marketingRequests).where(eq(marketingRequests.id, b.requestId));
          expect(row?.version).toBe(1);
        },
      ),
      { numRuns: 20 },
    );
  });

  it("downloads no collateral outside its organisation's type, and every file of its own type", async () => {
    await fc.assert(
      fc.asyncProperty(pair, fc.constantFrom('importer', 'distributor', 'retailer') as fc.Arbitrary<keyof typeof collateral>, async ({ a, me }, audience) => {
        const res = await me.get(`/api/partner/collateral/${collateral[audience]}/file`);
        expect(res.status).toBe(audience === a.org.type ? 200 : 404);
        await res.arrayBuffer();
      }),
      { numRuns: 20 },
    );
  });

  it("neither sees nor marks read another organisation's notifications, nor a colleague's personal ones", async () => {
    await fc.assert(
      fc.asyncProperty(pair, fc.constantFrom('organisation', 'personal', 'stray'), strayId, async ({ a, me, b }, which, stray) => {
        const id = which === 'organisation' ? b.notificationId : which === 'personal' ? b.personalNotificationId : stray;
        expect((await me.json('POST', `/api/partner/notifications/${id}/read`)).status).toBe(404);
        expect(await db().select().from(notificationReads).where(eq(notificationReads.notificationId, id))).toEqual([]);
        const feed = await ok(await me.json('GET', '/api/partner/notifications?pageSize=100'), 200);
        const seen = feed.items.map((n: { id: number }) => n.id);
        const mine = me.userId === a.members[0]?.userId ? [a.personalNotificationId, a.notificationId] : [a.notificationId];
        expect(seen.sort()).toEqual(mine.sort());
      }),
      { numRuns: 20 },
    );
  });

  it("learns nothing of another organisation's people: the Partners screens and API are staff's", async () => {
    await fc.assert(
      fc.asyncProperty(pair, async ({ me, b }) => {
        for (const path of [`/api/admin/partners/${b.org.id}`, `/api/admin/partners/${b.org.id}/members`]) {
          const res = await me.json('GET', path);
          expect(res.status).toBe(403);
          expect(JSON.stringify(await res.json())).not.toContain(b.members[0]!.email);
        }
        // Nor adds anyone to it.
        const email = `intruder-${b.org.id.slice(0, 8)}@partners.example`;
        const invite = await me.json('POST', `/api/admin/partners/${b.org.id}/members`, { email, firstName: 'In', lastName: 'Truder', role: b.org.type });
        expect(invite.status).toBe(403);
        expect(await db().select().from(users).where(eq(users.email, email))).toEqual([]);
        const page = await me.get(`/admin/dashboard/partners/${b.org.id}`);
        expect(page.status).toBe(302);
        expect(await page.text()).not.toContain(b.members[0]!.email);
      }),
      { numRuns: 10 },
    );
  });

  it("hears nothing on its live socket about another organisation, while that organisation's members do", async () => {
    const staff = await signedIn(t, 'employee', 'isolation-live');
    await fc.assert(
      fc.asyncProperty(pair, fc.constantFrom('notification', 'request'), async ({ a, b }, what) => {
        for (const s of sockets.values()) s.events.length = 0;
        if (what === 'notification') await notify(b.org, `${b.org.tradingName}: live news`);
        else {
          // A staff comment on b's request: its notification and its `changed` signal.
          const detail = await ok(await staff.json('GET', `/api/admin/marketing-requests/${b.requestId}`), 200);
          await ok(await staff.json('POST', `/api/admin/marketing-requests/${detail.id}/comments`, { body: 'Noted.' }), 201);
        }
        for (const s of sockets.values()) await s.settle();
        for (const m of a.members) expect(sockets.get(m.userId)?.events, `${a.org.tradingName} heard ${b.org.tradingName}'s ${what}`).toEqual([]);
        // The control: b's own members heard it.
        for (const m of b.members) expect(sockets.get(m.userId)?.events.length).toBeGreaterThan(0);
        if (what === 'request')
          expect(sockets.get(b.members[0]!.userId)?.events).toContainEqual(
            expect.objectContaining({ type: 'changed', topic: 'marketing_request', id: b.requestId }),
          );
      }),
      { numRuns: 12 },
    );
  });
});
