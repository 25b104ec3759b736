import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { ContentVersion } from '../../cache/content-version';
import { onlineRetailers } from '../../db/schema';
import { seedDemoContent } from '../../seed/demo-content';
import { freshDatabase, type TestDatabase } from '../../../tests/support/test-db';
import { createRetailerService, type RetailerService } from './service';

let t: TestDatabase;
let retailers: RetailerService;
const listeners = new Set<() => void>();
const content: ContentVersion = {
  current: 1,
  changed: async () => listeners.forEach((l) => l()),
  onChange: (l) => (listeners.add(l), () => listeners.delete(l)),
};

beforeAll(async () => {
  t = await freshDatabase();
  await seedDemoContent(t.database.db);
  retailers = createRetailerService(t.database.db, content);
});
afterAll(async () => {
  await t?.dispose();
});

describe('online retailers', () => {
  it('lists the retailers that ship to the market, priced in its currency where known', async () => {
    const gb = await retailers.forProduct('frolic-london-dry-gin', 'GB');
    expect(gb.map((l) => l.retailer.name)).toEqual(['The Whisky Vault', 'Juniper & Co.']);
    expect(gb[0]?.price).toEqual({ amountMinor: 2799, currency: 'GBP', label: '£27.99' });
    // Juniper & Co. prices in euros: not a price a visitor in the UK pays.
    expect(gb[1]?.price).toBeNull();
    expect(gb[0]?.url).toBe('https://www.thewhiskyvault.example/spirits/frolic/frolic-london-dry-gin');

    const eu = await retailers.forProduct('frolic-london-dry-gin', 'EU');
    expect(eu[0]).toMatchObject({ retailer: { name: 'Juniper & Co.' }, price: { currency: 'EUR', label: expect.stringMatching(/^€\d+\.\d{2}$/) } });
    const au = await retailers.forProduct('frolic-single-malt-12', 'AU');
    expect(au).toEqual([expect.objectContaining({ retailer: expect.objectContaining({ name: 'Down Under Drinks' }), price: null })]);
  });

  it('orders priced listings cheapest first', async () => {
    const intl = await retailers.forProduct('frolic-london-dry-gin', 'INT');
    expect(intl.map((l) => l.retailer.name)).toEqual(['Spirit Cellar Direct', 'Down Under Drinks', 'The Whisky Vault']);
    expect(intl[0]?.price?.currency).toBe('USD');
  });

  it('gives every active product an entry, with no listings where no one sells it', async () => {
    const ca = await retailers.catalogue('CA');
    expect(ca).toHaveLength(8);
    expect(ca.find((e) => e.product.slug === 'frolic-coffee-liqueur')?.listings).toEqual([]);
    expect(ca.every((e) => e.listings.every((l) => l.retailer.name === 'Maple & Malt'))).toBe(true);
  });

  it('drops a retailer that is no longer active after a content change', async () => {
    await t.database.db.update(onlineRetailers).set({ active: false }).where(eq(onlineRetailers.name, 'The Whisky Vault'));
    await content.changed('retailers');
    expect((await retailers.forProduct('frolic-london-dry-gin', 'GB')).map((l) => l.retailer.name)).toEqual(['Juniper & Co.']);
  });

  it('answers an unknown product with no listings', async () => {
    expect(await retailers.forProduct('no-such-spirit', 'GB')).toEqual([]);
  });
});
