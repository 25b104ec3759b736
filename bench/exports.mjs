// Export to accounting (issue 45): one importer with 100,000 issued invoices to its distributor over
// a year (two lines each, one carrying excise duty: three Xero rows an invoice, four plain rows),
// written by SQL after the first start; an importer user with a session (its token's hash inserted).
// Then, one after the other, the whole year as Xero's and as the plain CSV, read as fast as the
// client takes it, while the server's resident set size is sampled every 20 ms from /proc. Reported:
// the baseline (the median over a second before, after a one-day export warmed the code), the peak,
// their difference (target ≤ 100 MB), the time, rows and bytes. On PGlite the database runs in the
// server's process, so its memory is in the figure; on PostgreSQL it is the server's alone.
/* global fetch, performance, TextDecoder */
import { readFileSync } from 'node:fs';
import { isMain, median, onBothDatabases, round, sleep, tokenHash, writeResult } from './lib.mjs';

const INVOICES = Number(process.env.BENCH_EXPORT_INVOICES || 100_000);
const TARGET_MB = 100;
const TOKEN = 'bench-exports-session-importer';
const YEAR = { from: '2026-01-01', to: '2026-12-31' };

export const LOAD = `
do $$
declare
  brand uuid := (select id from organisations where type = 'brand');
  imp uuid;
  dist uuid;
begin
  insert into organisations (type, legal_name, trading_name, licence_number, licence_jurisdiction, licence_expires_on,
    address_line1, city, postal_code, country, market, currency, status, supplier_id, vat_number)
  values ('importer', 'Bench Ledger Imports Ltd', 'Bench Ledger Imports', 'BENCH-EX-IMP', 'GB', '2099-12-31', '1 Ledger Row', 'Leeds', 'LS1 4AP',
    'GB', 'GB', 'GBP', 'active', brand, 'GB123456789')
  returning id into imp;
  insert into organisations (type, legal_name, trading_name, licence_number, licence_jurisdiction, licence_expires_on,
    address_line1, city, postal_code, country, market, currency, status, supplier_id, email)
  values ('distributor', 'Bench Books Distribution Ltd', 'Bench Books', 'BENCH-EX-DIS', 'GB', '2099-12-31', '2 Journal Lane', 'York', 'YO1 7HH',
    'GB', 'GB', 'GBP', 'active', imp, 'ap@bench-books.example')
  returning id into dist;
  insert into users (email, email_confirmed_at, status, organisation_id) values ('bench-exports@bench.example', now(), 'active', imp);
  insert into profiles (id, first_name, last_name, password_last_updated) select id, 'Bench', 'Exporter', now() from users where email = 'bench-exports@bench.example';
  insert into user_roles (user_id, role) select id, 'importer' from users where email = 'bench-exports@bench.example';
  insert into sessions (user_id, token_hash, expires_at, last_seen_at)
    select id, '${tokenHash(TOKEN)}', now() + interval '30 days', now() from users where email = 'bench-exports@bench.example';

  -- 100,000 invoices over 2026: 18 bottles of gin at 15.25 with 55.08 duty, 6 at 19.99; VAT S 20 % on 449.52.
  insert into invoices (kind, state, issuer_id, customer_id, number, year, sequence, currency, subtotal_minor, tax_rate_bp, tax_minor,
    total_minor, layout_version, tax_point, duty_treatment, duty_minor, vat_breakdown, issued_on, due_on, issued_at, issuer, customer,
    created_at, updated_at)
  select 'invoice', 'issued', imp, dist, 'INV-2026-' || lpad(g::text, 6, '0'), 2026, g, 'GBP', 39444, 2000, 8990, 53942, 2, d, 'releases', 5508,
    '[{"category":"S","rateBp":2000,"basisMinor":44952,"vatMinor":8990,"note":""}]'::jsonb, d, d + 30, now(),
    jsonb_build_object('legalName', 'Bench Ledger Imports Ltd', 'tradingName', 'Bench Ledger Imports', 'licenceNumber', 'BENCH-EX-IMP',
      'licenceJurisdiction', 'GB', 'addressLines', jsonb_build_array('1 Ledger Row', 'Leeds, LS1 4AP'), 'country', 'GB', 'vatNumber', 'GB123456789'),
    jsonb_build_object('legalName', 'Bench Books Distribution Ltd', 'tradingName', 'Bench Books', 'licenceNumber', 'BENCH-EX-DIS',
      'licenceJurisdiction', 'GB', 'addressLines', jsonb_build_array('2 Journal Lane', 'York, YO1 7HH'), 'country', 'GB', 'vatNumber', ''),
    now(), now()
  from generate_series(1, ${INVOICES}) g
  cross join lateral (select date '2026-01-01' + (g % 365) as d) day;
  insert into document_counters (issuer_id, kind, year, last) values (imp, 'invoice', 2026, ${INVOICES});
  insert into invoice_items (invoice_id, description, cases, case_size, unit_price_minor, line_total_minor, volume_ml, abv_tenths,
    duty_per_hlpa_minor, duty_minor, vat_category, vat_rate_bp)
  select i.id, l.description, l.cases, 6, l.price, l.cases * 6 * l.price, 700, 400, 218200, l.duty, 'S', 2000
  from invoices i
  cross join (values ('Frolic London Dry Gin 70cl', 3, 1525, 5508), ('Frolic Navy Strength 70cl', 1, 1999, 0)) l(description, cases, price, duty)
  where i.issuer_id = imp;
end $$;
analyze;
`;

/** The server's resident set size in bytes (Linux). */
function rssOf(pid) {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) * 1024 : NaN;
}

const MB = 1024 * 1024;

/** Streams one export to the end, sampling the server's RSS; answers the figures. */
async function measure(server, format, period, expectRows) {
  const cookie = `frolic_session=${TOKEN}`;
  const url = `${server.url}/api/partner/exports/invoices.csv?format=${format}&from=${period.from}&to=${period.to}`;
  const pid = server.child.pid;
  const before = [];
  for (let i = 0; i < 50; i++) {
    before.push(rssOf(pid));
    await sleep(20);
  }
  const baseline = median(before);
  let peak = baseline;
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      peak = Math.max(peak, rssOf(pid));
      await sleep(20);
    }
  })();
  const t0 = performance.now();
  const res = await fetch(url, { headers: { cookie } });
  if (res.status !== 200) throw new Error(`${format}: HTTP ${res.status} ${(await res.text()).slice(0, 300)}`);
  let bytes = 0;
  let lines = 0;
  let firstByteMs = null;
  const decoder = new TextDecoder();
  let documents = 0;
  let carry = '';
  for await (const chunk of res.body) {
    if (firstByteMs === null) firstByteMs = performance.now() - t0;
    bytes += chunk.byteLength;
    const text = carry + decoder.decode(chunk, { stream: true });
    const parts = text.split('\r\n');
    carry = parts.pop();
    lines += parts.length;
    if (format === 'plain') for (const p of parts) if (p.startsWith('Sales,Document,')) documents++;
  }
  const seconds = (performance.now() - t0) / 1000;
  sampling = false;
  await sampler;
  const rows = lines - 1;
  if (expectRows && format === 'plain' && documents !== expectRows) throw new Error(`plain: ${documents} documents, expected ${expectRows}`);
  return {
    format,
    rows,
    documents: format === 'plain' ? documents : undefined,
    megabytes: round(bytes / MB, 1),
    seconds: round(seconds, 1),
    rowsPerSec: Math.round(rows / seconds),
    firstByteMs: round(firstByteMs, 0),
    baselineMb: round(baseline / MB, 1),
    peakMb: round(peak / MB, 1),
    growthMb: round((peak - baseline) / MB, 1),
    met: (peak - baseline) / MB <= TARGET_MB,
  };
}

async function suite(server, database) {
  // Warm the code paths (and the statement caches) on a day's export first.
  await measure(server, 'xero', { from: '2026-01-02', to: '2026-01-02' }, null);
  const runs = [];
  for (const format of ['xero', 'plain']) {
    const r = await measure(server, format, YEAR, INVOICES);
    process.stderr.write(
      `  exports ${database} ${format}: ${r.rows} rows, ${r.megabytes} MB in ${r.seconds} s; RSS ${r.baselineMb} → ${r.peakMb} MB (+${r.growthMb} MB)\n`,
    );
    runs.push(r);
  }
  return { database, invoices: INVOICES, runs };
}

export async function run() {
  const rows = await onBothDatabases('exports', { load: LOAD }, suite);
  const result = { invoices: INVOICES, targetMb: TARGET_MB, rows };
  writeResult('exports', result);
  return result;
}

if (isMain(import.meta)) {
  const r = await run();
  console.log(JSON.stringify(r, null, 2));
}

export function summarize(r) {
  const lines = [`Exports: a year of ${r.invoices.toLocaleString('en')} invoices streamed as CSV; peak RSS growth target ≤ ${r.targetMb} MB`];
  for (const row of r.rows)
    for (const x of row.runs)
      lines.push(
        `  ${row.database} ${x.format}: ${x.rows.toLocaleString('en')} rows, ${x.megabytes} MB in ${x.seconds} s (${x.rowsPerSec.toLocaleString('en')} rows/s); RSS ${x.baselineMb} → ${x.peakMb} MB, +${x.growthMb} MB ${x.met ? '(met)' : '(NOT met)'}`,
      );
  return lines.join('\n');
}
