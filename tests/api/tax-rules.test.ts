// Tax rules (issue 44): staff holding Finance read every jurisdiction's VAT and excise rules with the
// one in force today, add a VAT rule or a set of duty bands from today or later (audited, a duplicate
// and a backdated one refused with stable codes), and withdraw a rule still to come (a band set as a
// whole) but never one in force. Partners, employees and visitors are refused by the API, the page and
// the service alike. The documents' decision (rulesInForce) reads what was added from its date.
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../shared/invoice-totals';
import { todayUtc } from '../../shared/partners';
import type { JurisdictionTaxRules, TaxRulesOverview } from '../../shared/schemas/tax';
import { auditLogs, taxRules } from '../../server/db/schema';
import { rulesInForce } from '../../server/modules/tax';
import type { Client } from '../support/client';
import { createOrganisation, signedInMember } from '../support/partners';
import { signedIn } from '../support/staff';
import { startTestServer, type TestServer } from '../support/test-server';

type Signed = Client & { userId: string };

let t: TestServer;
let admin: Signed;
let employee: Signed;
let distributor: Signed;
const today = todayUtc();

beforeAll(async () => {
  t = await startTestServer();
  admin = await signedIn(t, 'admin', 'tax');
  employee = await signedIn(t, 'employee', 'tax');
  distributor = await signedInMember(t, await createOrganisation(t, 'distributor'), { tag: 'tax' });
});
afterAll(async () => {
  await t?.close();
});

const db = () => t.db.database.db;

async function overview(query = ''): Promise<TaxRulesOverview> {
  const res = await admin.json('GET', `/api/admin/tax-rules${query}`);
  expect(res.status).toBe(200);
  return res.json();
}

async function add(body: Record<string, unknown>) {
  const res = await admin.json('POST', '/api/admin/tax-rules', body);
  return { status: res.status, body: (await res.json()) as { ids: number[]; rules: JurisdictionTaxRules; error?: { code: string; details?: unknown } } };
}

const vat = (over: Record<string, unknown> = {}) => ({
  kind: 'vat',
  jurisdiction: 'DE',
  category: 'S',
  ratePercent: '20.5',
  effectiveFrom: addDays(today, 30),
  ...over,
});

async function lastAudit(recordId: number) {
  const [row] = await db()
    .select()
    .from(auditLogs)
    .where(and(eq(auditLogs.tableName, 'tax_rules'), eq(auditLogs.recordId, String(recordId))))
    .orderBy(desc(auditLogs.id))
    .limit(1);
  return row;
}

describe('Tax rules: reading', () => {
  it('lists every jurisdiction (each market but the EU, each member state) with the rule in force today, its source and whether it is an example', async () => {
    const all = await overview();
    expect(all.today).toBe(today);
    const codes = all.jurisdictions.map((j) => j.jurisdiction);
    expect(codes).toHaveLength(32);
    expect(codes).toEqual(expect.arrayContaining(['GB', 'US', 'CA', 'AU', 'INT', 'DE', 'IE', 'GR', 'SE']));
    expect(codes).not.toContain('EU');
    const gb = all.jurisdictions.find((j) => j.jurisdiction === 'GB')!;
    expect(gb.name).toBe('United Kingdom');
    expect(gb.vat[0]).toMatchObject({ category: 'S', rateBp: 2000, status: 'in_force', example: true, effectiveFrom: '2011-01-04' });
    expect(gb.vat[0]!.source).toContain('https://www.gov.uk/vat-rates');
    const [duty] = gb.excise;
    expect(duty).toMatchObject({ effectiveFrom: '2025-02-01', currency: 'GBP', status: 'in_force' });
    expect(duty!.bands.map((b) => [b.abvFromTenths, b.abvToTenths, b.perHlpaMinor, b.example])).toEqual([
      [0, 13, 0, false],
      [13, 35, 96100, false],
      [35, 85, 256700, false],
      [85, 221, 295400, false],
      [221, null, 327900, false],
    ]);
    // A later rule replaces an earlier one: Estonia's 24 % from July 2025 is in force, the 22 % superseded.
    const ee = all.jurisdictions.find((j) => j.jurisdiction === 'EE')!;
    expect(ee.name).toBe('Estonia (EU)');
    expect(ee.vat.map((r) => [r.rateBp, r.status])).toEqual([
      [2400, 'in_force'],
      [2200, 'past'],
    ]);
  });

  it('filters by jurisdiction, and refuses one that is not a market or a member state (the EU as a whole is neither)', async () => {
    const de = await overview('?jurisdiction=de');
    expect(de.jurisdictions.map((j) => j.jurisdiction)).toEqual(['DE']);
    for (const bad of ['EU', 'XX']) {
      const res = await admin.json('GET', `/api/admin/tax-rules?jurisdiction=${bad}`);
      expect(res.status).toBe(400);
      expect((await res.json()).error).toMatchObject({ code: 'validation_failed', details: [{ path: 'jurisdiction' }] });
    }
  });

  it('is for staff holding Finance: a distributor, an employee and a visitor are refused by the API, the page and the service', async () => {
    for (const c of [distributor, employee]) {
      expect((await c.json('GET', '/api/admin/tax-rules')).status).toBe(403);
      const post = await c.json('POST', '/api/admin/tax-rules', vat());
      expect(post.status).toBe(403);
      expect((await post.json()).error.code).toBe('forbidden');
      expect((await c.json('DELETE', '/api/admin/tax-rules/1')).status).toBe(403);
    }
    expect((await admin.json('GET', '/api/admin/tax-rules', undefined, { cookie: '' })).status).toBe(401);
    // The distributor has no business in the admin area; the employee is in it but may not open this page.
    expect((await distributor.get('/admin/dashboard/tax-rules')).headers.get('location')).toBe('/partner-login');
    expect((await employee.get('/admin/dashboard/tax-rules')).headers.get('location')).toBe('/dashboard');
    const viewer = await t.app.services.sessions.resolve(distributor.cookies.get('frolic_session') as string);
    await expect(t.app.services.tax.overview(viewer)).rejects.toMatchObject({ code: 'forbidden', kind: 'forbidden' });
    await expect(t.app.services.tax.overview(null)).rejects.toMatchObject({ kind: 'unauthenticated' });
    expect(
      await db()
        .select()
        .from(taxRules)
        .where(eq(taxRules.effectiveFrom, addDays(today, 30))),
    ).toEqual([]);
  });

  it('shows the page with the rules, their sources and the example label', async () => {
    const page = await admin.get('/admin/dashboard/tax-rules?jurisdiction=GB');
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Tax rules');
    expect(html).toContain('Example figure — verify before relying on it');
    expect(html).toContain('https://www.gov.uk/government/publications/rates-and-allowance-excise-duty-alcohol-duty');
    expect(html).toContain('£32.79 per litre of pure alcohol');
  });
});

describe('Tax rules: adding', () => {
  it('adds a VAT rule from a later date, audited: upcoming until then, in force from its date', async () => {
    const future = addDays(today, 30);
    const { status, body } = await add(vat({ effectiveFrom: future, source: 'Bundesfinanzministerium, read ' + today }));
    expect(status, JSON.stringify(body)).toBe(201);
    expect(body.ids).toHaveLength(1);
    const id = body.ids[0]!;
    expect(body.rules.vat[0]).toMatchObject({ id, category: 'S', rateBp: 2050, status: 'upcoming', example: false, effectiveFrom: future });
    expect(body.rules.vat[1]).toMatchObject({ rateBp: 1900, status: 'in_force' });
    expect((await rulesInForce(db(), 'DE', today)).vat).toMatchObject({ rateBp: 1900 });
    expect((await rulesInForce(db(), 'DE', future)).vat).toMatchObject({ rateBp: 2050, ruleId: id });
    expect(await lastAudit(id)).toMatchObject({
      action: 'INSERT',
      userId: admin.userId,
      newValues: { jurisdiction: 'DE', kind: 'vat', vatCategory: 'S', rateBp: 2050, effectiveFrom: future },
    });
    const [row] = await db().select().from(taxRules).where(eq(taxRules.id, id));
    expect(row).toMatchObject({ createdBy: admin.userId, exemptionReason: '' });
  });

  it('adds a zero-rated or exempt rule at 0 %, the exempt one with the reason invoices print', async () => {
    const z = await add(vat({ jurisdiction: 'IE', category: 'Z', ratePercent: undefined, effectiveFrom: addDays(today, 40) }));
    expect(z.status, JSON.stringify(z.body)).toBe(201);
    expect(z.body.rules.vat[0]).toMatchObject({ category: 'Z', rateBp: 0 });
    const e = await add(vat({ jurisdiction: 'IE', category: 'E', ratePercent: '0', exemptionReason: 'Sale for resale', effectiveFrom: addDays(today, 41) }));
    expect(e.status).toBe(201);
    expect(e.body.rules.vat[0]).toMatchObject({ category: 'E', rateBp: 0, exemptionReason: 'Sale for resale' });
  });

  it('refuses a backdated rule (the rule in force then stays), and a second rule of the kind from the same date, with stable codes', async () => {
    const yesterday = addDays(today, -1);
    const back = await add(vat({ jurisdiction: 'FR', effectiveFrom: yesterday }));
    expect(back.status).toBe(409);
    expect(back.body.error).toMatchObject({ code: 'tax_rule_backdated', details: [{ path: 'effectiveFrom', code: 'tax_rule_backdated' }] });
    expect(
      await db()
        .select()
        .from(taxRules)
        .where(and(eq(taxRules.jurisdiction, 'FR'), eq(taxRules.effectiveFrom, yesterday))),
    ).toEqual([]);
    // The seeded date of a rule in force: earlier still, so backdated too.
    expect((await add(vat({ jurisdiction: 'FR', effectiveFrom: '2025-01-01' }))).body.error?.code).toBe('tax_rule_backdated');

    const date = addDays(today, 50);
    expect((await add(vat({ jurisdiction: 'FR', effectiveFrom: date }))).status).toBe(201);
    const twice = await add(vat({ jurisdiction: 'FR', effectiveFrom: date, ratePercent: '21' }));
    expect(twice.status).toBe(409);
    expect(twice.body.error).toMatchObject({ code: 'tax_rule_exists', details: [{ path: 'effectiveFrom', code: 'tax_rule_exists' }] });
    expect(
      await db()
        .select()
        .from(taxRules)
        .where(and(eq(taxRules.jurisdiction, 'FR'), eq(taxRules.effectiveFrom, date))),
    ).toHaveLength(1);
  });

  it('adds a rule from today: in force at once, and then never withdrawn', async () => {
    const { status, body } = await add(vat({ jurisdiction: 'AU', ratePercent: 10, effectiveFrom: today, example: true }));
    expect(status, JSON.stringify(body)).toBe(201);
    expect(body.rules.vat[0]).toMatchObject({ status: 'in_force', rateBp: 1000, example: true });
    expect(body.rules.vat[1]).toMatchObject({ status: 'past', effectiveFrom: '2000-07-01' });
    const res = await admin.json('DELETE', `/api/admin/tax-rules/${body.ids[0]}`);
    expect(res.status).toBe(409);
    expect((await res.json()).error.code).toBe('tax_rule_in_force');
  });

  it('refuses what a rule cannot be, field by field', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [vat({ jurisdiction: 'EU' }), 'jurisdiction'],
      [vat({ jurisdiction: 'XX' }), 'jurisdiction'],
      [vat({ category: 'K' }), 'category'],
      [vat({ ratePercent: '150' }), 'ratePercent'],
      [vat({ ratePercent: '20.555' }), 'ratePercent'],
      [vat({ ratePercent: '0' }), 'ratePercent'],
      [vat({ ratePercent: 'twenty' }), 'ratePercent'],
      [vat({ category: 'Z', ratePercent: '5' }), 'ratePercent'],
      [vat({ category: 'E', ratePercent: undefined }), 'exemptionReason'],
      [vat({ effectiveFrom: '2027-02-30' }), 'effectiveFrom'],
      [vat({ effectiveFrom: 'soon' }), 'effectiveFrom'],
    ];
    for (const [body, path] of cases) {
      const res = await add(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error?.code).toBe('validation_failed');
      expect(
        (res.body.error?.details as { path: string }[]).map((d) => d.path),
        JSON.stringify(body),
      ).toContain(path);
    }
    expect((await add({ kind: 'sales_tax', jurisdiction: 'GB' })).status).toBe(400);
  });
});

describe('Tax rules: excise band sets', () => {
  const excise = (over: Record<string, unknown> = {}) => ({
    kind: 'excise',
    jurisdiction: 'GB',
    currency: 'GBP',
    effectiveFrom: addDays(today, 60),
    bands: [
      { abvFrom: '0', abvTo: '8.5', perLitre: '10' },
      { abvFrom: '8.5', abvTo: null, perLitre: '32.7912' },
    ],
    ...over,
  });

  it('refuses bands that leave a gap, overlap, do not start at 0 or end short of every strength, and a currency no document is issued in', async () => {
    const band = (abvFrom: string, abvTo: string | null, perLitre = '1') => ({ abvFrom, abvTo, perLitre });
    const cases: [Record<string, unknown>, string][] = [
      [excise({ bands: [band('0', '13'), band('14', null)] }), 'bands.1.abvFrom'],
      [excise({ bands: [band('0', '13'), band('12', null)] }), 'bands.1.abvFrom'],
      [excise({ bands: [band('1.3', null)] }), 'bands.0.abvFrom'],
      [excise({ bands: [band('0', '22')] }), 'bands.0.abvTo'],
      [excise({ bands: [band('0', null), band('22', null)] }), 'bands.0.abvTo'],
      [excise({ bands: [band('0', '0'), band('0', null)] }), 'bands.0.abvTo'],
      [excise({ bands: [band('0', null, '-1')] }), 'bands.0.perLitre'],
      [excise({ bands: [band('0', null, '1.23456')] }), 'bands.0.perLitre'],
      [excise({ bands: [band('0', '101'), band('101', null)] }), 'bands.0.abvTo'],
      [excise({ bands: [] }), 'bands'],
      [excise({ currency: 'SEK' }), 'currency'],
    ];
    for (const [body, path] of cases) {
      const res = await add(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(
        (res.body.error?.details as { path: string }[]).map((d) => d.path),
        JSON.stringify(body),
      ).toContain(path);
    }
  });

  it('adds a set per hectolitre of pure alcohol in minor units, read whole from its date, and withdraws it whole while it is to come', async () => {
    const date = addDays(today, 60);
    const { status, body } = await add(excise({ effectiveFrom: date, source: 'HMRC, read ' + today }));
    expect(status, JSON.stringify(body)).toBe(201);
    expect(body.ids).toHaveLength(2);
    const set = body.rules.excise[0]!;
    expect(set).toMatchObject({ effectiveFrom: date, currency: 'GBP', status: 'upcoming' });
    expect(set.bands.map((b) => [b.abvFromTenths, b.abvToTenths, b.perHlpaMinor])).toEqual([
      [0, 85, 100_000],
      [85, null, 327_912],
    ]);
    expect(body.rules.excise[1]).toMatchObject({ effectiveFrom: '2025-02-01', status: 'in_force' });
    expect((await rulesInForce(db(), 'GB', today)).excise).toHaveLength(5);
    expect((await rulesInForce(db(), 'GB', date)).excise.map((b) => b.perHlpaMinor)).toEqual([100_000, 327_912]);

    // Another set from the same date, whatever its bands, is the same rule twice.
    const again = await add(excise({ effectiveFrom: date, bands: [{ abvFrom: '0', abvTo: null, perLitre: '5' }] }));
    expect(again.status).toBe(409);
    expect(again.body.error?.code).toBe('tax_rule_exists');

    // Withdrawing one band withdraws the set: both rows, each audited.
    const res = await admin.json('DELETE', `/api/admin/tax-rules/${body.ids[1]}`);
    expect(res.status).toBe(200);
    const withdrawn = await res.json();
    expect(withdrawn.withdrawn).toEqual([...body.ids].sort((a, b) => a - b));
    expect(withdrawn.rules.excise.map((s: { effectiveFrom: string }) => s.effectiveFrom)).toEqual(['2025-02-01']);
    expect(
      await db()
        .select()
        .from(taxRules)
        .where(and(eq(taxRules.jurisdiction, 'GB'), eq(taxRules.effectiveFrom, date))),
    ).toEqual([]);
    for (const id of body.ids)
      expect(await lastAudit(id)).toMatchObject({ action: 'DELETE', userId: admin.userId, oldValues: { jurisdiction: 'GB', kind: 'excise' } });
  });
});

describe('Tax rules: withdrawing', () => {
  it('withdraws a VAT rule still to come; refuses one in force or superseded, and answers 404 for none', async () => {
    const date = addDays(today, 90);
    const { body } = await add(vat({ jurisdiction: 'NL', ratePercent: '22', effectiveFrom: date }));
    const id = body.ids[0]!;
    const res = await admin.json('DELETE', `/api/admin/tax-rules/${id}`);
    expect(res.status).toBe(200);
    expect((await res.json()).withdrawn).toEqual([id]);
    expect(await lastAudit(id)).toMatchObject({ action: 'DELETE', oldValues: { jurisdiction: 'NL', rateBp: 2200, effectiveFrom: date } });
    expect((await rulesInForce(db(), 'NL', date)).vat).toMatchObject({ rateBp: 2100 });

    const [seeded] = await db()
      .select()
      .from(taxRules)
      .where(and(eq(taxRules.jurisdiction, 'GB'), eq(taxRules.kind, 'vat')));
    const refused = await admin.json('DELETE', `/api/admin/tax-rules/${seeded!.id}`);
    expect(refused.status).toBe(409);
    expect((await refused.json()).error).toMatchObject({ code: 'tax_rule_in_force' });
    const [superseded] = await db()
      .select()
      .from(taxRules)
      .where(and(eq(taxRules.jurisdiction, 'EE'), eq(taxRules.effectiveFrom, '2025-01-01'), eq(taxRules.kind, 'vat')));
    expect((await admin.json('DELETE', `/api/admin/tax-rules/${superseded!.id}`)).status).toBe(409);
    expect((await admin.json('DELETE', `/api/admin/tax-rules/${id}`)).status).toBe(404);
    expect((await admin.json('DELETE', '/api/admin/tax-rules/abc')).status).toBe(404);
  });

  it('adds and withdraws through the page, with the toast, and field errors on the form', async () => {
    const date = addDays(today, 120);
    const saved = await admin.editor('/admin/dashboard/tax-rules', vat({ jurisdiction: 'PT', ratePercent: '24', effectiveFrom: date }));
    expect(saved.status).toBe(302);
    expect(saved.headers.get('location')).toBe('/admin/dashboard/tax-rules?jurisdiction=PT');
    expect(admin.flashedToast()).toMatchObject({ title: 'VAT rule added', description: `Portugal (EU): S 24% from ${date} (upcoming).` });
    const wrong = await admin.editor('/admin/dashboard/tax-rules', vat({ jurisdiction: 'PT', ratePercent: '24', effectiveFrom: addDays(today, -3) }));
    expect(wrong.status).toBe(409);
    const [row] = await db()
      .select()
      .from(taxRules)
      .where(and(eq(taxRules.jurisdiction, 'PT'), eq(taxRules.effectiveFrom, date)));
    const gone = await admin.post('/admin/dashboard/tax-rules?jurisdiction=PT', { intent: 'withdraw', id: String(row!.id) });
    expect(gone.status).toBe(302);
    expect(admin.flashedToast()).toMatchObject({ title: 'Rule withdrawn' });
    expect(await db().select().from(taxRules).where(eq(taxRules.id, row!.id))).toEqual([]);
  });
});
