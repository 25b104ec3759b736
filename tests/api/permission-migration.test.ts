// Migration 0008 moves the stored grants: CMS Access now governs what catalog:write did, so every role
// keeps exactly what it could do — whatever the master admin had switched — and catalog:write is gone.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, migrateDatabase, openDatabase } from '../../server/db/client';
import { notifications, rolePermissions } from '../../server/db/schema';
import { migrationsBefore } from '../support/migrations';
import { emptyPglite } from '../support/test-db';

let database: Database;

beforeAll(async () => {
  database = await openDatabase({ dataDir: 'memory://', loadDataDir: emptyPglite() });
  await migrateDatabase(database, migrationsBefore('0008_authorization_scope'));
});
afterAll(async () => {
  await database?.close();
});

describe('catalog:write merged into CMS Access', () => {
  it('moves the grants so that every role keeps what it could do', async () => {
    const db = database.db;
    // Written as SQL: the tables are as migration 0007 left them, not as the schema is now.
    await db.execute(
      sql`insert into roles (name, label, is_system) values ('admin', 'Admin', true), ('employee', 'Employee', true), ('partner', 'Partner', true), ('editor', 'Editor', false), ('idle', 'Idle', false)`,
    );
    // The defaults (admin, employee: both switches on), and two roles a master admin edited: `editor`
    // may edit without the CMS switch (which governed nothing), `idle` has the switch but may not edit.
    await db.execute(sql`insert into role_permissions (role, permission) values
      ('admin', 'cms:access'), ('admin', 'catalog:write'), ('employee', 'cms:access'), ('employee', 'catalog:write'),
      ('editor', 'catalog:write'), ('idle', 'cms:access'), ('partner', 'orders:manage')`);
    await db.execute(sql`insert into notifications (kind, title, permission) values ('test', 'Old entry', 'catalog:write')`);

    await migrateDatabase(database, migrationsBefore('0009_partner_network'));

    const grants = await db.select().from(rolePermissions);
    const of = (role: string) =>
      grants
        .filter((g) => g.role === role)
        .map((g) => g.permission)
        .sort();
    expect(of('admin')).toEqual(['cms:access']);
    expect(of('employee')).toEqual(['cms:access']);
    expect(of('editor')).toEqual(['cms:access']);
    expect(of('idle')).toEqual([]);
    expect(of('partner')).toEqual(['orders:manage']);
    expect(grants.some((g) => g.permission === 'catalog:write')).toBe(false);
    expect((await db.select().from(notifications).where(eq(notifications.title, 'Old entry')))[0]?.permission).toBe('cms:access');
  });

  it('0009: whoever edits collateral and events handles marketing requests; every partner role may make them', async () => {
    const db = database.db;
    await db.execute(sql`insert into roles (name, label, is_system) values ('retailer', 'Retailer', true)`);
    await migrateDatabase(database);
    const grants = await db.select().from(rolePermissions);
    const holders = (permission: string) =>
      grants
        .filter((g) => g.permission === permission)
        .map((g) => g.role)
        .sort();
    expect(holders('marketing:requests')).toEqual(['admin', 'editor', 'employee']);
    expect(holders('marketing:request')).toEqual(['partner', 'retailer']);
  });
});
