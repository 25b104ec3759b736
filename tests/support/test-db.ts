// A fresh, migrated database for one test file: PGlite by default, PostgreSQL when TEST_DATABASE_URL
// is set (a new database cloned from the run's template).
import { readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { sqlRoleName } from '../../server/modules/sql/role';
import { describe, inject, it } from 'vitest';
import { type Database, openDatabase } from '../../server/db/client';
import { type TemplateKind, withDatabase } from './global-setup';

export interface TestDatabase {
  database: Database;
  /** The connection URL when on PostgreSQL (other processes can join it). */
  url: string | null;
  dispose(): Promise<void>;
}

/**
 * A new database cloned from a template of the run (tests/support/global-setup.ts): `migrated` (the
 * default, for a service's own tests) or `prepared` (as a server's start leaves it: test servers).
 */
export async function freshDatabase(kind: TemplateKind = 'migrated'): Promise<TestDatabase> {
  const template = inject('postgresTemplates')?.[kind];
  const base = process.env.TEST_DATABASE_URL;
  if (template && base) {
    const name = `frolic_t_${process.ppid}_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    // The run's global setup is the parent process: its pid names the template and clones.
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
    await admin.end();
    const url = withDatabase(base, name);
    const database = await openDatabase({ databaseUrl: url, poolSize: 5 });
    return {
      database,
      url,
      async dispose() {
        await database.close();
        const a = new pg.Client({ connectionString: base });
        await a.connect();
        await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        // The SQL editor's role is cluster-wide (server/modules/sql/role.ts): it goes with its database.
        await a.query(`DROP ROLE IF EXISTS ${sqlRoleName(name)}`);
        await a.end();
      },
    };
  }
  const blob = new Blob([readFileSync(inject('pgliteTemplates')[kind])]);
  const database = await openDatabase({ dataDir: 'memory://', loadDataDir: blob });
  return { database, url: null, dispose: () => database.close() };
}

/**
 * A new PGlite database's data directory, before any migration, for `loadDataDir` (`new PGlite`,
 * `openDatabase`, `startEmbeddedDatabase`): a clone of the run's, not a new one made from nothing.
 */
export function emptyPglite(): Blob {
  return new Blob([readFileSync(inject('pgliteEmpty'))]);
}

/**
 * A suite that needs PostgreSQL: races happen only there (PGlite runs one transaction at a time), so
 * every concurrency test uses this. Without TEST_DATABASE_URL it is skipped locally, but under
 * CI=true it fails: a CI run that silently skipped its race tests would pass without testing them.
 */
export function describeOnPostgres(name: string, suite: () => void): void {
  if (process.env.TEST_DATABASE_URL) {
    describe(name, suite);
  } else if (process.env.CI === 'true') {
    describe(name, () => {
      it('runs on PostgreSQL', () => {
        throw new Error(`"${name}" needs PostgreSQL: set TEST_DATABASE_URL (CI=true refuses to skip it).`);
      });
    });
  } else {
    describe.skip(name, suite);
  }
}
