// The bell's audience rule, one rule in three places: the feed's query, the live push to staff
// sockets and the decision itself (`authorize(reader, audienceNeed(entry))`) agree for every reader
// and every entry — staff-wide entries, an organisation's entries (staff and that organisation's
// partners), entries for one user.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { audienceNeed, authorize, type Viewer } from '../../server/auth/authorize';
import type { StoredNotification } from '../../server/modules/notifications/service';
import type { Client } from '../support/client';
import { createOrganisation } from '../support/partners';
import { signedIn } from '../support/staff';
import { startTestServer, type TestServer } from '../support/test-server';

type Staff = Client & { userId: string };

/** Two organisations (entries reference real ones); the readers are given one by `viewerOf`. */
let ACME: string;
let BREW: string;

let t: TestServer;
let clerk: Staff;
let manager: Staff;
let master: Staff;
let retailer: Staff;

beforeAll(async () => {
  t = await startTestServer();
  ACME = (await createOrganisation(t, 'retailer')).id;
  BREW = (await createOrganisation(t, 'retailer')).id;
  [clerk, manager, master, retailer] = await Promise.all([
    signedIn(t, 'employee', 'aud'),
    signedIn(t, 'admin', 'aud'),
    signedIn(t, 'master_admin', 'aud'),
    signedIn(t, 'retailer', 'aud'),
  ]);
});
afterAll(async () => {
  await t?.close();
});

const viewerOf = async (c: Client, organisationId: string | null = null): Promise<Viewer> => {
  const token = c.header().match(/frolic_session=([^;]+)/)?.[1] as string;
  const user = await t.app.services.sessions.resolve(token);
  // The test places the reader in an organisation (or none) without a second sign-in.
  return { ...(user as Viewer), organisationId };
};

function staffSocket(c: Client): Promise<{ ws: WebSocket; events: { type: string; id?: number }[] }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${t.url.replace('http', 'ws')}/ws/staff`, { headers: { cookie: c.header() } });
    const events: { type: string; id?: number }[] = [];
    ws.on('message', (raw) => events.push(JSON.parse(String(raw))));
    ws.once('open', () => resolve({ ws, events })).once('error', reject);
  });
}

async function post(input: Parameters<typeof t.app.services.notifications.notify>[1]): Promise<StoredNotification> {
  const stored = await t.app.services.notifications.notify(t.db.database.db, input);
  await t.app.services.notifications.announce(stored);
  return stored;
}

describe('who sees an entry', () => {
  it('the feed shows a reader exactly the entries the decision lets them see', async () => {
    const titles = new Map<number, string>();
    const entries: StoredNotification[] = [];
    const add = async (input: Parameters<typeof post>[0]) => {
      const stored = await post(input);
      titles.set(stored.id, input.title);
      entries.push(stored);
    };
    await add({ kind: 'test', title: 'Staff-wide: new inquiry', permission: 'inquiries:manage' });
    await add({ kind: 'test', title: 'For the clerk only', permission: 'inquiries:manage', userId: clerk.userId });
    await add({ kind: 'test', title: 'Acme placed an order', permission: 'orders:manage', organisationId: ACME });
    await add({ kind: 'test', title: 'Brew placed an order', permission: 'orders:manage', organisationId: BREW });
    await add({ kind: 'test', title: 'For one Acme user', permission: 'orders:manage', organisationId: ACME, userId: retailer.userId });
    await add({ kind: 'test', title: 'Staff-wide order entry', permission: 'orders:manage' });
    await add({ kind: 'test', title: 'Content changed', permission: 'cms:access' });
    const readers = {
      clerk: await viewerOf(clerk),
      manager: await viewerOf(manager),
      master: await viewerOf(master),
      'retailer of Acme': await viewerOf(retailer, ACME),
      'retailer of Brew': await viewerOf(retailer, BREW),
      'retailer without an organisation': await viewerOf(retailer),
    };
    const policy = { requireTwoFactorForStaff: false };
    const seen: Record<string, string[]> = {};
    for (const [name, reader] of Object.entries(readers)) {
      const feed = await t.app.services.notifications.list(reader, { pageSize: 100 });
      const listed = feed.items.map((i) => i.id).sort((a, b) => a - b);
      const decided = entries.filter((e) => authorize(reader, audienceNeed(e), policy).allowed).map((e) => e.id);
      expect(listed, name).toEqual(decided);
      // Asked again, with the reader's counts kept: the prepared page (its own SQL) lists the same.
      expect(await t.app.services.notifications.list(reader, { pageSize: 100 }), name).toEqual(feed);
      expect(await t.app.services.notifications.unreadCount(reader), name).toBe(decided.length);
      // The list's own count agrees, on a page, past the last page, and in the unread-only feed.
      expect(feed.unreadCount, name).toBe(decided.length);
      const past = await t.app.services.notifications.list(reader, { page: 1000, pageSize: 1 });
      expect([past.items.length, past.total, past.unreadCount], name).toEqual([0, decided.length, decided.length]);
      const unreadOnly = await t.app.services.notifications.list(reader, { unreadOnly: true, pageSize: 1 });
      expect([unreadOnly.items.length, unreadOnly.total, unreadOnly.unreadCount], name).toEqual([Math.min(1, decided.length), decided.length, decided.length]);
      seen[name] = listed.map((id) => titles.get(id) as string).sort();
    }
    // And what that rule means, written out.
    expect(seen).toEqual({
      clerk: ['Content changed', 'For the clerk only', 'Staff-wide: new inquiry'],
      // Admins hold Order Management over every organisation (they act on Trade orders).
      manager: ['Acme placed an order', 'Brew placed an order', 'Content changed', 'Staff-wide order entry', 'Staff-wide: new inquiry'],
      master: ['Acme placed an order', 'Brew placed an order', 'Content changed', 'Staff-wide order entry', 'Staff-wide: new inquiry'],
      'retailer of Acme': ['Acme placed an order', 'For one Acme user'],
      'retailer of Brew': ['Brew placed an order'],
      'retailer without an organisation': [],
    });
    // Read one: the total stays, the bell's number and the unread-only feed lose it.
    const notices = t.app.services.notifications;
    const before = await notices.list(readers.master, { pageSize: 100 });
    const read = before.items[1]!;
    await notices.markRead(readers.master, read.id);
    const after = await notices.list(readers.master, { pageSize: 100 });
    expect([after.total, after.unreadCount]).toEqual([before.total, before.total - 1]);
    expect(after.items.filter((i) => i.read).map((i) => i.id)).toEqual([read.id]);
    const unread = await notices.list(readers.master, { unreadOnly: true, pageSize: 2 });
    expect([unread.total, unread.unreadCount, unread.items.length]).toEqual([before.total - 1, before.total - 1, 2]);
    expect(unread.items.map((i) => i.id)).not.toContain(read.id);
    const pastUnread = await notices.list(readers.master, { unreadOnly: true, page: 100, pageSize: 2 });
    expect([pastUnread.items.length, pastUnread.total, pastUnread.unreadCount]).toEqual([0, before.total - 1, before.total - 1]);
  });

  it('marking read follows the same rule: someone else’s entry does not exist for the reader', async () => {
    const mine = await post({ kind: 'test', title: 'Yours, clerk', permission: 'inquiries:manage', userId: clerk.userId });
    expect((await manager.json('POST', `/api/admin/notifications/${mine.id}/read`)).status).toBe(404);
    expect((await clerk.json('POST', `/api/admin/notifications/${mine.id}/read`)).status).toBe(204);
  });

  it('the live push goes to the sockets the decision lets see the entry, and only those', async () => {
    const sockets = await Promise.all([staffSocket(clerk), staffSocket(manager), staffSocket(master)]);
    const [clerkIds, managerIds, masterIds] = sockets.map((s) => () => s.events.filter((e) => e.type === 'notification').map((e) => e.id));
    try {
      const forManager = await post({ kind: 'test', title: 'Only for the manager', permission: 'inquiries:manage', userId: manager.userId });
      const acmeOrder = await post({ kind: 'test', title: 'An Acme order', permission: 'orders:manage', organisationId: ACME });
      const forAll = await post({ kind: 'test', title: 'For all staff', permission: 'inquiries:manage' });
      // Each socket hears its pushes in order: once the last entry arrived, any earlier one would have.
      await expect.poll(() => clerkIds!()).toContain(forAll.id);
      await expect.poll(() => managerIds!()).toContain(forAll.id);
      await expect.poll(() => masterIds!()).toContain(forAll.id);
      expect(clerkIds!()).toEqual([forAll.id]);
      expect(managerIds!()).toEqual([forManager.id, acmeOrder.id, forAll.id]);
      expect(masterIds!()).toEqual([acmeOrder.id, forAll.id]);
    } finally {
      for (const s of sockets) s.ws.close();
    }
  });
});

describe('the feed’s counts, kept between changes', () => {
  it('move at once when an entry is announced or the reader reads, on a page or in the bell', async () => {
    const notices = t.app.services.notifications;
    const reader = await viewerOf(master);
    const first = await notices.list(reader, { pageSize: 1 });
    // Kept now: the same numbers again, and from the bell.
    expect(await notices.list(reader, { pageSize: 1 })).toMatchObject({ total: first.total, unreadCount: first.unreadCount });
    expect(await notices.unreadCount(reader)).toBe(first.unreadCount);

    const added = await post({ kind: 'test', title: 'Arrives while kept', permission: 'inquiries:manage' });
    const after = await notices.list(reader, { pageSize: 1 });
    expect([after.total, after.unreadCount, after.items[0]?.id]).toEqual([first.total + 1, first.unreadCount + 1, added.id]);
    expect(await notices.unreadCount(reader)).toBe(first.unreadCount + 1);

    await notices.markRead(reader, added.id);
    expect(await notices.list(reader, { pageSize: 1 })).toMatchObject({ total: first.total + 1, unreadCount: first.unreadCount });
    expect((await notices.list(reader, { unreadOnly: true, pageSize: 1 })).total).toBe(first.unreadCount);
    expect(await notices.unreadCount(reader)).toBe(first.unreadCount);

    await notices.markAllRead(reader);
    expect(await notices.list(reader, { pageSize: 1 })).toMatchObject({ total: first.total + 1, unreadCount: 0 });
    expect(await notices.list(reader, { unreadOnly: true })).toMatchObject({ total: 0, items: [] });
    // Another reader's counts are theirs: the master's reads left the manager's unread number.
    const manager$ = await viewerOf(manager);
    expect((await notices.list(manager$, { pageSize: 1 })).unreadCount).toBeGreaterThan(0);
  });

  it('are counted again within FEED_COUNTS_TTL_MS of a change no one announced (an entry deleted with its organisation)', async () => {
    const { createNotificationService, FEED_COUNTS_TTL_MS } = await import('../../server/modules/notifications/service');
    const { notifications: table } = await import('../../server/db/schema');
    const { eq } = await import('drizzle-orm');
    let clock = Date.parse('2026-11-28T12:00:00Z');
    const notices = createNotificationService(t.db.database.db, t.app.feed, t.app.services.access, () => clock);
    const reader = await viewerOf(master);
    const gone = await post({ kind: 'test', title: 'Deleted without a word', permission: 'inquiries:manage' });
    const before = await notices.list(reader, { pageSize: 1 });
    await t.db.database.db.delete(table).where(eq(table.id, gone.id));
    // The page's rows are read every time; the counts are kept until the time runs out.
    const kept = await notices.list(reader, { pageSize: 1 });
    expect(kept.items[0]?.id).not.toBe(gone.id);
    expect(kept.total).toBe(before.total);
    clock += FEED_COUNTS_TTL_MS;
    expect(await notices.list(reader, { pageSize: 1 })).toMatchObject({ total: before.total - 1, unreadCount: before.unreadCount - 1 });
  });
});
