// Every staff list answers the same whether its page comes from the database as one JSON text
// (server/db/json-rows.ts, PostgreSQL's default) or as rows: server A builds its lists' queries with JSON
// rows, server B (on the same database, after A has answered) with rows, and each answer is
// compared byte for byte — on the staff-lists benchmark's data (bench/staff-lists.mjs: every list
// holds pages of rows, with the left joins' nulls, dates, money and search matches a brand has).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { masterAdminSql } from '../../bench/lib.mjs';
import { listsData } from '../../bench/staff-lists.mjs';
import { createDemoUsers } from '../../server/bootstrap';
import { useJsonRows } from '../../server/db/json-rows';
import { queryRows } from '../../server/db/client';
import { startTestServer, type TestServer } from '../support/test-server';

const TOKEN = 'json-rows-lists-master-session';
const MASTER = 'json-rows-master@bench.example';

/** The lists as the staff screens ask for them, and their later pages, searches, filters and orders. */
const PATHS = [
  '/api/admin/products',
  '/api/admin/products?q=gin',
  '/api/admin/cocktails',
  '/api/admin/stores',
  '/api/admin/stores?page=2',
  '/api/admin/pages',
  '/api/admin/pages?page=2&sort=title&dir=desc',
  '/api/admin/collateral',
  '/api/admin/collateral?page=2',
  '/api/admin/events',
  '/api/admin/events?page=2',
  '/api/admin/media',
  '/api/admin/media?page=3',
  '/api/admin/inquiries',
  '/api/admin/inquiries?page=4',
  '/api/admin/partners',
  '/api/admin/marketing-requests',
  '/api/admin/marketing-requests?page=5',
  '/api/admin/trade-orders',
  '/api/admin/invoices',
  '/api/admin/users',
  '/api/admin/users?page=7',
  '/api/admin/users?q=olivia',
  '/api/admin/audit-logs',
  '/api/admin/notifications',
  '/api/admin/outbox',
  '/api/admin/outbox?page=3',
];

/** The benchmark's data at a tenth of its size: pages enough, in a test's time. */
const tenth = (load: string) => load.replace(/generate_series\(1, (\d+)\)/g, (_, n: string) => `generate_series(1, ${Math.ceil(Number(n) / 10)})`);

async function answers(server: TestServer): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const path of PATHS) {
    const res = await fetch(server.url + path, { headers: { cookie: `frolic_session=${TOKEN}` } });
    const text = await res.text();
    expect(res.status, `${path}: ${text.slice(0, 300)}`).toBe(200);
    out.set(path, text);
  }
  return out;
}

describe('staff lists as JSON rows and as rows', () => {
  let a: TestServer;
  let b: TestServer | undefined;
  beforeAll(async () => {
    useJsonRows('always');
    a = await startTestServer();
    // The demo trade network, as the benchmark's server has it (DEMO_MODE at start-up).
    await createDemoUsers(a.app.services, a.db.database, 'Json-rows-demo-pass-1');
    // One statement at a time (a prepared statement holds one): the master admin's four, the data's block.
    const statements = [...masterAdminSql(MASTER, TOKEN).split(';'), ...tenth(listsData(MASTER)).split(/(?<=end \$\$;)/)].filter((q) => q.trim());
    for (const statement of statements) await a.db.database.db.execute(sql.raw(statement));
  }, 180_000);
  afterAll(async () => {
    useJsonRows('postgres');
    await b?.close();
    await a?.close();
  });

  it('gives the same answer, byte for byte, for every list', async () => {
    const fromJson = await answers(a);
    // Asked again: the same (and by now each query is a prepared statement, statement-cache.ts).
    expect(await answers(a)).toEqual(fromJson);
    expect(await answers(a)).toEqual(fromJson);
    // The first pages hold rows (the comparison compares something).
    for (const path of PATHS.filter((p) => !p.includes('?'))) expect(JSON.parse(fromJson.get(path)!).items.length, path).toBeGreaterThan(0);
    if (!a.db.url) {
      // PGlite has one session: A's statements are there to read, and the pages were JSON.
      const statements = await queryRows<{ n: number }>(
        a.db.database.db,
        sql`select count(*)::int as n from pg_prepared_statements where statement like '%json_agg(json_build_array(%'`,
      );
      expect(statements[0]!.n).toBeGreaterThan(10);
    }
    useJsonRows('never');
    b = await startTestServer({}, { database: a.db });
    const fromRows = await answers(b);
    for (const path of PATHS) expect(fromJson.get(path), path).toBe(fromRows.get(path));
  }, 120_000);
});
