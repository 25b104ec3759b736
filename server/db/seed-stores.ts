// Demo store locations and online retailers. (Contract stub.)
import type { DbOrTx } from './client';

export async function seedStores(_tx: DbOrTx): Promise<void> {}
export async function seedRetailers(_tx: DbOrTx): Promise<void> {}
