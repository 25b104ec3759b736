// Two template databases per run (and an empty PGlite one), which test files clone (PGlite: a data-directory dump, PostgreSQL:
// CREATE DATABASE ... TEMPLATE): `migrated` (the migrations only, for tests of a service on its own)
// and `prepared` (what a server's start writes too: system roles, the brand's pages, the site
// repository, demo content), which every test server starts from. A start on a prepared database
// still runs prepareDatabase, and finds its work done.
import { writeFileSync, rmSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { type Database, migrateDatabase, openDatabase } from '../../server/db/client';
import { ensureSiteRepository } from '../../server/modules/code/service';
import { ensureSystemRoles } from '../../server/modules/users/access';
import { ensureBrandPages } from '../../server/seed/brand-pages';
import { seedDemoContent } from '../../server/seed/demo-content';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplates: Record<TemplateKind, string>;
    /** A PGlite data directory as a new one starts, before any migration (`emptyPglite()` in test-db.ts). */
    pgliteEmpty: string;
    postgresTemplates: Record<TemplateKind, string> | null;
  }
}

export type TemplateKind = 'migrated' | 'prepared';

/** What a server's start writes beside the migrations, minus the SQL editor's role (named after each database). */
async function prepareTemplate(database: Database): Promise<void> {
  await ensureSystemRoles(database.db);
  await ensureBrandPages(database.db);
  await ensureSiteRepository(database.db);
  await seedDemoContent(database.db);
}

export default async function setup(project: TestProject) {
  const dir = mkdtempSync(path.join(tmpdir(), 'frolic-tests-'));
  const database = await openDatabase({ dataDir: 'memory://' });
  const pglite = database.pglite as NonNullable<typeof database.pglite>;
  const dumpTo = async (file: string) => {
    writeFileSync(file, Buffer.from(await (await pglite.dumpDataDir()).arrayBuffer()));
    return file;
  };
  // A new PGlite directory costs ~4 s of CPU to create and a clone of this ~1 s.
  project.provide('pgliteEmpty', await dumpTo(path.join(dir, 'empty.tar')));
  await migrateDatabase(database);
  const migrated = await dumpTo(path.join(dir, 'migrated.tar'));
  await prepareTemplate(database);
  const prepared = await dumpTo(path.join(dir, 'prepared.tar'));
  await database.close();
  project.provide('pgliteTemplates', { migrated, prepared });

  const url = process.env.TEST_DATABASE_URL;
  const templateDbs = { migrated: `frolic_tmpl_${process.pid}`, prepared: `frolic_tmpl_${process.pid}_prepared` };
  if (url) {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    for (const name of Object.values(templateDbs)) {
      await admin.query(`DROP DATABASE IF EXISTS ${name}`);
      await admin.query(`CREATE DATABASE ${name}`);
    }
    await admin.end();
    for (const [kind, name] of Object.entries(templateDbs)) {
      const tmpl = await openDatabase({ databaseUrl: withDatabase(url, name), poolSize: 2 });
      await migrateDatabase(tmpl);
      if (kind === 'prepared') await prepareTemplate(tmpl);
      await tmpl.close();
    }
  }
  project.provide('postgresTemplates', url ? templateDbs : null);

  return async () => {
    rmSync(dir, { recursive: true, force: true });
    if (url) {
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      const { rows } = await admin.query<{ datname: string }>(`SELECT datname FROM pg_database WHERE datname = ANY($1) OR datname LIKE $2`, [
        Object.values(templateDbs),
        `frolic_t_${process.pid}_%`,
      ]);
      for (const r of rows) await admin.query(`DROP DATABASE IF EXISTS ${r.datname} WITH (FORCE)`);
      await admin.end();
    }
  };
}

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}
