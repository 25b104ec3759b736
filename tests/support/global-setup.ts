// Migrates one template database per run; every test file clones it (PGlite: a data-directory dump,
// PostgreSQL: CREATE DATABASE ... TEMPLATE).
import { writeFileSync, rmSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migrateDatabase, openDatabase } from '../../server/db/client';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    postgresTemplate: string | null;
  }
}

export default async function setup(project: TestProject) {
  const dir = mkdtempSync(path.join(tmpdir(), 'frolic-tests-'));
  const database = await openDatabase({ dataDir: 'memory://' });
  await migrateDatabase(database);
  const pglite = database.pglite as NonNullable<typeof database.pglite>;
  const dump = await pglite.dumpDataDir();
  const templateFile = path.join(dir, 'template.tar');
  writeFileSync(templateFile, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  project.provide('pgliteTemplate', templateFile);

  const url = process.env.TEST_DATABASE_URL;
  let templateDb: string | null = null;
  if (url) {
    templateDb = `frolic_tmpl_${process.pid}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${templateDb}`);
    await admin.query(`CREATE DATABASE ${templateDb}`);
    await admin.end();
    const tmplUrl = withDatabase(url, templateDb);
    const tmpl = await openDatabase({ databaseUrl: tmplUrl, poolSize: 2 });
    await migrateDatabase(tmpl);
    await tmpl.close();
  }
  project.provide('postgresTemplate', templateDb);

  return async () => {
    rmSync(dir, { recursive: true, force: true });
    if (url && templateDb) {
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      const { rows } = await admin.query<{ datname: string }>(`SELECT datname FROM pg_database WHERE datname = $1 OR datname LIKE $2`, [
        templateDb,
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
