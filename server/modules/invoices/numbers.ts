// Gapless document numbers (invoices and credit notes) per issuer, kind and year. The counter row
// is created on first use and incremented by one statement that holds its row lock until the
// caller's transaction ends: a concurrent issuer of the same kind waits, and a rolled-back issue
// gives its number back — so numbers are 1…n with no gap and no duplicate, whatever the concurrency.
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { documentCounters } from '../../db/schema';

export async function nextDocumentSequence(tx: Tx, issuerId: string, kind: 'invoice' | 'credit_note', year: number): Promise<number> {
  const [row] = await tx
    .insert(documentCounters)
    .values({ issuerId, kind, year, last: 1 })
    .onConflictDoUpdate({
      target: [documentCounters.issuerId, documentCounters.kind, documentCounters.year],
      set: { last: sql`${documentCounters.last} + 1` },
    })
    .returning({ last: documentCounters.last });
  if (!row) throw new Error('document counter did not return a number');
  return row.last;
}
