// Once per run, before any journey: the built server starts on an empty directory, migrates and
// seeds it, and stops. Servers of a journey's own (own-server.ts) start from a copy of it, and so does
// the shared server every other journey uses (started here, with the demo users, stopped at the end).
// When the run has PostgreSQL (TEST_DATABASE_URL), the server also prepares a template database there,
// which journeys' own servers clone: a PostgreSQL server starts and answers for a fraction of the CPU a
// PGlite one takes (docs/decisions/043-test-suite-time.md); the shared server stays on PGlite.
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { DEMO_PASSWORD, PORT } from '../../playwright.config';
import { sqlRoleName } from '../../server/modules/sql/role';
import { bootServer, postgresUrl, stopServer } from './own-server';

/** Runs `sql` statements on the run's PostgreSQL server (its maintenance connection). */
async function onPostgres(statements: (client: pg.Client) => Promise<void>): Promise<void> {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    await statements(client);
  } finally {
    await client.end();
  }
}

/** The PostgreSQL template journeys' own servers clone, as a server's first start leaves it; its name is returned. */
async function preparePostgresTemplate(): Promise<string> {
  const prefix = `frolic_e2e_${process.pid}`;
  const name = `${prefix}_tpl`;
  await onPostgres(async (c) => {
    await c.query(`CREATE DATABASE ${name}`);
  });
  const dir = mkdtempSync(path.join(tmpdir(), 'frolic-e2e-pg-template-'));
  try {
    await stopServer(await bootServer(dir, PORT + 191, { DATABASE_URL: postgresUrl(name) }));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return name;
}

/** Drops the template and every database cloned from it, with the SQL editor's role of each (server/modules/sql/role.ts). */
async function dropPostgresDatabases(template: string): Promise<void> {
  const prefix = template.replace(/_tpl$/, '');
  await onPostgres(async (c) => {
    const { rows } = await c.query<{ datname: string }>(`select datname from pg_database where datname like $1`, [`${prefix}\\_%`]);
    // Databases first: a clone holds the template's grants to the template's role.
    for (const { datname } of rows) await c.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
    for (const { datname } of rows) await c.query(`DROP ROLE IF EXISTS ${sqlRoleName(datname)}`);
  });
}

export default async function globalSetup(): Promise<() => Promise<void>> {
  const template = process.env.E2E_TEMPLATE_DIR;
  const dataDir = process.env.E2E_DATA_DIR;
  if (!template || !dataDir) throw new Error('E2E_TEMPLATE_DIR and E2E_DATA_DIR are set by playwright.config.ts');
  const [postgresTemplate] = await Promise.all([
    process.env.TEST_DATABASE_URL ? preparePostgresTemplate() : undefined,
    bootServer(template, PORT + 190).then(stopServer),
  ]);
  // Read by own-server.ts in the workers (they inherit this process's environment).
  if (postgresTemplate) process.env.E2E_POSTGRES_TEMPLATE = postgresTemplate;
  cpSync(path.join(template, 'pglite'), path.join(dataDir, 'pglite'), { recursive: true });
  const shared = await bootServer(dataDir, PORT, {
    NODE_ENV: 'production',
    // One user per role for the journeys (demo mode is never on by default).
    DEMO_MODE: 'true',
    DEMO_PASSWORD,
    // Every journey signs in from 127.0.0.1: the spec's 20 attempts per address in 15 minutes would
    // refuse the later ones (the limit itself: server/core/rate-limit.test.ts).
    AUTH_RATE_LIMIT: '1000',
    ...(process.env.E2E_DATABASE_URL ? { DATABASE_URL: process.env.E2E_DATABASE_URL } : {}),
  });
  return async () => {
    await stopServer(shared);
    if (postgresTemplate) await dropPostgresDatabases(postgresTemplate);
    rmSync(template, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  };
}
