// The sanctioned redaction on a real database: emails go everywhere, names only from the rows about
// the person (as whole words), and nothing else in the trail changes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { desc, gt, sql } from 'drizzle-orm';
import { freshDatabase, type TestDatabase } from '../../../tests/support/test-db';
import { auditLogs } from '../../db/schema';
import { SYSTEM_ACTOR } from '../../core/actor';
import { recordAudits } from './service';
import { redactAuditValues, REDACTED } from './redaction';

let t: TestDatabase;
beforeAll(async () => {
  t = await freshDatabase();
});
afterAll(() => t.dispose());

describe('redactAuditValues', () => {
  it('removes the email wherever it appears and the names only from rows about the person, as whole words', async () => {
    const db = t.database.db;
    // What the migrations wrote (the brand's row, audited by the trigger) came before this test.
    const [before] = await db.select({ id: auditLogs.id }).from(auditLogs).orderBy(desc(auditLogs.id)).limit(1);
    const person = randomUUID();
    const other = randomUUID();
    await recordAudits(db, SYSTEM_ACTOR, [
      { action: 'INSERT', tableName: 'users', recordId: person, newValues: { email: 'Rose.Hart@example.com', firstName: 'Rose', lastName: 'Hart' } },
      { action: 'UPDATE', tableName: 'organisations', recordId: other, newValues: { contact: 'rose.hart@example.com' } },
      { action: 'UPDATE', tableName: 'products', recordId: other, newValues: { description: 'A Rose gin with a Hart of oak' } },
      { action: 'UPDATE', tableName: 'profiles', recordId: person, oldValues: { firstName: 'Rosemary' }, newValues: { firstName: 'Rose' } },
    ]);
    const changed = await t.database.db.transaction((tx) =>
      redactAuditValues(tx, person, { emails: ['rose.hart@example.com'], names: ['Rose', 'Hart'] }, SYSTEM_ACTOR),
    );
    expect(changed).toBe(3);
    const rows = await db
      .select()
      .from(auditLogs)
      .where(gt(auditLogs.id, before?.id ?? 0))
      .orderBy(auditLogs.id);
    const values = rows.map((r) => JSON.stringify([r.oldValues, r.newValues]));
    expect(values[0]).toBe(JSON.stringify([null, { email: REDACTED, lastName: REDACTED, firstName: REDACTED }]));
    expect(values[1]).toBe(JSON.stringify([null, { contact: REDACTED }]));
    // Another record's text keeps the same words: they are not this person.
    expect(values[2]).toBe(JSON.stringify([null, { description: 'A Rose gin with a Hart of oak' }]));
    // Whole words only: "Rosemary" is not "Rose".
    expect(values[3]).toBe(JSON.stringify([{ firstName: 'Rosemary' }, { firstName: REDACTED }]));
    const last = rows.at(-1)!;
    expect([last.action, last.recordId, last.newValues]).toEqual(['REDACT', person, { userId: person, rows: 3 }]);
  });

  it('is the only change audit rows accept: a plain UPDATE or DELETE is refused by the database', async () => {
    const db = t.database.db;
    const refusal = (p: Promise<unknown>) =>
      p.then(
        () => 'accepted',
        (e: Error & { cause?: Error }) => (e.cause ?? e).message,
      );
    expect(await refusal(db.execute(sql`update audit_logs set new_values = '{}'::jsonb`))).toBe('audit_logs rows are immutable (UPDATE refused)');
    expect(await refusal(db.execute(sql`delete from audit_logs`))).toBe('audit_logs rows are immutable (DELETE refused)');
    expect(await refusal(db.execute(sql`truncate audit_logs`))).toBe('audit_logs rows are immutable (TRUNCATE refused)');
    // With the setting on, the redaction may touch the values and nothing else.
    const other = db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('frolic.audit_redaction', 'on', true)`);
      await tx.execute(sql`update audit_logs set action = 'X'`);
    });
    expect(await refusal(other)).toBe('audit_logs rows are immutable (UPDATE refused)');
  });
});
