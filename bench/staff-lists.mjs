// Staff lists under load (issue 21): every list a staff screen loads, first page as the screen asks
// for it, as a master admin with a session (its token hash inserted), on the demo data (DEMO_MODE:
// the catalogue, cocktails, stores, events, the brand pages, the trade network and the demo users)
// plus, by SQL, what a brand a year or two in has in the lists the demo leaves empty or nearly so:
// 2,000 people, 50,000 audit rows, 300 media files, 60 collateral items, 3,000 contact messages and
// 600 business inquiries, 60 more pages (each with its version), 40 more events, 1,500 marketing
// requests, 15,000 trade orders (3,000 of them the importer's orders to the brand, the staff list),
// 10,000 invoices, 3,000 staff notifications and 10,000 sent emails. Every list's first page must
// hold rows, or the run stops. autocannon (10 s, 50 connections) on /api/ping, then on each list,
// on PGlite and PostgreSQL. Target: p99 < 100 ms for every staff list at 50 connections.
// STAFF_LISTS=products,notifications measures some of them.
/* global fetch */
import { cannon, CONNECTIONS, DURATION, isMain, masterAdminSql, onBothDatabases, passGate, writeResult } from './lib.mjs';

const TOKEN = 'bench-staff-lists-master-session';
const MASTER = 'bench-master@bench.example';

/** A page of Markdown about 3 KB long, as the brand's pages are. */
const MARKDOWN = (
  '## The distillery\n\nFour copper stills and a cold room, on the river since 1887. ' +
  'We distil slowly, cut by hand and rest every cask for as long as it asks. '
).repeat(20);

/** The lists' data, after the demo seed and a master admin with this email (`masterAdminSql`). */
export const listsData = (master) => `
do $$
declare
  master uuid := (select id from users where email = '${master}');
  imp uuid := (select id from organisations where type = 'importer' order by created_at limit 1);
begin
  -- People: customers mostly, some staff and partner people (the demo's organisations).
  insert into users (id, email, password_hash, email_confirmed_at, status, last_login_at, created_at, updated_at)
  select md5('bench-list-user-' || g)::uuid, 'person.' || g || '@bench' || (g % 20) || '.example', 'bench-no-password', now(),
    (case when g % 20 = 0 then 'suspended' when g % 20 = 1 then 'inactive' else 'active' end)::user_status,
    now() - (g % 500) * interval '1 hour', now() - (g % 700) * interval '1 day', now()
  from generate_series(1, 2000) g;
  insert into profiles (id, first_name, last_name, password_last_updated)
  select md5('bench-list-user-' || g)::uuid, (array['Olivia','Liam','Amelia','Noah','Isla','Oscar','Ava','Arthur','Mia','Leo'])[1 + g % 10],
    (array['Smith','Jones','Taylor','Brown','Williams','Wilson','Johnson','Davies','Patel','Robinson','Wright','Thompson'])[1 + g % 12], now()
  from generate_series(1, 2000) g;
  insert into user_roles (user_id, role)
  select md5('bench-list-user-' || g)::uuid, (array['customer','customer','customer','customer','customer','customer','employee','retailer','distributor','admin'])[1 + g % 10]
  from generate_series(1, 2000) g;
  update users u set organisation_id = (select o.id from organisations o where o.type::text = r.role order by o.created_at limit 1)
  from user_roles r where r.user_id = u.id and r.role in ('importer', 'distributor', 'retailer') and u.email like 'person.%';

  -- Audit: 50,000 rows over two months, by the bench people.
  insert into audit_logs (user_id, action, table_name, record_id, old_values, new_values, ip_address, user_agent, created_at, source)
  select md5('bench-list-user-' || (1 + g % 2000))::uuid,
    (array['INSERT','UPDATE','UPDATE','DELETE','SIGN_IN','SIGN_IN','SIGN_OUT','STATUS_CHANGE','INSERT','UPDATE'])[1 + g % 10],
    (array['products','orders','invoices','users','sessions','store_locations','payments','cocktails','pages','organisations'])[1 + (g / 7) % 10],
    (g % 5000)::text,
    case when g % 3 = 0 then null else jsonb_build_object('status', 'draft', 'n', g % 1000) end,
    jsonb_build_object('status', 'active', 'n', g % 1000, 'note', 'bench row ' || g),
    '10.' || (g % 200) || '.' || (g % 250) || '.' || (g % 97), 'bench/1.0', now() - g * interval '100 seconds', 'service'
  from generate_series(1, 50000) g;

  -- Media: 300 images (the list reads their rows; no file is opened), 60 collateral items on them.
  insert into media_assets (id, kind, mime_type, original_name, size_bytes, sha256, width, height, alt_text, storage_key, web_key, thumb_key, uploaded_by, created_at)
  select md5('bench-media-' || g)::uuid, 'image', 'image/jpeg', 'bottle-shot-' || g || '.jpg', 180000 + g * 37, md5('bench-media-bytes-' || g),
    1600, 1200, 'A bottle of Frolic, shot ' || g, 'bench/' || g || '/original', 'bench/' || g || '/web', 'bench/' || g || '/thumb', master,
    now() - g * interval '1 day'
  from generate_series(1, 300) g;
  insert into collateral_items (title, kind, description, media_id, audience, published, created_at, updated_at)
  select 'Collateral ' || g, (array['brochure','shelf_talker','pos_kit','price_list','other'])[1 + g % 5]::collateral_kind,
    'For the shelf and the counter, edition ' || g, md5('bench-media-' || g)::uuid,
    '["retailer","distributor"]'::jsonb, g % 4 <> 0, now() - g * interval '3 days', now() - g * interval '3 days'
  from generate_series(1, 60) g;

  -- Inquiries from the public site.
  insert into contact_messages (name, email, subject, message, status, ip_address, created_at, updated_at)
  select 'Visitor ' || g, 'visitor' || g || '@mail.example', 'Question ' || g, 'Where can I buy a bottle near me? Asking for the ' || g || 'th time.',
    (array['new','in_progress','done'])[1 + g % 3]::inquiry_status, '192.0.2.' || (g % 250), now() - g * interval '2 hours', now() - g * interval '2 hours'
  from generate_series(1, 3000) g;
  insert into business_inquiries (company, contact_name, email, partner_type, region, country, expected_volume, message, status, created_at, updated_at)
  select 'Prospect ' || g || ' Ltd', 'Buyer ' || g, 'buyer' || g || '@trade.example', (array['importer','distributor','retailer'])[1 + g % 3]::partner_type,
    'North', 'GB', '100-500 cases', 'We would like to stock Frolic.', (array['new','in_progress','done'])[1 + g % 3]::inquiry_status,
    now() - g * interval '11 hours', now() - g * interval '11 hours'
  from generate_series(1, 600) g;

  -- 60 more draft pages (about 3 KB of Markdown each), each with its first version.
  insert into pages (slug, title, description, content, created_at, updated_at, created_by, updated_by)
  select 'bench-page-' || g, 'Bench page ' || g, 'A page of the brand, number ' || g, '${MARKDOWN}',
    now() - g * interval '1 day', now() - g * interval '1 day', master, master
  from generate_series(1, 60) g;
  insert into page_versions (page_id, n, title, slug, description, content, author_id, origin, created_at)
  select id, 1, title, slug, description, content, master, 'create', created_at from pages where slug like 'bench-page-%';

  -- 40 more brand events.
  insert into brand_events (title, description, starts_at, ends_at, timezone, venue, city, country, capacity, published)
  select 'Tasting ' || g, 'An evening with the distillers.', now() + g * interval '5 days', now() + g * interval '5 days' + interval '3 hours',
    'Europe/London', 'The Cellar', 'London', 'GB', 40 + g, g % 3 <> 0
  from generate_series(1, 40) g;

  -- Marketing requests from the demo partners.
  insert into marketing_requests (organisation_id, kind, status, title, details, delivery_address, needed_by, event_date, venue, expected_guests, created_at, updated_at)
  select o.id, (case when g % 2 = 0 then 'materials' else 'event_proposal' end)::marketing_request_kind,
    (array['open','approved','declined','fulfilled'])[1 + g % 4]::marketing_request_status, 'Request ' || g, 'For the summer window.',
    case when g % 2 = 0 then '1 High Street, York' end, case when g % 2 = 0 then current_date + (g % 60) end,
    case when g % 2 = 1 then current_date + (g % 90) end, case when g % 2 = 1 then 'The Back Room' end, case when g % 2 = 1 then 30 + g % 50 end,
    now() - g * interval '5 hours', now() - g * interval '5 hours'
  from generate_series(1, 1500) g
  join (select id, row_number() over (order by created_at, id) - 1 as k, count(*) over () as n from organisations where status = 'active') o
    on o.k = g % o.n;

  -- Trade orders: 3,000 from the importer to the brand (the staff list), 12,000 between partners.
  insert into orders (number, buyer_id, seller_id, status, currency, subtotal_minor, tax_rate_bp, tax_minor, total_minor, submitted_at, created_at, updated_at)
  select 'SL-' || lpad(g::text, 6, '0'), case when g % 5 = 0 then imp else o.id end, case when g % 5 = 0 then (select id from organisations where type = 'brand') else o.supplier_id end,
    (array['submitted','seen','approved','rejected','cancelled','invoiced','shipped','delivered','paid','delivered'])[1 + g % 10]::order_status,
    'GBP', 10000 + g % 1000, 2000, 2000, 12000 + g % 1000, now() - g * interval '20 minutes', now() - g * interval '20 minutes', now() - g * interval '20 minutes'
  from generate_series(1, 15000) g
  join (select id, supplier_id, row_number() over (order by created_at, id) - 1 as k, count(*) over () as n
        from organisations where supplier_id is not null) o on o.k = g % o.n;

  -- Invoices issued by the suppliers to their customers, one an hour back.
  insert into invoices (kind, state, issuer_id, customer_id, number, year, sequence, currency, subtotal_minor, tax_rate_bp, tax_minor,
    total_minor, paid_minor, issued_on, due_on, issued_at, created_at, updated_at)
  select 'invoice', 'issued', o.supplier_id, o.id, 'SL-INV-' || lpad(g::text, 5, '0'), 2026, 100000 + g, 'GBP', 10000 + g % 5000, 0, 0,
    10000 + g % 5000, case when g % 10 < 6 then 10000 + g % 5000 else 0 end,
    (now() - g * interval '1 hour')::date, (now() - g * interval '1 hour')::date + 30,
    now() - g * interval '1 hour', now() - g * interval '1 hour', now() - g * interval '1 hour'
  from generate_series(1, 10000) g
  join (select id, supplier_id, row_number() over (order by created_at, id) - 1 as k, count(*) over () as n
        from organisations where supplier_id is not null) o on o.k = g % o.n;

  -- The bell: staff-wide notifications; the master admin (with the brand for two years: a reader
  -- sees what arrived since their account was made) has read a third of them.
  update users set created_at = now() - interval '2 years' where id = master;
  insert into notifications (kind, title, body, link, permission, created_at)
  select 'order.submitted', 'New order SL-' || lpad(g::text, 6, '0'), 'An order is waiting for approval.', '/admin/dashboard/trade-orders',
    (array['orders:manage','inquiries:manage','marketing:requests'])[1 + g % 3], now() - g * interval '30 minutes'
  from generate_series(1, 3000) g;
  insert into notification_reads (notification_id, user_id) select id, master from notifications where id % 3 = 0;

  -- The outbox: 10,000 emails sent.
  insert into outbox_emails ("to", subject, text, created_at, sent_at, status, attempts)
  select 'person.' || g || '@bench.example', 'Your Frolic account', 'Hello, this is email ' || g || '.',
    now() - g * interval '10 minutes', now() - g * interval '10 minutes', 'sent', 1
  from generate_series(1, 10000) g;
end $$;
analyze;
`;

const LOAD = `${masterAdminSql(MASTER, TOKEN)}\n${listsData(MASTER)}`;

/** [name, path]: the first page of each staff list, as its screen loads it. */
export const LISTS = [
  ['products', '/api/admin/products?q=a'],
  ['cocktails', '/api/admin/cocktails'],
  ['stores', '/api/admin/stores'],
  ['pages', '/api/admin/pages'],
  ['collateral', '/api/admin/collateral'],
  ['events', '/api/admin/events'],
  ['media', '/api/admin/media'],
  ['inquiries', '/api/admin/inquiries'],
  ['partners', '/api/admin/partners'],
  ['marketing-requests', '/api/admin/marketing-requests'],
  ['trade-orders', '/api/admin/trade-orders'],
  ['invoices', '/api/admin/invoices'],
  ['users', '/api/admin/users'],
  ['audit-logs', '/api/admin/audit-logs'],
  ['notifications', '/api/admin/notifications'],
  ['outbox', '/api/admin/outbox'],
];

async function suite(server, label) {
  const gate = await passGate(server.url);
  const headers = { cookie: `${gate}; frolic_session=${TOKEN}` };
  const only = process.env.STAFF_LISTS?.split(',');
  const lists = only ? LISTS.filter(([name]) => only.includes(name)) : LISTS;
  for (const [, path] of lists) {
    const res = await fetch(server.url + path, { headers, redirect: 'manual' });
    const text = await res.text();
    if (res.status !== 200) throw new Error(`${path}: HTTP ${res.status} ${text.slice(0, 300)}`);
    if (!JSON.parse(text).items?.length) throw new Error(`${path}: the first page is empty (the data load missed this list)`);
  }
  const ping = await cannon(`${server.url}/api/ping`);
  process.stderr.write(`  staff-lists ${label}: ping ${ping.reqPerSec}/s p99 ${ping.latencyP99Ms} ms\n`);
  const rows = [];
  for (const [name, path] of lists) {
    const r = await cannon(server.url + path, { headers });
    rows.push({ name, path, ...r, vsPing: Math.round((r.reqPerSec / ping.reqPerSec) * 100) / 100 });
    process.stderr.write(`  staff-lists ${label}: ${name} ${r.reqPerSec}/s p99 ${r.latencyP99Ms} ms (non-2xx ${r.non2xx})\n`);
  }
  return { database: label, ping, rows };
}

export async function run() {
  const rows = await onBothDatabases('staff_lists', { load: LOAD, env: { DEMO_MODE: 'true', DEMO_PASSWORD: 'Bench-demo-password-2026' } }, suite);
  const result = { durationSeconds: DURATION, connections: CONNECTIONS, rows, target: 'every staff list p99 < 100 ms at 50 connections' };
  writeResult('staff-lists', result);
  return result;
}

export function summarize(r) {
  const lines = [`Staff lists (${r.connections} connections, ${r.durationSeconds} s): ${r.target}`];
  for (const row of r.rows) {
    lines.push(`  ${row.database}: /api/ping ${row.ping.reqPerSec}/s p99 ${row.ping.latencyP99Ms} ms`);
    for (const m of row.rows)
      lines.push(`    ${m.name.padEnd(20)} ${String(m.reqPerSec).padStart(5)}/s p99 ${String(m.latencyP99Ms).padStart(5)} ms (${m.vsPing} of ping)`);
  }
  return lines.join('\n');
}

if (isMain(import.meta)) {
  const r = await run();
  process.stdout.write(`${summarize(r)}\n`);
}
