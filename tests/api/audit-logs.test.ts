// The Audit Logs screen and API (issue 17): master admin only; search, exact action and table, the
// user's email and a date range, combined; keyset pages of 100 both ways; one row's old and new
// values; the CSV of the whole filtered set (columns, file name, formula cells neutralised, batches
// without gaps); the page's empty and error states; and every security event in the log.
import { sql } from 'drizzle-orm';
import { parse as parseCsv } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totpCode } from '../../server/auth/totp';
import { SYSTEM_ACTOR } from '../../server/core/actor';
import { auditLogs } from '../../server/db/schema';
import { createOneTimeTokens } from '../../server/modules/auth/one-time-tokens';
import { type AuditLogService, createAuditLogService } from '../../server/modules/audit/query';
import { type AuditLogQuery, auditLogQuery } from '../../shared/schemas/audit';
import { readSessionToken } from '../../server/http/request-auth';
import { Client } from '../support/client';
import { signedIn } from '../support/staff';
import { startTestServer, type TestServer } from '../support/test-server';

let t: TestServer;
let master: Client & { userId: string };
let admin: Client & { userId: string };
const db = () => t.db.database.db;

/** The fixture rows as inserted, with their ids: the oracle every filter is checked against. */
interface Fixture {
  id: number;
  userId: string | null;
  action: string;
  tableName: string;
  recordId: string;
  createdAt: Date;
}
let fixtures: Fixture[] = [];
const JUNE_1 = Date.UTC(2025, 5, 1);
const HOUR = 3_600_000;

async function insertFixtures() {
  const values = Array.from({ length: 250 }, (_, i) => ({
    userId: i % 5 === 0 ? master.userId : i % 7 === 0 ? null : admin.userId,
    action: i === 249 ? 'UPDATES' : (['UPDATE', 'INSERT', 'DELETE'] as const)[i % 3]!,
    tableName: i % 2 === 0 ? 'fixture_things' : 'fixture_widgets',
    recordId: `Rec-${String(i).padStart(4, '0')}`,
    oldValues: i % 3 === 1 ? null : { price: i, name: `thing ${i}` },
    newValues: i % 3 === 2 ? null : { price: i + 1, name: `thing ${i}` },
    ipAddress: `192.0.2.${i % 250}`,
    createdAt: new Date(JUNE_1 + i * HOUR),
  }));
  const rows = await db().insert(auditLogs).values(values).returning();
  fixtures = rows.map((r) => ({
    id: r.id,
    userId: r.userId,
    action: r.action,
    tableName: r.tableName,
    recordId: r.recordId as string,
    createdAt: r.createdAt,
  }));
}

beforeAll(async () => {
  // Behind a proxy, so each sign-in below comes from an address of its own (the lockout counts per address).
  t = await startTestServer({ TRUST_PROXY: 'true' });
  master = await signedIn(t, 'master_admin', 'audit');
  admin = await signedIn(t, 'admin', 'audit');
  await insertFixtures();
  // Cells a spreadsheet would run as formulas, a plain negative number, and one of each of the others.
  await db()
    .insert(auditLogs)
    .values(
      ['=HYPERLINK("http://evil.example")', '+SUM(A1)', '-2+3', '@cmd', '\tTAB', '\rCR', '-5', 'plain'].map((recordId, i) => ({
        userId: null,
        action: i === 0 ? '=ACTION()' : 'UPDATE',
        tableName: 'fixture_csv',
        recordId,
        ipAddress: i === 1 ? '+1.2.3.4' : null,
        createdAt: new Date(Date.UTC(2024, 0, 1 + i)),
      })),
    );
  // More rows than one export batch (2,000): the CSV must join its batches without a gap or a repeat.
  await db().execute(sql`
    insert into audit_logs (user_id, action, table_name, record_id, created_at)
    select null, 'INSERT', 'fixture_bulk', 'bulk-' || g, timestamptz '2024-06-01' + g * interval '1 minute'
    from generate_series(1, 4500) g`);
});
afterAll(async () => {
  await t?.close();
});

type Page = {
  items: { id: number; action: string; tableName: string; recordId: string | null; userId: string | null; user: unknown; createdAt: string }[];
  older: number | null;
  newer: number | null;
};

async function page(query: string, who: Client = master): Promise<Page> {
  const res = await who.json('GET', `/api/admin/audit-logs${query ? `?${query}` : ''}`);
  expect(res.status, `${query}: ${res.status}`).toBe(200);
  return res.json();
}

/** Every row of the filtered set, following the `older` cursors to the end. */
async function all(query: string): Promise<number[]> {
  const ids: number[] = [];
  let before: number | null = null;
  for (let guard = 0; guard < 200; guard++) {
    const p = await page(before === null ? query : `${query}&before=${before}`);
    ids.push(...p.items.map((i) => i.id));
    if (p.older === null) return ids;
    expect(p.items).toHaveLength(100);
    before = p.older;
  }
  throw new Error('too many pages');
}

const expected = (keep: (f: Fixture) => boolean) =>
  fixtures
    .filter(keep)
    .map((f) => f.id)
    .sort((a, b) => b - a);
const day = (f: Fixture) => f.createdAt.toISOString().slice(0, 10);

describe('who may read the audit log', () => {
  it('answers the master admin only: 401 without a session, 403 for an admin, an employee or a partner', async () => {
    const employee = await signedIn(t, 'employee', 'audit');
    const retailer = await signedIn(t, 'retailer', 'audit');
    const anonymous = await new Client(t.url).passGate();
    const id = fixtures[0]!.id;
    for (const path of ['/api/admin/audit-logs', `/api/admin/audit-logs/${id}`, '/api/admin/audit-logs/export.csv']) {
      expect((await anonymous.json('GET', path)).status, path).toBe(401);
      for (const who of [admin, employee, retailer]) {
        const res = await who.json('GET', path);
        expect(res.status, path).toBe(403);
        expect((await res.json()).error.code).toBe('forbidden');
      }
      expect((await master.json('GET', path)).status, path).toBe(200);
    }
    // The page: others are sent away with "Access Denied".
    expect((await admin.get('/admin/dashboard/audit-logs')).headers.get('location')).toBe('/dashboard');
    expect((await master.get('/admin/dashboard/audit-logs')).status).toBe(200);
  });
});

describe('keyset pages', () => {
  it('gives the newest 100 first, then older pages by cursor, and the way back, without gaps or repeats', async () => {
    const first = await page('');
    expect(first.items).toHaveLength(100);
    expect(first.newer).toBeNull();
    const ids = first.items.map((i) => i.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));

    const things = expected((f) => f.tableName === 'fixture_things');
    expect(things).toHaveLength(125);
    const p1 = await page('table=fixture_things');
    expect(p1.items.map((i) => i.id)).toEqual(things.slice(0, 100));
    expect(p1.older).toBe(things[99]);
    const p2 = await page(`table=fixture_things&before=${p1.older}`);
    expect(p2.items.map((i) => i.id)).toEqual(things.slice(100));
    expect(p2.older).toBeNull();
    expect(p2.newer).toBe(things[100]);
    // Previous: the page just newer than the second page's first row is the first page again.
    const back = await page(`table=fixture_things&after=${p2.newer}`);
    expect(back.items.map((i) => i.id)).toEqual(things.slice(0, 100));
    expect(back.newer).toBeNull();
    expect(back.older).toBe(things[99]);
  });

  it('refuses a cursor that is not an id, and two cursors at once', async () => {
    for (const q of ['before=abc', 'after=-1', 'before=1&after=2', 'before=99999999999']) {
      const res = await master.json('GET', `/api/admin/audit-logs?${q}`);
      expect(res.status, q).toBe(400);
      expect((await res.json()).error.code).toBe('validation_failed');
    }
  });
});

describe('filters', () => {
  it('searches record id, user id and table name case-insensitively, as a substring with % and _ literal', async () => {
    expect(await all('q=rec-004')).toEqual(expected((f) => f.recordId.startsWith('Rec-004')));
    expect(await all('q=FIXTURE_WID')).toEqual(expected((f) => f.tableName === 'fixture_widgets'));
    const fragment = admin.userId.slice(4, 16).toUpperCase();
    expect(await all(`q=${fragment}&table=fixture_things`)).toEqual(expected((f) => f.userId === admin.userId && f.tableName === 'fixture_things'));
    expect((await page('q=rec%25004')).items).toEqual([]);
    expect((await page('q=rec_0042')).items).toEqual([]);
  });

  it('matches action and table exactly', async () => {
    expect(await all('action=UPDATE&table=fixture_widgets')).toEqual(expected((f) => f.action === 'UPDATE' && f.tableName === 'fixture_widgets'));
    expect((await page('action=UPDAT')).items).toEqual([]);
    expect((await page('table=fixture')).items).toEqual([]);
    expect(await all('action=UPDATES')).toEqual(expected((f) => f.action === 'UPDATES'));
  });

  it('filters by the acting user’s email (any case); an email nobody has finds nothing', async () => {
    const email = `MASTER-ADMIN-audit@staff.example`;
    expect((await all(`user=${encodeURIComponent(email)}`)).filter((id) => fixtures.some((f) => f.id === id))).toEqual(
      expected((f) => f.userId === master.userId),
    );
    expect((await page('user=nobody%40example.com')).items).toEqual([]);
  });

  it('takes a date range by UTC day, both ends included', async () => {
    expect(await all('from=2025-06-03&to=2025-06-04')).toEqual(expected((f) => day(f) >= '2025-06-03' && day(f) <= '2025-06-04'));
    expect(await all('from=2025-06-10&table=fixture_things')).toEqual(expected((f) => day(f) >= '2025-06-10' && f.tableName === 'fixture_things'));
    expect(await all('to=2025-06-01&table=fixture_widgets')).toEqual(expected((f) => day(f) <= '2025-06-01' && f.tableName === 'fixture_widgets'));
    for (const q of ['from=2025-02-30', 'from=2025-06-05&to=2025-06-04', 'to=June']) {
      expect((await master.json('GET', `/api/admin/audit-logs?${q}`)).status, q).toBe(400);
    }
  });

  it('combines them all', async () => {
    const query = `q=REC-00&action=UPDATE&table=fixture_things&user=${encodeURIComponent('admin-audit@staff.example')}&from=2025-06-02&to=2025-06-04`;
    const want = expected(
      (f) =>
        f.recordId.startsWith('Rec-00') &&
        f.action === 'UPDATE' &&
        f.tableName === 'fixture_things' &&
        f.userId === admin.userId &&
        day(f) >= '2025-06-02' &&
        day(f) <= '2025-06-04',
    );
    expect(want.length).toBeGreaterThan(2);
    expect(await all(query)).toEqual(want);
    expect(await all(query.replace('REC-00', 'rec-01'))).toEqual([]);
  });
});

describe('one row', () => {
  it('gives its old and new values and who acted', async () => {
    const f = fixtures.find((x) => x.action === 'UPDATE' && x.userId === admin.userId)!;
    const res = await master.json('GET', `/api/admin/audit-logs/${f.id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const body = await res.json();
    const i = Number(f.recordId.slice(4));
    expect(body).toMatchObject({
      id: f.id,
      action: 'UPDATE',
      tableName: f.tableName,
      recordId: f.recordId,
      userId: admin.userId,
      user: { id: admin.userId, email: 'admin-audit@staff.example', name: 'admin audit', deleted: false },
      oldValues: { price: i, name: `thing ${i}` },
      newValues: { price: i + 1, name: `thing ${i}` },
      source: 'service',
    });
    for (const bad of ['999999999', 'abc', '0']) expect((await master.json('GET', `/api/admin/audit-logs/${bad}`)).status, bad).toBe(404);
  });
});

describe('CSV export', () => {
  const rowsOf = (text: string) => parseCsv(text.replace(/^\uFEFF/, ''), { relax_column_count: false }) as string[][];

  it('streams the whole filtered set with the spec’s columns and file name', async () => {
    const res = await master.json('GET', '/api/admin/audit-logs/export.csv?table=fixture_things&action=UPDATE&q=rec');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="audit_logs_\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z\.csv"$/);
    const bytes = Buffer.from(await res.arrayBuffer());
    // A BOM (spreadsheets then read UTF-8; fetch's text() would drop it) and CRLF lines.
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.toString('utf8');
    expect(text.startsWith('\uFEFFID,User ID,Action,Table,Record ID,Created At,IP Address\r\n')).toBe(true);
    const [head, ...rows] = rowsOf(text);
    expect(head).toEqual(['ID', 'User ID', 'Action', 'Table', 'Record ID', 'Created At', 'IP Address']);
    const want = fixtures.filter((f) => f.tableName === 'fixture_things' && f.action === 'UPDATE').sort((a, b) => b.id - a.id);
    expect(rows.map((r) => Number(r[0]))).toEqual(want.map((f) => f.id));
    const f = want[0]!;
    expect(rows[0]).toEqual([
      String(f.id),
      f.userId ?? '',
      'UPDATE',
      'fixture_things',
      f.recordId,
      f.createdAt.toISOString(),
      `192.0.2.${Number(f.recordId.slice(4)) % 250}`,
    ]);
  });

  it('joins its batches without a gap or a repeat', async () => {
    const rows = rowsOf(await (await master.json('GET', '/api/admin/audit-logs/export.csv?table=fixture_bulk')).text()).slice(1);
    expect(rows).toHaveLength(4500);
    expect(rows.map((r) => r[4])).toEqual(Array.from({ length: 4500 }, (_, i) => `bulk-${4500 - i}`));
  });

  it('neutralises cells a spreadsheet would run as formulas', async () => {
    const rows = rowsOf(await (await master.json('GET', '/api/admin/audit-logs/export.csv?table=fixture_csv')).text()).slice(1);
    expect(rows.map((r) => r[4]).reverse()).toEqual(['\'=HYPERLINK("http://evil.example")', "'+SUM(A1)", "'-2+3", "'@cmd", "'\tTAB", "'\rCR", '-5', 'plain']);
    expect(rows.at(-1)![2]).toBe("'=ACTION()");
    expect(rows.at(-2)![6]).toBe("'+1.2.3.4");
  });

  it('is audited with its filters, the user by id, and holds the log as it was asked for', async () => {
    const res = await master.json('GET', `/api/admin/audit-logs/export.csv?user=${encodeURIComponent('ADMIN-audit@staff.example')}&table=fixture_widgets`);
    const ids = rowsOf(await res.text())
      .slice(1)
      .map((r) => Number(r[0]));
    expect(ids).toEqual(expected((f) => f.userId === admin.userId && f.tableName === 'fixture_widgets'));
    const [exported] = (await page('action=EXPORT&table=audit_logs')).items;
    const row = await (await master.json('GET', `/api/admin/audit-logs/${exported!.id}`)).json();
    expect(row).toMatchObject({
      action: 'EXPORT',
      tableName: 'audit_logs',
      userId: master.userId,
      newValues: { filters: { user: admin.userId, table: 'fixture_widgets' } },
    });
    expect(JSON.stringify(row.newValues)).not.toContain('@');
    // The export's own row is not in the export (it holds the rows older than it).
    const all = rowsOf(await (await master.json('GET', '/api/admin/audit-logs/export.csv?action=EXPORT')).text()).slice(1);
    const [latest] = (await page('action=EXPORT')).items;
    expect(all.map((r) => Number(r[0]))).not.toContain(latest!.id);
  });
});

describe('the page', () => {
  it('lists rows with the filters in the URL and opens one with old and new values side by side', async () => {
    const f = fixtures.find((x) => x.action === 'UPDATE')!;
    const res = await master.get(`/admin/dashboard/audit-logs?table=fixture_things&open=${f.id}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('Audit Logs');
    for (const h of ['Action', 'Table', 'Record ID', 'User', 'Timestamp', 'IP Address', 'Export CSV', 'Old values', 'New values']) expect(html).toContain(h);
    expect(html).toContain('href="/api/admin/audit-logs/export.csv?table=fixture_things"');
    expect(html.match(/data-testid="audit-row"/g)).toHaveLength(100);
    expect(html).toContain('data-testid="audit-detail"');
  });

  it('says why nothing is listed: the filters, or an empty log; and shows a failure as an alert', async () => {
    const filtered = await (await master.get('/admin/dashboard/audit-logs?q=no-such-thing-anywhere')).text();
    expect(filtered).toContain('No logs found');
    expect(filtered).toContain('Try adjusting your search filters');

    const audit = t.app.services.audit;
    const list = audit.list;
    try {
      audit.list = async () => ({ items: [], older: null, newer: null });
      const empty = await (await master.get('/admin/dashboard/audit-logs')).text();
      expect(empty).toContain('No logs found');
      expect(empty).toContain('No audit logs have been recorded yet');
      audit.list = async () => {
        throw new Error('the database is away');
      };
      const failed = await master.get('/admin/dashboard/audit-logs');
      expect(failed.status).toBe(200);
      const html = await failed.text();
      expect(html).toMatch(/role="alert"[^>]*>.*Error.*Failed to fetch audit logs\./s);
      expect(html).not.toContain('the database is away');
    } finally {
      audit.list = list;
    }
  });
});

describe('security events', () => {
  const PASSWORD = 'Audit-events-password-2026';
  const actionsOf = async (userId: string) => new Set((await page(`q=${userId}`)).items.map((i) => i.action));

  it('are all in the log: sign-in, failures, lockout, unlock, password change and reset, two-factor, settings, suspension, invitation', async () => {
    const { users, auth, sessions, settings } = t.app.services;
    // An invitation, accepted (the link sets the password and signs in).
    const invited = await users.createUser(
      { email: 'invited-audit@staff.example', firstName: 'In', lastName: 'Vited', roles: ['employee'] },
      { userId: master.userId, ip: '198.51.100.1' },
    );
    await auth.resetPasswordWithToken(invited.inviteToken!, PASSWORD, { userId: null, ip: '198.51.100.2' });
    const id = invited.userId;
    const email = 'invited-audit@staff.example';

    // Sign-in, a failure, then a lockout (five wrong passwords from one address) and the unlock.
    const c = await new Client(t.url).passGate();
    expect((await c.post('/auth/login', { email, password: PASSWORD }, { 'x-forwarded-for': '198.51.100.3' })).status).toBe(302);
    for (let i = 0; i < 5; i++) await new Client(t.url).post('/auth/login', { email, password: 'wrong-password-123' }, { 'x-forwarded-for': '198.51.100.4' });
    expect((await master.json('POST', `/api/users/${id}/unlock`)).status).toBe(204);

    // Password change, two-factor on and off (as the signed-in user).
    const user = (await sessions.resolve(readSessionToken(c.header(), false) as string, { touch: false }))!;
    await auth.changePassword(user, { current: PASSWORD, password: `${PASSWORD}-2` }, { userId: id, ip: '198.51.100.5' });
    const { secret } = await auth.beginTotp(user);
    await auth.confirmTotp(user, await totpCode(secret, Date.now() / 1000), { userId: id, ip: '198.51.100.5' });
    await auth.disableTotp(user, `${PASSWORD}-2`, { userId: id, ip: '198.51.100.5' });

    // A reset by link.
    const token = await createOneTimeTokens(Date.now).issue(db(), id, 'reset_password');
    await auth.resetPasswordWithToken(token, `${PASSWORD}-3`, { userId: null, ip: '198.51.100.6' });

    // Suspended by the master admin; the right password then fails, and says so in the log.
    await users.setStatus(id, 'suspended', { userId: master.userId, ip: '198.51.100.7' });
    await new Client(t.url).post('/auth/login', { email, password: `${PASSWORD}-3` }, { 'x-forwarded-for': '198.51.100.8' });

    const actions = await actionsOf(id);
    for (const a of [
      'INSERT',
      'INVITATION_ISSUED',
      'INVITATION_ACCEPTED',
      'SIGN_IN',
      'SIGN_IN_FAILED',
      'LOCKOUT',
      'UNLOCK',
      'PASSWORD_CHANGED',
      'TWO_FACTOR_ENABLED',
      'TWO_FACTOR_DISABLED',
      'PASSWORD_RESET',
      'STATUS_CHANGE',
    ])
      expect(actions, a).toContain(a);
    const failures = (await page(`q=${id}&action=SIGN_IN_FAILED`)).items;
    const reasons = await Promise.all(failures.map(async (f) => (await (await master.json('GET', `/api/admin/audit-logs/${f.id}`)).json()).newValues.reason));
    expect(reasons).toContain('suspended');
    expect(reasons).toContain('wrong_password');

    // The Access Control settings.
    const before = await settings.get();
    await settings.update({ ...before, sessionTimeoutMinutes: 30 }, { userId: master.userId, ip: '198.51.100.9' });
    const [changed] = (await page('action=SETTINGS_UPDATE&table=security_settings')).items;
    expect(changed).toMatchObject({ userId: master.userId, recordId: '1' });
    await settings.update(before, SYSTEM_ACTOR);
  });
});

describe('the windowed walk', () => {
  it('gives the same pages, both ways, whatever the window: walking on, switching to the set, or neither', async () => {
    const db = t.db.database.db;
    const narrow = createAuditLogService(db, { window: 25 });
    const wide = createAuditLogService(db, { window: 1_000_000 });
    const walk = async (service: AuditLogService, filters: Record<string, string>) => {
      const pages: number[][] = [];
      let query: AuditLogQuery = auditLogQuery.parse(filters);
      for (let guard = 0; guard < 100; guard++) {
        const p = await service.list(query);
        pages.push(p.items.map((i) => i.id));
        if (p.older === null) break;
        query = auditLogQuery.parse({ ...filters, before: String(p.older) });
      }
      // And back up from the last page.
      let back = auditLogQuery.parse({ ...filters, after: String(pages.at(-1)?.[0] ?? 1) });
      for (let guard = 0; guard < 100 && back.after !== undefined; guard++) {
        const p = await service.list(back);
        pages.push(p.items.map((i) => i.id));
        if (p.newer === null) break;
        back = auditLogQuery.parse({ ...filters, after: String(p.newer) });
      }
      return pages;
    };
    const cases: Record<string, string>[] = [
      { q: 'rec-0' },
      { q: 'fixture_th' },
      { q: 'bulk-1' },
      { action: 'UPDATE', table: 'fixture_widgets' },
      { action: 'DELETE', table: 'fixture_things', q: 'rec' },
      { action: 'INSERT', table: 'fixture_csv' },
      { q: 'no-such-thing' },
      { action: 'UPDATE', table: 'fixture_things', from: '2025-06-03', to: '2025-06-06' },
      { q: 'rec-00', from: '2025-06-02' },
      { q: 'bulk', to: '2024-06-02' },
    ];
    for (const filters of cases) {
      const expectedPages = await walk(wide, filters);
      expect(await walk(narrow, filters), JSON.stringify(filters)).toEqual(expectedPages);
    }
    expect((await walk(narrow, { q: 'rec-0' })).flat().length).toBeGreaterThan(100);
  });
});

describe('who acted, on the list', () => {
  it('names each row’s user as they are now, on a plain page and a searched one (a uuid in any case names its user)', async () => {
    const gone = await signedIn(t, 'employee', 'audit-gone');
    await db().execute(sql`update users set deleted_at = now() where id = ${gone.userId}`);
    const nobody = '00000000-0000-4000-8000-000000000000';
    // A person, a deleted user, a uuid naming nobody, a user id that is no uuid, no user at all.
    const userIds = [admin.userId, gone.userId.toUpperCase(), nobody, 'not-a-uuid', null];
    await db()
      .insert(auditLogs)
      .values(
        userIds.map((userId, i) => ({
          userId,
          action: 'UPDATE',
          tableName: 'fixture_people',
          recordId: `person-${i}`,
          createdAt: new Date(Date.UTC(2023, 0, 1 + i)),
        })),
      );
    const expectedUsers = [
      { id: admin.userId, email: 'admin-audit@staff.example', name: 'admin audit', deleted: false },
      { id: gone.userId, email: null, name: 'Deleted user', deleted: true },
      null,
      null,
      null,
    ];
    const users = (p: Page) =>
      p.items
        .filter((i) => i.tableName === 'fixture_people')
        .sort((a, b) => (a.recordId ?? '').localeCompare(b.recordId ?? ''))
        .map((i) => i.user);
    // One exact filter: the prepared keyset page.
    expect(users(await page('table=fixture_people'))).toEqual(expectedUsers);
    // A search of three letters or more: the windowed walk.
    expect(users(await page('q=fixture_peo'))).toEqual(expectedUsers);
  });
});

describe('the trigram indexes under a steady stream of writes', () => {
  it('merge their pending list at 128 kB (not PostgreSQL’s 4 MB, whose merge stalls the writes behind it), and a search finds rows on either side of a merge', async () => {
    const { rows } = (await db().execute(
      sql`select c.relname as name, c.reloptions as options from pg_class c where c.relname like 'audit_logs_%_trgm_idx' order by c.relname`,
    )) as unknown as { rows: { name: string; options: string[] | null }[] };
    expect(rows).toEqual([
      { name: 'audit_logs_record_trgm_idx', options: ['gin_pending_list_limit=128'] },
      { name: 'audit_logs_table_trgm_idx', options: ['gin_pending_list_limit=128'] },
      { name: 'audit_logs_user_trgm_idx', options: ['gin_pending_list_limit=128'] },
    ]);
    // 2,000 rows of 36-character record ids (about 40 trigrams each): well past 128 kB of pending
    // entries, so merges happen while they go in; each is found by a piece of its id.
    const values = Array.from({ length: 2000 }, (_, i) => ({
      action: 'UPDATE',
      tableName: 'fixture_stream',
      recordId: `stream-${String(i).padStart(4, '0')}-${crypto.randomUUID().slice(0, 24)}`,
    }));
    for (let i = 0; i < values.length; i += 100)
      await db()
        .insert(auditLogs)
        .values(values.slice(i, i + 100));
    for (const i of [0, 777, 1999]) {
      const p = await page(`q=stream-${String(i).padStart(4, '0')}-`);
      expect(p.items.map((x) => x.recordId)).toEqual([values[i]!.recordId]);
    }
  });
});
