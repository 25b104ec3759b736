// Which page a trade notice links to: the page of the told organisation's type (shared/trade-pages.ts
// says which path is whose — a supplier's Shipments, a buyer's Receipts, the brand's admin screens),
// so the type is read here, inside the transaction that tells.
import { eq } from 'drizzle-orm';
import type { AnyOrganisationType } from '../../../shared/partners';
import type { DbOrTx } from '../../db/client';
import { organisations } from '../../db/schema';

/** An organisation's type, or null when there is no such row. */
export async function organisationTypeOf(q: DbOrTx, organisationId: string): Promise<AnyOrganisationType | null> {
  const [row] = await q.select({ type: organisations.type }).from(organisations).where(eq(organisations.id, organisationId));
  return (row?.type as AnyOrganisationType | undefined) ?? null;
}
