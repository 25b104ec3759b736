// Demo cocktails. (Contract stub.)
import type { DbOrTx } from './client';

export async function seedCocktails(_tx: DbOrTx): Promise<void> {}
