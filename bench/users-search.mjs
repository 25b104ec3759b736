// User search (issue 17, spec §5): All Users with 100,000 people. After the demo seed, 100,000 users
// with profiles and roles (names from 60 first × 150 last names, numbered addresses on 40 domains,
// roles spread over the staff and partner roles and customers, a tenth of them inactive or
// suspended) and one master admin with a session (its token hash inserted: no sign-in, no rate
// limit). autocannon (10 s, 50 connections) on /api/ping and on GET /api/admin/users: a search that
// finds a hundred or several hundred people (rotating through surnames, first names and address fragments), a
// search of one address, a role's name (thousands match), the first page without a search, search
// with the role and status filters — and the All Users page itself with a search — on PGlite and
// PostgreSQL. Target: search p99 < 100 ms.
/* global fetch */
import { cannon, CONNECTIONS, DURATION, isMain, masterAdminSql, onBothDatabases, passGate, writeResult } from './lib.mjs';

const USERS = 100_000;
const TOKEN = 'bench-users-search-master-session';

const FIRST = [
  'Olivia',
  'Liam',
  'Amelia',
  'Noah',
  'Isla',
  'Oliver',
  'Ava',
  'George',
  'Mia',
  'Arthur',
  'Ivy',
  'Leo',
  'Freya',
  'Oscar',
  'Lily',
  'Harry',
  'Florence',
  'Archie',
  'Willow',
  'Jack',
  'Rosie',
  'Henry',
  'Sophia',
  'Charlie',
  'Isabella',
  'Freddie',
  'Grace',
  'Theodore',
  'Evie',
  'Thomas',
  'Poppy',
  'Alfie',
  'Ella',
  'Teddy',
  'Elsie',
  'Finley',
  'Daisy',
  'Tommy',
  'Sienna',
  'Isaac',
  'Aisha',
  'Mohammed',
  'Priya',
  'Ravi',
  'Chen',
  'Mei',
  'Kofi',
  'Ama',
  'Sofia',
  'Mateo',
  'Lucia',
  'Hugo',
  'Ines',
  'Lars',
  'Ingrid',
  'Niamh',
  'Cormac',
  'Siobhan',
  'Rhys',
  'Carys',
];
const LAST = [
  'Smith',
  'Jones',
  'Taylor',
  'Brown',
  'Williams',
  'Wilson',
  'Johnson',
  'Davies',
  'Robinson',
  'Wright',
  'Thompson',
  'Evans',
  'Walker',
  'White',
  'Roberts',
  'Green',
  'Hall',
  'Wood',
  'Jackson',
  'Clarke',
  'Patel',
  'Khan',
  'Lewis',
  'James',
  'Phillips',
  'Mason',
  'Mitchell',
  'Rose',
  'Davis',
  'Rodriguez',
  'Cox',
  'Alexander',
  'Garcia',
  'Campbell',
  'Johnston',
  'Moore',
  'Smyth',
  "O'Neill",
  'Doherty',
  'Stewart',
  'Quinn',
  'Murphy',
  'Graham',
  'Mclaughlin',
  'Hamilton',
  'Murray',
  'Hughes',
  'Robertson',
  'Thomson',
  'Scott',
  'Macdonald',
  'Reid',
  'Clark',
  'Ross',
  'Young',
  'Watson',
  'Paterson',
  'Morrison',
  'Okafor',
  'Mensah',
  'Nakamura',
  'Tanaka',
  'Kowalski',
  'Nowak',
  'Novak',
  'Horvat',
  'Kovacs',
  'Dubois',
  'Lefevre',
  'Moreau',
  'Girard',
  'Rossi',
  'Russo',
  'Ferrari',
  'Esposito',
  'Bianchi',
  'Romano',
  'Colombo',
  'Ricci',
  'Marino',
  'Greco',
  'Bruno',
  'Gallo',
  'Conti',
  'Mancini',
  'Costa',
  'Giordano',
  'Rizzo',
  'Lombardi',
  'Moretti',
  'Fischer',
  'Weber',
  'Meyer',
  'Wagner',
  'Becker',
  'Schulz',
  'Hoffmann',
  'Koch',
  'Richter',
  'Klein',
  'Wolf',
  'Schroeder',
  'Neumann',
  'Schwarz',
  'Zimmermann',
  'Braun',
  'Hofmann',
  'Hartmann',
  'Lange',
  'Schmitt',
  'Werner',
  'Krause',
  'Meier',
  'Lehmann',
  'Schmid',
  'Schulze',
  'Maier',
  'Kohler',
  'Herrmann',
  'Konig',
  'Walter',
  'Mayer',
  'Huber',
  'Kaiser',
  'Fuchs',
  'Peters',
  'Lang',
  'Scholz',
  'Moller',
  'Weiss',
  'Jung',
  'Hahn',
  'Schubert',
  'Vogel',
  'Friedrich',
  'Keller',
  'Gunther',
  'Frank',
  'Berger',
  'Winkler',
  'Roth',
  'Beck',
  'Lorenz',
  'Baumann',
  'Franke',
  'Albrecht',
  'Schuster',
];
const ROLES = ['customer', 'customer', 'customer', 'retailer', 'retailer', 'distributor', 'importer', 'partner', 'employee', 'employee', 'admin'];
const sqlArray = (values) => `array[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(', ')}]`;

export const LOAD = `
do $$
begin
  create temp table bench_people as
    select g,
      (${sqlArray(FIRST)})[1 + g % ${FIRST.length}] as first_name,
      (${sqlArray(LAST)})[1 + (g / ${FIRST.length}) % ${LAST.length}] as last_name,
      (${sqlArray(ROLES)})[1 + (g * 7) % ${ROLES.length}] as role
    from generate_series(1, ${USERS}) g;
  insert into users (id, email, password_hash, email_confirmed_at, status, last_login_at, created_at, updated_at)
  select md5('bench-user-' || g)::uuid,
         lower(replace(first_name, '''', '')) || '.' || lower(replace(last_name, '''', '')) || '.' || g || '@bench' || (g % 40) || '.example',
         'bench-no-password', now(),
         (case when g % 20 = 0 then 'suspended' when g % 20 = 1 then 'inactive' else 'active' end)::user_status,
         case when g % 3 = 0 then null else now() - (g % 500) * interval '1 hour' end,
         now() - (g % 1000) * interval '1 day', now()
  from bench_people;
  insert into profiles (id, first_name, last_name, password_last_updated)
  select md5('bench-user-' || g)::uuid, first_name, last_name, now() from bench_people;
  insert into user_roles (user_id, role) select md5('bench-user-' || g)::uuid, role from bench_people;
  -- The organisations of partner users: the demo ones, by type.
  update users u set organisation_id = (select o.id from organisations o where o.type::text = r.role order by o.created_at limit 1)
  from user_roles r where r.user_id = u.id and r.role in ('importer', 'distributor', 'retailer');
  update users u set organisation_id = (select o.id from organisations o where o.type = 'retailer' order by o.created_at limit 1)
  from user_roles r where r.user_id = u.id and r.role = 'partner';

${masterAdminSql('bench-master@bench.example', TOKEN)}
end $$;
analyze;
`;

/** Searches that each find about a hundred to several hundred people (a surname, a first name with a letter, an address fragment). */
const NARROW = ['okafor', 'nakamura', 'mclaugh', "o'neill", 'siobhan.k', 'zimmerm', 'ingrid.sch', 'kowalski', 'carys.fu', 'esposito', 'cormac.ro', 'schust'];

/** One person's address as the load wrote it (person 12,345). */
const ONE = 12_345;
const ONE_ADDRESS = `${FIRST[ONE % FIRST.length].toLowerCase()}.${LAST[Math.floor(ONE / FIRST.length) % LAST.length].toLowerCase().replace("'", '')}.${ONE}@`;

async function suite(server, label) {
  const gate = await passGate(server.url);
  const headers = { cookie: `${gate}; frolic_session=${TOKEN}` };
  const get = async (path) => {
    const res = await fetch(server.url + path, { headers, redirect: 'manual' });
    const text = await res.text();
    if (res.status !== 200) throw new Error(`${path}: HTTP ${res.status} ${text.slice(0, 300)}`);
    return text;
  };
  const totals = {};
  for (const q of [...NARROW, 'retailer', ONE_ADDRESS]) totals[q] = JSON.parse(await get(`/api/admin/users?q=${encodeURIComponent(q)}`)).total;

  const ping = await cannon(`${server.url}/api/ping`);
  const measure = async (name, paths) => {
    for (const p of paths) await get(p);
    const r = await cannon(server.url + paths[0], { headers, paths });
    const row = { name, paths: paths.length, ...r, vsPing: Math.round((r.reqPerSec / ping.reqPerSec) * 100) / 100 };
    process.stderr.write(`  users-search ${label}: ${name} ${r.reqPerSec}/s p99 ${r.latencyP99Ms} ms (non-2xx ${r.non2xx})\n`);
    return row;
  };
  const api = (q, extra = '') => `/api/admin/users?q=${encodeURIComponent(q)}${extra}`;
  const rows = [
    await measure(
      'search, ~100–700 match (12 terms in turn)',
      NARROW.map((q) => api(q)),
    ),
    await measure('search, one address', [api(ONE_ADDRESS)]),
    await measure("search by a role's name (thousands match)", [api('retailer')]),
    await measure('first page, no search (by name)', ['/api/admin/users']),
    await measure(
      'search + role + status filters',
      NARROW.map((q) => api(q, '&role=customer&status=active')),
    ),
    await measure(
      'All Users page with a search (HTML)',
      NARROW.map((q) => `/admin/dashboard/advanced-user-management?q=${encodeURIComponent(q)}`),
    ),
  ];
  return { database: label, users: USERS, matches: totals, ping, rows };
}

export async function run() {
  const rows = await onBothDatabases('users_search', { load: LOAD, env: { DEMO_MODE: 'true', DEMO_PASSWORD: 'Bench-demo-password-2026' } }, suite);
  const result = { durationSeconds: DURATION, connections: CONNECTIONS, rows, target: 'user search p99 < 100 ms with 100,000 users' };
  writeResult('users-search', result);
  return result;
}

if (isMain(import.meta)) {
  const r = await run();
  console.log(JSON.stringify(r, null, 2));
}

export function summarize(r) {
  const lines = [`User search with 100,000 users (${r.connections} connections, ${r.durationSeconds} s): ${r.target}`];
  for (const row of r.rows) {
    lines.push(`  ${row.database}: ${row.users} users; /api/ping ${row.ping.reqPerSec}/s p99 ${row.ping.latencyP99Ms} ms`);
    for (const m of row.rows) lines.push(`    ${m.name.padEnd(48)} ${m.reqPerSec}/s p99 ${m.latencyP99Ms} ms (${m.vsPing} of ping)`);
  }
  return lines.join('\n');
}
