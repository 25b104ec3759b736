// Two server processes started together on one PostgreSQL and one S3-compatible bucket, as
// docs/deploy.md describes (same SESSION_SECRET, DATABASE_URL, STORAGE_URL; TRUST_PROXY for the
// proxy in front), and no sticky sessions: a visitor on A and staff on B chat; an upload through A is
// served by B; the sign-in limit and the wrong two-factor codes count across both; a content
// change made on A shows on B at once (API and cached page); a theme deployed on A is served by B,
// and commits sent to both at once land one on top of the other. Needs TEST_DATABASE_URL.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import WebSocket from 'ws';
import { totpCode } from '../../server/auth/totp';
import { BUILD_DIR } from '../../server/root';
import { Client } from '../support/client';
import { startS3, type TestS3 } from '../support/s3';
import { describeOnPostgres, freshDatabase, type TestDatabase } from '../support/test-db';
import { SYSTEM_ACTOR } from '../../server/core/actor';
import { openDatabase } from '../../server/db/client';
import { createSessionStore } from '../../server/modules/auth/sessions';
import { createSettingsService } from '../../server/modules/security/settings';
import { createUserService } from '../../server/modules/users/service';
import { createChangeFeed } from '../../server/realtime/changes';
import { harbourStore } from '../support/stores';

const PASSWORD = 'Two-instances-demo-pass-1';
const SESSION_SECRET = randomBytes(32).toString('base64url');
// The ports this suite owns (clear of the chat-instances suite's 4100-4300).
// (INSTANCES_PORT_A/B move them when several checkouts run this suite on one machine at once.)
const PORT_A = Number(process.env.INSTANCES_PORT_A ?? 5500);
const PORT_B = Number(process.env.INSTANCES_PORT_B ?? 6500);
const A = `http://127.0.0.1:${PORT_A}`;
const B = `http://127.0.0.1:${PORT_B}`;

const children: ChildProcess[] = [];
let db: TestDatabase | undefined;
let s3: TestS3 | undefined;

afterAll(async () => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  await db?.dispose();
  await s3?.close();
});

async function startInstance(url: string, port: number, bucket: TestS3): Promise<ChildProcess> {
  const child = spawn(process.execPath, [path.join(BUILD_DIR, 'server', 'main.js')], {
    env: {
      ...process.env,
      // What must agree across instances…
      DATABASE_URL: url,
      SESSION_SECRET,
      ...bucket.env('uploads'),
      // …and what may differ.
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: mkdtempSync(path.join(tmpdir(), `frolic-instance-${port}-`)),
      TRUST_PROXY: 'loopback',
      LOG_LEVEL: 'warn',
      DEMO_MODE: 'true',
      DEMO_PASSWORD: PASSWORD,
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    },
    stdio: 'inherit',
  });
  children.push(child);
  const until = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`instance on ${port} exited with ${child.exitCode}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) return child;
    } catch {
      // starting
    }
    if (Date.now() > until) throw new Error(`instance on ${port} did not start`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describeOnPostgres('several instances on one PostgreSQL and one bucket', () => {
  beforeAll(async () => {
    s3 = await startS3();
    db = await freshDatabase();
    // Both at once, as a deployment starts them: migrations wait on the advisory lock, the demo
    // users are created by both without a clash.
    await Promise.all([startInstance(db.url as string, PORT_A, s3), startInstance(db.url as string, PORT_B, s3)]);
  }, 90_000);

  it('a visitor on A and staff on B chat', async () => {
    const session = (await (await fetch(`${A}/api/chat/sessions`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).json()) as {
      sessionId: string;
      secret: string;
    };
    const toVisitor: string[] = [];
    const visitor = new WebSocket(`${A.replace('http', 'ws')}/ws/chat`);
    const ready = new Promise<void>((resolve, reject) => {
      visitor.on('error', reject);
      visitor.on('message', (d) => {
        const e = JSON.parse(String(d));
        if (e.type === 'ready') resolve();
        if (e.type === 'message' && e.message.userId === 'operator') toVisitor.push(e.message.content);
      });
    });
    visitor.on('open', () => visitor.send(JSON.stringify({ type: 'auth', ...session, after: 0 })));
    await ready;

    const staff = await new Client(B).passGate();
    expect((await staff.post('/admin-login', { email: 'employee@demo.frolic.example', password: PASSWORD })).status).toBe(302);
    const toStaff: string[] = [];
    const staffWs = new WebSocket(`${B.replace('http', 'ws')}/ws/staff`, { headers: { cookie: staff.header() } });
    staffWs.on('message', (d) => {
      const e = JSON.parse(String(d));
      if (e.type === 'message') toStaff.push(e.message.content);
    });
    await new Promise((r) => staffWs.on('open', r));

    visitor.send(JSON.stringify({ type: 'send', clientId: 'visitor-on-a-0001', content: 'Hello from A' }));
    await expect.poll(() => toStaff, { timeout: 5000 }).toEqual(['Hello from A']);
    const reply = await staff.json('POST', `/api/chat/conversations/${session.sessionId}/messages`, { clientId: 'staff-on-b-0001', content: 'Hello from B' });
    expect(reply.status).toBe(201);
    await expect.poll(() => toVisitor, { timeout: 5000 }).toEqual(['Hello from B']);
    staffWs.close();
    visitor.close();
  });

  it('serves on B a file uploaded through A (one bucket; the session cookie holds on both)', async () => {
    const staff = await new Client(A).passGate();
    expect((await staff.post('/admin-login', { email: 'employee@demo.frolic.example', password: PASSWORD })).status).toBe(302);
    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#7a1f3d' } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'From A.png');
    const res = await fetch(`${A}/api/admin/media`, { method: 'POST', body: form, headers: { cookie: staff.header() } });
    expect(res.status, await res.clone().text()).toBe(201);
    const { media } = await res.json();

    const onB = await fetch(`${B}/media/${media.id}/original`, { headers: { cookie: staff.header() } });
    expect(onB.status).toBe(200);
    expect(onB.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await onB.arrayBuffer()).equals(png)).toBe(true);
    const thumb = await fetch(`${B}/media/${media.id}/thumb`, { headers: { cookie: staff.header() } });
    expect((await sharp(Buffer.from(await thumb.arrayBuffer())).metadata()).format).toBe('webp');
  });

  it('keeps the bell’s numbers right on B when an entry arrives through A and when the reader reads on A', async () => {
    const staff = await new Client(A).passGate();
    expect((await staff.post('/admin-login', { email: 'employee@demo.frolic.example', password: PASSWORD })).status).toBe(302);
    type Feed = { total: number; unreadCount: number; items: { id: number; title: string }[] };
    const feedOn = async (base: string) => (await (await fetch(`${base}/api/admin/notifications`, { headers: { cookie: staff.header() } })).json()) as Feed;
    // Both instances keep the reader's counts from here.
    const before = await feedOn(B);
    expect(await feedOn(A)).toMatchObject({ total: before.total, unreadCount: before.unreadCount });
    const sent = await staff.json('POST', '/api/contact', {
      name: 'Two Instances',
      email: 'visitor@instances.example',
      subject: 'Feedback',
      message: 'Sent through A, counted on B.',
    });
    expect(sent.status, await sent.clone().text()).toBe(201);
    await expect.poll(async () => (await feedOn(B)).total).toBe(before.total + 1);
    const onB = await feedOn(B);
    expect([onB.unreadCount, onB.items[0]?.title]).toEqual([before.unreadCount + 1, 'New message from Two Instances']);
    expect((await staff.json('POST', `/api/admin/notifications/${onB.items[0]?.id}/read`)).status).toBe(204);
    await expect.poll(async () => (await feedOn(B)).unreadCount).toBe(before.unreadCount);
    expect((await feedOn(B)).total).toBe(before.total + 1);
  });

  it('counts sign-in attempts from one address across both instances', async () => {
    // Through the proxy (TRUST_PROXY): the client's address is X-Forwarded-For's.
    const from = (ip: string) => ({ 'x-forwarded-for': ip });
    const attempt = async (base: string, i: number, ip = '203.0.113.50') =>
      (await new Client(base).post('/auth/login', { email: `nobody-${i}@example.com`, password: 'Wrong-password-entirely-1' }, from(ip))).status;
    // 20 in 15 minutes per address, half on each instance: none refused.
    for (let i = 0; i < 20; i++) expect(await attempt(i % 2 ? B : A, i), `attempt ${i}`).not.toBe(429);
    expect(await attempt(A, 20)).toBe(429);
    expect(await attempt(B, 21)).toBe(429);
    // Another address is counted apart.
    expect(await attempt(B, 22, '203.0.113.51')).not.toBe(429);
  });

  it('counts wrong two-factor codes across both instances: the fifth ends the half-open session', async () => {
    const email = 'customer@demo.frolic.example';
    const enrol = await new Client(A).passGate();
    expect((await enrol.post('/auth/login', { email, password: PASSWORD })).status).toBe(302);
    const started = await enrol.post('/account/two-factor', { intent: 'start' });
    const secret = /data-testid="totp-secret">([A-Z2-7]+)</.exec(await started.text())?.[1] as string;
    expect(secret).toBeTruthy();
    const confirmed = await enrol.post('/account/two-factor', { intent: 'confirm', code: await totpCode(secret, Date.now() / 1000) });
    const recovery = [...(await confirmed.text()).matchAll(/<li class="rounded bg-stone-100 px-3 py-2">([a-z2-9-]+)<\/li>/g)].map((m) => m[1] as string);
    expect(recovery).toHaveLength(10);

    const half = await new Client(B).passGate();
    const signIn = await half.post('/auth/login', { email, password: PASSWORD });
    expect(signIn.headers.get('location')).toMatch(/^\/auth\/two-factor/);
    const wrong = (base: string) =>
      fetch(`${base}/auth/two-factor`, {
        method: 'POST',
        body: new URLSearchParams({ code: '000000' }),
        headers: { cookie: half.header() },
        redirect: 'manual',
      });
    for (const base of [A, B, A, B]) expect((await wrong(base)).status).toBe(400);
    const fifth = await wrong(A);
    expect(fifth.headers.get('location')).toBe('/auth/login');
    // A right answer is too late on either instance now — even at once on B, whose session cache
    // may not have heard of the revocation yet (a recovery code: the current TOTP step is spent).
    const late = await fetch(`${B}/auth/two-factor`, {
      method: 'POST',
      body: new URLSearchParams({ code: recovery[0] as string }),
      headers: { cookie: half.header() },
      redirect: 'manual',
    });
    expect(late.headers.get('location')).toBe('/auth/login');
    expect((await fetch(`${A}/api/me`, { headers: { cookie: half.header() } })).status).toBe(401);
  });

  it('shows on B a content change made on A, in the API and the cached page', async () => {
    const visitor = await new Client(A).passGate();
    // The age-gate cookie signed by A passes on B (one SESSION_SECRET).
    const before = await visitor.get('/products/frolic-spiced-rum');
    expect(before.status).toBe(200);
    const page = (base: string) => fetch(`${base}/products/frolic-spiced-rum`, { headers: { cookie: visitor.header() } });
    const onB = await page(B);
    expect(onB.status).toBe(200);
    expect(await onB.text()).not.toContain('Spiced Rum Reserve');
    // Warm B's caches (API body and page).
    expect((await (await fetch(`${B}/api/products/frolic-spiced-rum`)).json()).product.name).not.toContain('Reserve');
    await page(B);

    const staff = await new Client(A).passGate();
    expect((await staff.post('/admin-login', { email: 'employee@demo.frolic.example', password: PASSWORD })).status).toBe(302);
    const listed = await (await staff.json('GET', '/api/admin/products?q=spiced')).json();
    const id = (listed.items ?? listed.products).find((p: { slug: string }) => p.slug === 'frolic-spiced-rum').id as number;
    const opened = (await (await staff.json('GET', `/api/admin/products/${id}`)).json()).product;
    const saved = await staff.json('PUT', `/api/admin/products/${id}`, {
      version: opened.version,
      name: 'Frolic Spiced Rum Reserve',
      slug: opened.slug,
      category: opened.category,
      abv: opened.abv,
      volumeMl: opened.volumeMl,
      caseSize: opened.caseSize,
      description: opened.description,
      tastingNotes: opened.tastingNotes,
      images: opened.images.map((i: { id: string }) => i.id),
      retailPrices: opened.retailPrices,
      tradePrices: opened.tradePrices,
      lowStockThreshold: opened.lowStockThreshold,
      featured: opened.featured,
      status: opened.status,
    });
    expect(saved.status, await saved.clone().text()).toBe(200);

    await expect
      .poll(async () => (await (await fetch(`${B}/api/products/frolic-spiced-rum`)).json()).product.name, { timeout: 5000 })
      .toBe('Frolic Spiced Rum Reserve');
    await expect.poll(async () => (await (await page(B)).text()).includes('Frolic Spiced Rum Reserve'), { timeout: 5000 }).toBe(true);
  });

  it('serves on B a theme deployed on A, and records commits sent to both at once, one on top of the other', async () => {
    // A second master admin, written straight into the shared database (the demo has one).
    const database = await openDatabase({ databaseUrl: db?.url as string, poolSize: 2 });
    const feed = await createChangeFeed(database);
    try {
      const settings = createSettingsService(database.db, feed);
      const users = createUserService({ db: database.db, sessions: createSessionStore(database.db, settings, Date.now, feed), feed, now: Date.now });
      await users.createUser(
        { email: 'second-master@instances.example', firstName: 'Second', lastName: 'Master', roles: ['master_admin'], password: PASSWORD, confirmed: true },
        SYSTEM_ACTOR,
      );
    } finally {
      await feed.close();
      await database.close();
    }
    const onA = await new Client(A).passGate();
    expect((await onA.post('/admin-login', { email: 'master-admin@demo.frolic.example', password: PASSWORD })).status).toBe(302);
    const onB = await new Client(B).passGate();
    expect((await onB.post('/admin-login', { email: 'second-master@instances.example', password: PASSWORD })).status).toBe(302);
    const file = async (c: Client, path: string) =>
      (await (await c.json('GET', `/api/admin/code/file?path=${encodeURIComponent(path)}`)).json()).content as string;
    const save = async (c: Client, path: string, content: string) => expect((await c.json('PUT', '/api/admin/code/file', { path, content })).status).toBe(200);
    const theme = (base: string) =>
      fetch(`${base}/`, { headers: { cookie: onA.header() } }).then(async (r) => /data-site-theme[^>]*>([^<]*)</.exec(await r.text())?.[1] ?? '');
    expect(await theme(B)).toContain('--color-forest:#1f3d36');

    // A deploy on A: B serves the new theme (the change feed), with no restart.
    await save(onA, 'theme/theme.css', (await file(onA, 'theme/theme.css')).replace('--color-forest: #1f3d36;', '--color-forest: #7a1f3d;'));
    expect((await onA.json('POST', '/api/admin/code/commit', { message: 'Wine forest, from A' })).status).toBe(201);
    expect((await onA.json('POST', '/api/auth/step-up', { password: PASSWORD })).status).toBe(200);
    const deployed = await onA.json('POST', '/api/admin/code/deploy', { branch: 'main' });
    expect(deployed.status, await deployed.clone().text()).toBe(201);
    await expect.poll(() => theme(B), { timeout: 5000 }).toContain('--color-forest:#7a1f3d');
    expect(await theme(A)).toContain('--color-forest:#7a1f3d');

    // Two commits at once on main, one through each instance: both recorded, one the parent of the other.
    const base = (await (await onA.json('GET', '/api/admin/code')).json()).head as string;
    await save(onA, 'site/robots.txt', `${await file(onA, 'site/robots.txt')}Disallow: /from-a/\n`);
    await save(onB, 'README.md', `${await file(onB, 'README.md')}\nEdited through B.\n`);
    const [ca, cb] = await Promise.all([
      onA.json('POST', '/api/admin/code/commit', { message: 'Through A' }),
      onB.json('POST', '/api/admin/code/commit', { message: 'Through B' }),
    ]);
    expect([ca.status, cb.status]).toEqual([201, 201]);
    const history = (await (await onB.json('GET', '/api/admin/code/history')).json()).commits as { id: string; message: string; parent: string }[];
    const [top, second] = history;
    expect(new Set([top?.message, second?.message])).toEqual(new Set(['Through A', 'Through B']));
    expect(top?.parent).toBe(second?.id);
    expect(second?.parent).toBe(base);
    expect(await file(onB, 'site/robots.txt')).toContain('Disallow: /from-a/');
    expect(await file(onA, 'README.md')).toContain('Edited through B.');
  });

  it('rebuilds B’s nearest-store index when A opens, moves and closes a store', async () => {
    const near = async (base: string) =>
      (
        (await (await fetch(`${base}/api/stores?lat=64.1466&lng=-21.9426&radius=25&unit=km`)).json()) as {
          items: { id: number; name: string; distance: number }[];
        }
      ).items;
    // B builds its index now, with no store near Reykjavík.
    expect(await near(B)).toEqual([]);
    const staff = await new Client(A).passGate();
    expect((await staff.post('/admin-login', { email: 'admin@demo.frolic.example', password: PASSWORD })).status).toBe(302);
    const store = harbourStore();
    const made = await staff.json('POST', '/api/admin/stores', store);
    expect(made.status, await made.clone().text()).toBe(201);
    const { id } = (await made.json()) as { id: number };
    await expect.poll(async () => (await near(B)).map((s) => s.name), { timeout: 5000 }).toEqual(['Harbour Bottle Shop']);
    const before = (await near(B))[0]?.distance;

    expect((await staff.json('PUT', `/api/admin/stores/${id}`, { ...store, latitude: 64.2, longitude: -21.9, version: 1 })).status).toBe(200);
    await expect.poll(async () => (await near(B))[0]?.distance, { timeout: 5000 }).not.toBe(before);
    expect((await staff.json('PUT', `/api/admin/stores/${id}`, { ...store, active: false, version: 2 })).status).toBe(200);
    await expect.poll(async () => near(B), { timeout: 5000 }).toEqual([]);
  });
});
