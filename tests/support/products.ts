// A catalogue product inserted straight into the database, for trade tests that need one to order.
import { products } from '../../server/db/schema';
import type { DbOrTx } from '../../server/db/client';

/** Inserts a 70 cl, 40 % gin (the rest as given) and answers its id. */
export async function insertProduct(
  db: DbOrTx,
  { slug, name = slug, caseSize = 6, status = 'active' }: { slug: string; name?: string; caseSize?: number; status?: 'active' | 'draft' },
): Promise<number> {
  const [row] = await db
    .insert(products)
    .values({
      slug,
      name,
      category: 'Gin',
      abvTenths: 400,
      volumeMl: 700,
      description: '',
      tastingNotes: { nose: '', palate: '', finish: '' },
      imageUrl: '/x.png',
      caseSize,
      status,
    })
    .returning({ id: products.id });
  return row!.id;
}
