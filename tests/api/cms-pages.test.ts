// CMS pages (issue 18) on the real server: the version check, the slug rules, draft isolation (a
// draft is never in a public response, the page cache or the sitemap), versions with diff and
// restore, the brand pages at their routes, library images made public by publishing, and a publish
// scheduled through the job queue — run once, skipped when stale, failed for good when it cannot be.
import { and, asc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, jobs, pages } from '../../server/db/schema';
import { type Client } from '../support/client';
import { signedIn } from '../support/staff';
import { describeOnPostgres } from '../support/test-db';
import { passGate, startTestServer, type TestServer } from '../support/test-server';

let t: TestServer;
let master: Client & { userId: string };
let admin: Client;
let visitor: string;
// The server's clock (services and the job runner read it): the scheduling tests move it forward
// rather than sleep, so a loaded machine cannot let a scheduled time pass before the test looks.
let skew = 0;
const clock = () => Date.now() + skew;

beforeAll(async () => {
  t = await startTestServer({}, { now: clock });
  master = await signedIn(t, 'master_admin', 'cms');
  admin = await signedIn(t, 'admin', 'cms');
  visitor = await passGate(t.url, 'GB');
});
afterAll(async () => {
  await t?.close();
});

interface Detail {
  id: number;
  title: string;
  slug: string;
  status: string;
  version: number;
  draftN: number;
  publishedN: number | null;
  hasUnpublishedChanges: boolean;
  scheduledPublishAt: string | null;
  scheduleError: string | null;
}

const page = (over: Record<string, unknown> = {}) => ({ title: 'Gift cards', slug: 'gift-cards', content: '# Gift cards\n\nGive a tasting.', ...over });

async function create(over: Record<string, unknown> = {}): Promise<Detail> {
  const res = await master.json('POST', '/api/admin/pages', page(over));
  expect(res.status, await res.clone().text()).toBe(201);
  return res.json();
}

/** What a visitor past the gate gets at a path (no session: the page cache may answer). */
async function visit(path: string): Promise<{ status: number; body: string; cache: string | null }> {
  const res = await fetch(t.url + path, { headers: { cookie: visitor }, redirect: 'manual' });
  return { status: res.status, body: await res.text(), cache: res.headers.get('x-page-cache') };
}

/** A crawler: no gate cookie, no session. */
async function crawl(path: string) {
  const res = await fetch(t.url + path, { headers: { 'user-agent': 'Googlebot/2.1' }, redirect: 'manual' });
  return { status: res.status, body: await res.text() };
}

describe('who may use it', () => {
  it('is the master admin’s: an admin is refused, a visitor must sign in', async () => {
    expect((await admin.json('GET', '/api/admin/pages')).status).toBe(403);
    expect((await admin.json('POST', '/api/admin/pages', page())).status).toBe(403);
    expect((await fetch(`${t.url}/api/admin/pages`)).status).toBe(401);
  });
});

describe('slugs', () => {
  it('are lowercase a–z, digits and single hyphens', async () => {
    for (const slug of ['Gift-Cards', 'gift_cards', 'gift--cards', '-gift', 'gift cards', 'café', '']) {
      const res = await master.json('POST', '/api/admin/pages', page({ slug }));
      expect(res.status, slug).toBe(400);
      expect((await res.json()).error.details.map((d: { path: string }) => d.path)).toContain('slug');
    }
  });

  it('may not take an address of the route table or of the server', async () => {
    for (const slug of ['products', 'cocktails', 'admin', 'partner', 'dashboard', 'auth', 'events', 'account', 'api', 'media', 'assets', 'healthz']) {
      const res = await master.json('POST', '/api/admin/pages', page({ slug }));
      expect(res.status, slug).toBe(400);
      const body = await res.json();
      expect(body.error.details, slug).toEqual([{ path: 'slug', message: `/${slug} is already a page of the site. Choose another slug.` }]);
    }
  });

  it('are unique across pages, published addresses included', async () => {
    const first = await create({ slug: 'unique-one' });
    const taken = await master.json('POST', '/api/admin/pages', page({ slug: 'unique-one' }));
    expect(taken.status).toBe(409);
    expect((await taken.json()).error.code).toBe('slug_taken');
    // Published under one address, renamed in the draft: the published address stays taken.
    await master.json('POST', `/api/admin/pages/${first.id}/publish`, { version: first.version });
    const renamed = await master.json('PUT', `/api/admin/pages/${first.id}`, { ...page({ slug: 'unique-two' }), version: first.version + 1 });
    expect(renamed.status).toBe(200);
    expect((await master.json('POST', '/api/admin/pages', page({ slug: 'unique-one' }))).status).toBe(409);
    expect((await master.json('POST', '/api/admin/pages', page({ slug: 'unique-two' }))).status).toBe(409);
    // The list's status filter, alone and with a search: the published page, then no draft of that name.
    const slugsOf = async (query: string) => ((await (await master.json('GET', `/api/admin/pages?${query}`)).json()).items as Detail[]).map((p) => p.slug);
    expect(await slugsOf('q=unique&status=published')).toEqual(['unique-two']);
    expect(await slugsOf('q=unique&status=draft')).toEqual([]);
    expect(await slugsOf('status=published&sort=slug&dir=asc')).toContain('unique-two');
    expect(await slugsOf('status=draft')).not.toContain('unique-two');
  });

  it('of the brand pages are fixed, and those pages cannot be deleted', async () => {
    const list = await (await master.json('GET', '/api/admin/pages?q=privacy')).json();
    const privacy = list.items.find((p: Detail) => p.slug === 'privacy');
    expect(privacy).toMatchObject({ status: 'published', routePage: true });
    const renamed = await master.json('PUT', `/api/admin/pages/${privacy.id}`, { ...page({ slug: 'privacy-policy' }), version: privacy.version });
    expect(renamed.status).toBe(400);
    expect((await renamed.json()).error.details).toEqual([{ path: 'slug', message: 'This page’s address is fixed: /privacy shows it.' }]);
    const gone = await master.json('DELETE', `/api/admin/pages/${privacy.id}`);
    expect(gone.status).toBe(409);
    expect((await gone.json()).error.code).toBe('page_protected');
  });
});

describe('the version check', () => {
  it('refuses a save from an editor who read an older version', async () => {
    const p = await create({ slug: 'two-editors' });
    const first = await master.json('PUT', `/api/admin/pages/${p.id}`, { ...page({ slug: 'two-editors', content: 'Alice' }), version: p.version });
    expect(first.status).toBe(200);
    const second = await master.json('PUT', `/api/admin/pages/${p.id}`, { ...page({ slug: 'two-editors', content: 'Bob' }), version: p.version });
    expect(second.status).toBe(409);
    const body = await second.json();
    expect(body.error).toMatchObject({ code: 'version_conflict', details: { currentVersion: p.version + 1, yourVersion: p.version } });
    const now = await (await master.json('GET', `/api/admin/pages/${p.id}`)).json();
    expect(now.content).toBe('Alice');
    for (const [method, path] of [
      ['POST', `/api/admin/pages/${p.id}/publish`],
      ['POST', `/api/admin/pages/${p.id}/schedule`],
      ['POST', `/api/admin/pages/${p.id}/versions/1/restore`],
    ] as const) {
      const res = await master.json(method, path, { version: p.version, at: new Date(Date.now() + 60_000).toISOString() });
      expect(res.status, path).toBe(409);
    }
    expect((await master.json('DELETE', `/api/admin/pages/${p.id}?version=${p.version}`)).status).toBe(409);
  });
});

describe('drafts never reach the public', () => {
  it('a new page is a draft: not at its address, not in the public API or the sitemap, not for crawlers', async () => {
    const p = await create({ slug: 'secret-launch', title: 'Secret launch', content: 'DRAFT-ONLY-TEXT' });
    expect(p.status).toBe('draft');
    for (let i = 0; i < 2; i++) {
      const seen = await visit('/secret-launch');
      expect(seen.status).toBe(404);
      expect(seen.body).not.toContain('DRAFT-ONLY-TEXT');
    }
    expect((await crawl('/secret-launch')).body).not.toContain('DRAFT-ONLY-TEXT');
    expect((await fetch(`${t.url}/api/pages/secret-launch`)).status).toBe(404);
    expect(await (await fetch(`${t.url}/sitemap.xml`)).text()).not.toContain('secret-launch');
    // The master admin's preview renders it (staff session, never cached).
    const preview = await master.json('POST', '/api/admin/pages/preview', { title: 'x', content: 'DRAFT-ONLY-TEXT' });
    expect((await preview.json()).html).toContain('DRAFT-ONLY-TEXT');
  });

  it('publishing shows it at once; a newer draft stays unseen until published again', async () => {
    const p = await create({ slug: 'our-gins', title: 'Our gins', content: 'PUBLISHED-V1' });
    const published = await (await master.json('POST', `/api/admin/pages/${p.id}/publish`, { version: p.version })).json();
    expect(published).toMatchObject({ status: 'published', publishedN: 1, hasUnpublishedChanges: false });
    const first = await visit('/our-gins');
    expect(first.status).toBe(200);
    expect(first.body).toContain('PUBLISHED-V1');
    expect(first.body).toContain('<title>Our gins · Frolic</title>');
    expect((await visit('/our-gins')).cache).toBe('hit');
    expect(await (await fetch(`${t.url}/sitemap.xml`)).text()).toContain('/our-gins</loc>');

    const saved = await (
      await master.json('PUT', `/api/admin/pages/${p.id}`, {
        ...page({ slug: 'our-gins', title: 'Our gins (new)', content: 'DRAFT-V2' }),
        version: published.version,
      })
    ).json();
    expect(saved).toMatchObject({ status: 'published', draftN: 2, publishedN: 1, hasUnpublishedChanges: true });
    for (let i = 0; i < 2; i++) {
      const seen = await visit('/our-gins');
      expect(seen.body).toContain('PUBLISHED-V1');
      expect(seen.body).not.toContain('DRAFT-V2');
    }
    expect((await crawl('/our-gins')).body).not.toContain('DRAFT-V2');
    const api = await (await fetch(`${t.url}/api/pages/our-gins`)).json();
    expect(api.page.html).toContain('PUBLISHED-V1');
    expect(JSON.stringify(api)).not.toContain('DRAFT-V2');

    await master.json('POST', `/api/admin/pages/${p.id}/publish`, { version: saved.version });
    const after = await visit('/our-gins');
    expect(after.body).toContain('DRAFT-V2');
    expect(after.body).toContain('<title>Our gins (new) · Frolic</title>');
  });

  it('unpublishing and deleting take it off the site at once (and out of the page cache)', async () => {
    const p = await create({ slug: 'short-lived', content: 'SHORT-LIVED' });
    const pub = await (await master.json('POST', `/api/admin/pages/${p.id}/publish`, { version: p.version })).json();
    await visit('/short-lived');
    expect((await visit('/short-lived')).cache).toBe('hit');
    const un = await (await master.json('POST', `/api/admin/pages/${p.id}/unpublish`, { version: pub.version })).json();
    expect(un.status).toBe('draft');
    expect((await visit('/short-lived')).status).toBe(404);
    expect(await (await fetch(`${t.url}/sitemap.xml`)).text()).not.toContain('short-lived');
    const again = await (await master.json('POST', `/api/admin/pages/${p.id}/publish`, { version: un.version })).json();
    expect((await visit('/short-lived')).status).toBe(200);
    expect((await master.json('DELETE', `/api/admin/pages/${p.id}?version=${again.version}`)).status).toBe(204);
    expect((await visit('/short-lived')).status).toBe(404);
    expect((await master.json('GET', `/api/admin/pages/${p.id}`)).status).toBe(404);
  });

  it('publishing can save the editor’s copy first, in one step', async () => {
    const p = await create({ slug: 'one-step' });
    const res = await master.json('POST', `/api/admin/pages/${p.id}/publish`, {
      ...page({ slug: 'one-step', content: 'SAVED-AND-PUBLISHED' }),
      version: p.version,
    });
    expect(await res.json()).toMatchObject({ status: 'published', draftN: 2, publishedN: 2 });
    expect((await visit('/one-step')).body).toContain('SAVED-AND-PUBLISHED');
    // An invalid copy publishes nothing.
    const bad = await master.json('POST', `/api/admin/pages/${p.id}/publish`, { ...page({ slug: 'One Step' }), version: 3 });
    expect(bad.status).toBe(400);
  });
});

describe('Markdown on the public page', () => {
  it('shows a <script> as text, keeps only safe links, anchors headings', async () => {
    const p = await create({
      slug: 'markdown-check',
      content: '## Tasting notes\n\n<script>alert(1)</script>\n\n[bad](javascript:alert(1)) [good](https://example.com) [home](/about)',
    });
    await master.json('POST', `/api/admin/pages/${p.id}/publish`, { version: p.version });
    const { body } = await visit('/markdown-check');
    expect(body).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(body).not.toContain('<script>alert(');
    expect(body).not.toContain('href="javascript:');
    expect(body).toContain('<h2 id="tasting-notes">');
    expect(body).toContain('href="https://example.com" rel="noopener noreferrer"');
  });
});

describe('library images', () => {
  it('are public once a published page uses them, refused from elsewhere, and kept while used', async () => {
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#2f5d50' } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'still.png');
    const up = await fetch(`${t.url}/api/admin/media`, { method: 'POST', body: form, headers: { cookie: master.header() } });
    const media = (await up.json()).media;
    const outside = await master.json('POST', '/api/admin/pages', page({ slug: 'outside-image', content: '![x](https://tracker.example/x.gif)' }));
    expect(outside.status).toBe(400);
    const p = await create({ slug: 'with-image', content: `![Agnes](/media/${media.id}/web)`, ogImageMediaId: media.id });
    expect((await fetch(`${t.url}/media/${media.id}/web`)).status).toBe(404);
    await master.json('POST', `/api/admin/pages/${p.id}/publish`, { version: p.version });
    expect((await fetch(`${t.url}/media/${media.id}/web`)).status).toBe(200);
    // The list carries what the editor shows: the sharing image, who edited it last, the versions.
    const listed = (await (await master.json('GET', '/api/admin/pages?q=with-image')).json()).items;
    expect(listed).toMatchObject([
      {
        id: p.id,
        ogImage: { id: media.id, url: `/media/${media.id}/web` },
        updatedBy: 'master_admin cms',
        status: 'published',
        draftN: 1,
        publishedN: 1,
        scheduledN: null,
        scheduleError: null,
        hasUnpublishedChanges: false,
      },
    ]);
    const { body } = await visit('/with-image');
    expect(body).toContain(`<img src="/media/${media.id}/web" alt="Agnes"`);
    expect(body).toContain(`property="og:image" content="/media/${media.id}/web"`);
    const del = await master.json('DELETE', `/api/admin/media/${media.id}`);
    expect(del.status).toBe(409);
    expect((await del.json()).error.message).toContain('the page “Gift cards”');
    // The library's list says the same in its Used by column.
    const list = await (await master.json('GET', '/api/admin/media')).json();
    expect(list.items.find((m: { id: string }) => m.id === media.id).usedBy).toEqual(['the page “Gift cards”']);
  });
});

describe('versions', () => {
  it('every save is a version with its author; a diff between any two; restore is a new draft', async () => {
    const p = await create({ slug: 'history', content: 'line one\nline two\n' });
    const v2 = await (
      await master.json('PUT', `/api/admin/pages/${p.id}`, { ...page({ slug: 'history', content: 'line one\nline 2\nline three\n' }), version: p.version })
    ).json();
    const same = await (
      await master.json('PUT', `/api/admin/pages/${p.id}`, { ...page({ slug: 'history', content: 'line one\nline 2\nline three\n' }), version: v2.version })
    ).json();
    expect(same.draftN).toBe(2);
    const versions = (await (await master.json('GET', `/api/admin/pages/${p.id}/versions`)).json()).items;
    expect(versions.map((v: { n: number; origin: string; author: string }) => [v.n, v.origin, v.author])).toEqual([
      [2, 'save', 'master_admin cms'],
      [1, 'create', 'master_admin cms'],
    ]);
    const diff = await (await master.json('GET', `/api/admin/pages/${p.id}/diff?from=1&to=2`)).json();
    expect(diff.lines).toEqual([
      { kind: 'same', text: 'line one' },
      { kind: 'removed', text: 'line two' },
      { kind: 'added', text: 'line 2' },
      { kind: 'added', text: 'line three' },
    ]);
    expect((await master.json('GET', `/api/admin/pages/${p.id}/diff?from=1&to=9`)).status).toBe(404);
    const restored = await (await master.json('POST', `/api/admin/pages/${p.id}/versions/1/restore`, { version: same.version })).json();
    expect(restored).toMatchObject({ draftN: 3, content: 'line one\nline two\n', status: 'draft' });
    const again = (await (await master.json('GET', `/api/admin/pages/${p.id}/versions`)).json()).items;
    expect(again[0]).toMatchObject({ n: 3, origin: 'restore:1' });
    const audit = await t.db.database.db
      .select({ action: auditLogs.action })
      .from(auditLogs)
      .where(and(eq(auditLogs.tableName, 'pages'), eq(auditLogs.recordId, String(p.id))))
      .orderBy(asc(auditLogs.id));
    expect(audit.map((a) => a.action)).toEqual(['INSERT', 'UPDATE', 'UPDATE']);
  });
});

describe('the brand pages', () => {
  it('are seeded, published and edited like any page, at their own routes', async () => {
    for (const [path, text] of [
      ['/about', 'Distilled slowly, in small batches, since 1998'],
      ['/drink-responsibly', 'Units in a serve'],
      ['/privacy', 'Privacy Policy'],
      ['/cookies', 'frolic_age'],
      ['/imprint', 'Registered office'],
      ['/terms', 'Terms of Use'],
    ]) {
      const seen = await visit(path!);
      expect(seen.status, path).toBe(200);
      expect(seen.body, path).toContain(text);
    }
    const sitemap = await (await fetch(`${t.url}/sitemap.xml`)).text();
    for (const path of ['/about', '/drink-responsibly', '/privacy', '/terms', '/cookies', '/imprint']) expect(sitemap).toContain(`${path}</loc>`);
    const list = await (await master.json('GET', '/api/admin/pages?q=about')).json();
    const about = list.items.find((p: Detail) => p.slug === 'about');
    const edited = await (
      await master.json('POST', `/api/admin/pages/${about.id}/publish`, {
        title: 'About Frolic',
        slug: 'about',
        description: 'x',
        content: '# Distilled slowly\n\nEDITED-STORY\n\n## The distillery\n\nFour stills.',
        version: about.version,
      })
    ).json();
    expect(edited.status).toBe('published');
    const seen = await visit('/about');
    expect(seen.body).toContain('EDITED-STORY');
    expect(seen.body).toContain('Visit us');
  });
});

describe('scheduled publishing (the job queue)', () => {
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
  const inAMinute = () => new Date(clock() + 60_000);
  const aMinuteLater = () => {
    skew += 61_000;
  };

  it('publishes the scheduled version once, at its time', async () => {
    const p = await create({ slug: 'spring-release', content: 'SPRING-V1' });
    expect((await master.json('POST', `/api/admin/pages/${p.id}/schedule`, { at: new Date(clock() - 1000).toISOString(), version: p.version })).status).toBe(
      400,
    );
    const at = inAMinute();
    const scheduled = await (await master.json('POST', `/api/admin/pages/${p.id}/schedule`, { at: at.toISOString(), version: p.version })).json();
    expect(scheduled.scheduledPublishAt).toBe(at.toISOString());
    // A save after scheduling: the scheduled version (1) is what goes live.
    await master.json('PUT', `/api/admin/pages/${p.id}`, { ...page({ slug: 'spring-release', content: 'SPRING-V2' }), version: scheduled.version });
    expect((await visit('/spring-release')).status).toBe(404);
    await t.app.services.jobs.drain();
    expect((await visit('/spring-release')).status).toBe(404);
    aMinuteLater();
    await t.app.services.jobs.drain();
    const seen = await visit('/spring-release');
    expect(seen.status).toBe(200);
    expect(seen.body).toContain('SPRING-V1');
    const now = await (await master.json('GET', `/api/admin/pages/${p.id}`)).json();
    expect(now).toMatchObject({ status: 'published', publishedN: 1, draftN: 2, scheduledPublishAt: null, hasUnpublishedChanges: true });
    const [audit] = await t.db.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.tableName, 'pages'), eq(auditLogs.recordId, String(p.id)), eq(auditLogs.action, 'SCHEDULED_PUBLISH')));
    expect(audit?.userId).toBe(master.userId);
  });

  it('does nothing once cancelled', async () => {
    const p = await create({ slug: 'called-off' });
    const s = await (await master.json('POST', `/api/admin/pages/${p.id}/schedule`, { at: inAMinute().toISOString(), version: p.version })).json();
    const c = await (await master.json('POST', `/api/admin/pages/${p.id}/schedule/cancel`, { version: s.version })).json();
    expect(c.scheduledPublishAt).toBeNull();
    aMinuteLater();
    await t.app.services.jobs.drain();
    expect((await visit('/called-off')).status).toBe(404);
    expect(await (await master.json('GET', `/api/admin/pages/${p.id}`)).json()).toMatchObject({ status: 'draft' });
  });

  it('fails visibly when it cannot publish (its address was taken meanwhile)', async () => {
    const p = await create({ slug: 'contested' });
    const s = await (await master.json('POST', `/api/admin/pages/${p.id}/schedule`, { at: inAMinute().toISOString(), version: p.version })).json();
    // Another page comes to hold the address meanwhile (a race the service's check cannot see ahead).
    const other = await create({ slug: 'contested-other' });
    await master.json('POST', `/api/admin/pages/${other.id}/publish`, { version: other.version });
    await t.db.database.db.update(pages).set({ publishedSlug: 'contested' }).where(eq(pages.id, other.id));
    aMinuteLater();
    for (let i = 0; i < 4; i++) {
      await t.app.services.jobs.drain();
      await sleep(100);
    }
    const [job] = await t.db.database.db
      .select()
      .from(jobs)
      .where(eq(jobs.id, (await t.db.database.db.select().from(pages).where(eq(pages.id, p.id)))[0]!.scheduledJobId!));
    expect(job).toMatchObject({ status: 'failed' });
    expect(job?.lastError).toContain('Not published');
    const now = await (await master.json('GET', `/api/admin/pages/${p.id}`)).json();
    expect(now.status).toBe('draft');
    expect(now.scheduleError).toContain('Not published');
    expect(s.scheduledPublishAt).not.toBeNull();
  });
});

describeOnPostgres('two editors at once (PostgreSQL)', () => {
  it('of ten saves naming one version, exactly one lands; the rest are told of the conflict', async () => {
    const p = await create({ slug: 'race-save' });
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        master.json('PUT', `/api/admin/pages/${p.id}`, { ...page({ slug: 'race-save', content: `editor ${i}` }), version: p.version }),
      ),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([200, ...Array(9).fill(409)]);
    const versions = (await (await master.json('GET', `/api/admin/pages/${p.id}/versions`)).json()).items;
    expect(versions).toHaveLength(2);
  });

  it('of ten new pages wanting one slug, exactly one gets it', async () => {
    const answers = await Promise.all(Array.from({ length: 10 }, () => master.json('POST', '/api/admin/pages', page({ slug: 'race-slug' }))));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([201, ...Array(9).fill(409)]);
    for (const a of answers.filter((x) => x.status === 409)) expect((await a.json()).error.code).toBe('slug_taken');
  });

  it('of ten publishes naming one version, exactly one lands', async () => {
    const p = await create({ slug: 'race-publish' });
    const answers = await Promise.all(Array.from({ length: 10 }, () => master.json('POST', `/api/admin/pages/${p.id}/publish`, { version: p.version })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, ...Array(9).fill(409)]);
  });
});
