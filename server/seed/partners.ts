// Demo mode: a believable trade network — one importer, two distributors, four retailers in the
// GB, EU and US markets, with their commercial terms and a couple of people each — that the demo
// partner users belong to. Idempotent: an organisation is found by its licence and a person by
// email, so a restart changes nothing but the people's password (the demo password of this start).
// Licences run a year or more from the first seed, except one retailer's, which ends within 30
// days (so the licence warnings have something to show).
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { organisations, products, profiles, stockBalances, tradeTerms, users } from '../db/schema';
import { moveStock } from '../modules/stock';
import { SEED_PARTNER_STOCK_SHARE, SEED_PRODUCTS } from './products';
import { SYSTEM_ACTOR } from '../core/actor';
import { addDays } from '../../shared/licence';
import { todayUtc } from '../../shared/partners';
import type { OrganisationInput } from '../../shared/schemas/partners';
import type { Services } from '../services';

export const DEMO_PARTNERS_DOMAIN = 'trade.demo.frolic.example';

type Key = 'albion' | 'pennine' | 'hudson' | 'copper' | 'obyrnes' | 'bowery' | 'kings';

interface SeedOrganisation {
  key: Key;
  supplier: Key | null;
  status: 'active' | 'pending';
  /** Days from the first seed to the licence's last valid day. */
  licenceDays: number;
  fields: Omit<OrganisationInput, 'supplierId' | 'licenceExpiresOn'>;
  /**
   * `taxRateBp` is the flat rate before issue 44, kept in its column but read by no new document: VAT
   * comes from the tax rules, duty from the leg's treatment (its type's default, defaultTerms).
   */
  terms: { paymentTermsDays: number; creditLimitMinor: number; taxRateBp: number };
  people: { firstName: string; lastName: string; role: 'importer' | 'distributor' | 'retailer' | 'partner' }[];
}

const CHAIN: SeedOrganisation[] = [
  {
    key: 'albion',
    supplier: null,
    status: 'active',
    licenceDays: 540,
    fields: {
      type: 'importer',
      legalName: 'Albion Spirits Imports Ltd',
      tradingName: 'Albion Spirits Imports',
      licenceNumber: 'XQAW00000104217',
      licenceJurisdiction: 'GB',
      addressLine1: 'Unit 4, Thames Wharf',
      addressLine2: 'Rainville Road',
      city: 'London',
      region: 'Greater London',
      postalCode: 'W6 9HA',
      country: 'GB',
      market: 'GB',
      email: 'trade@albion-imports.example',
      phone: '+44 20 7946 0321',
    },
    terms: { paymentTermsDays: 45, creditLimitMinor: 25_000_000, taxRateBp: 2000 },
    people: [
      { firstName: 'Amelia', lastName: 'Hart', role: 'importer' },
      { firstName: 'Tom', lastName: 'Reed', role: 'partner' },
    ],
  },
  {
    key: 'pennine',
    supplier: 'albion',
    status: 'active',
    licenceDays: 410,
    fields: {
      type: 'distributor',
      legalName: 'Pennine Drinks Distribution Ltd',
      tradingName: 'Pennine Drinks',
      licenceNumber: 'XPAW00000118833',
      licenceJurisdiction: 'GB',
      addressLine1: '12 Sheepscar Way',
      addressLine2: '',
      city: 'Leeds',
      region: 'West Yorkshire',
      postalCode: 'LS7 3JB',
      country: 'GB',
      market: 'GB',
      email: 'orders@pennine-drinks.example',
      phone: '+44 113 496 0774',
    },
    terms: { paymentTermsDays: 30, creditLimitMinor: 8_000_000, taxRateBp: 2000 },
    people: [
      { firstName: 'Priya', lastName: 'Shah', role: 'distributor' },
      { firstName: 'Owen', lastName: 'Clarke', role: 'partner' },
    ],
  },
  {
    key: 'hudson',
    supplier: 'albion',
    status: 'active',
    licenceDays: 460,
    fields: {
      type: 'distributor',
      legalName: 'Hudson Crown Distributors LLC',
      tradingName: 'Hudson Crown Distributors',
      licenceNumber: 'NY-WH-0631188',
      licenceJurisdiction: 'US-NY',
      addressLine1: '540 West 26th Street',
      addressLine2: '',
      city: 'New York',
      region: 'NY',
      postalCode: '10001',
      country: 'US',
      market: 'US',
      email: 'purchasing@hudsoncrown.example',
      phone: '+1 212 555 0148',
    },
    terms: { paymentTermsDays: 30, creditLimitMinor: 12_000_000, taxRateBp: 0 },
    people: [
      { firstName: 'Marcus', lastName: 'Bell', role: 'distributor' },
      { firstName: 'Dana', lastName: 'Ortiz', role: 'partner' },
    ],
  },
  {
    key: 'copper',
    supplier: 'pennine',
    status: 'active',
    licenceDays: 380,
    fields: {
      type: 'retailer',
      legalName: 'Copper Still Wines & Spirits Ltd',
      tradingName: 'The Copper Still',
      licenceNumber: 'PREM/0412/2024',
      licenceJurisdiction: 'GB-YOR',
      addressLine1: '27 Gillygate',
      addressLine2: '',
      city: 'York',
      region: 'North Yorkshire',
      postalCode: 'YO31 7EA',
      country: 'GB',
      market: 'GB',
      email: 'hello@copperstill.example',
      phone: '+44 1904 496 210',
    },
    terms: { paymentTermsDays: 30, creditLimitMinor: 1_500_000, taxRateBp: 2000 },
    people: [
      { firstName: 'Hannah', lastName: 'Moss', role: 'retailer' },
      { firstName: 'Joe', lastName: 'Turner', role: 'partner' },
    ],
  },
  {
    key: 'obyrnes',
    supplier: 'pennine',
    status: 'active',
    // The one licence that needs renewing soon.
    licenceDays: 18,
    fields: {
      type: 'retailer',
      legalName: "O'Byrne's Off-Licence Limited",
      tradingName: "O'Byrne's Wine & Spirits",
      licenceNumber: 'IE-OFF-2025-7731',
      licenceJurisdiction: 'IE',
      addressLine1: '41 Camden Street Lower',
      addressLine2: '',
      city: 'Dublin',
      region: 'Dublin 2',
      postalCode: 'D02 XE80',
      country: 'IE',
      market: 'EU',
      email: 'shop@obyrnes.example',
      phone: '+353 1 555 0192',
    },
    terms: { paymentTermsDays: 30, creditLimitMinor: 1_200_000, taxRateBp: 2300 },
    people: [
      { firstName: 'Siobhán', lastName: "O'Byrne", role: 'retailer' },
      { firstName: 'Liam', lastName: 'Keane', role: 'partner' },
    ],
  },
  {
    key: 'bowery',
    supplier: 'hudson',
    status: 'active',
    licenceDays: 620,
    fields: {
      type: 'retailer',
      legalName: 'Bowery Bottle Shop Inc.',
      tradingName: 'Bowery Bottle Shop',
      licenceNumber: 'NY-L-1327744',
      licenceJurisdiction: 'US-NY',
      addressLine1: '219 Bowery',
      addressLine2: '',
      city: 'New York',
      region: 'NY',
      postalCode: '10002',
      country: 'US',
      market: 'US',
      email: 'orders@bowerybottle.example',
      phone: '+1 212 555 0119',
    },
    // 0, not New York City's 8.875 % sales tax: that falls on the retailer's own sales to consumers, and a
    // wholesale sale for resale carries none (the US rule seeded in tax_rules: E 0 %, "Sale for resale").
    terms: { paymentTermsDays: 30, creditLimitMinor: 2_500_000, taxRateBp: 0 },
    people: [
      { firstName: 'Ruth', lastName: 'Kaplan', role: 'retailer' },
      { firstName: 'Eli', lastName: 'Brooks', role: 'partner' },
    ],
  },
  {
    key: 'kings',
    supplier: 'hudson',
    // Onboarded lately: awaiting approval.
    status: 'pending',
    licenceDays: 700,
    fields: {
      type: 'retailer',
      legalName: 'Kings County Spirits LLC',
      tradingName: 'Kings County Spirits',
      licenceNumber: 'NY-L-1402219',
      licenceJurisdiction: 'US-NY',
      addressLine1: '310 Atlantic Avenue',
      addressLine2: '',
      city: 'Brooklyn',
      region: 'NY',
      postalCode: '11201',
      country: 'US',
      market: 'US',
      email: 'buying@kingscountyspirits.example',
      phone: '+1 718 555 0176',
    },
    // No sales tax on a sale for resale, as for Bowery Bottle Shop.
    terms: { paymentTermsDays: 14, creditLimitMinor: 800_000, taxRateBp: 0 },
    people: [
      { firstName: 'Theo', lastName: 'Grant', role: 'retailer' },
      { firstName: 'Maya', lastName: 'Lin', role: 'partner' },
    ],
  },
];

/** Which organisation each demo partner user (`<role>@demo.frolic.example`) belongs to. */
export const DEMO_ROLE_ORGANISATION: Partial<Record<string, Key>> = {
  importer: 'albion',
  partner: 'albion',
  distributor: 'pennine',
  retailer: 'copper',
};

const emailOf = (p: { firstName: string; lastName: string }) =>
  `${`${p.firstName}.${p.lastName}`
    .normalize('NFD')
    .replace(/[^A-Za-z.]/g, '')
    .toLowerCase()}@${DEMO_PARTNERS_DOMAIN}`;

/**
 * Seeds the chain (once) and gives its people `passwordHash`; answers each organisation's id by key.
 * One transaction under an advisory lock, so instances starting together seed it once.
 */
export async function seedPartnerChain(services: Services, db: Db, passwordHash: string): Promise<Record<Key, string>> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('frolic-demo-partner-chain'))`);
    const ids = {} as Record<Key, string>;
    const today = todayUtc();
    for (const o of CHAIN) {
      const [found] = await tx
        .select({ id: organisations.id })
        .from(organisations)
        .where(
          and(
            eq(organisations.licenceJurisdiction, o.fields.licenceJurisdiction),
            sql`lower(${organisations.licenceNumber}) = lower(${o.fields.licenceNumber})`,
          ),
        );
      if (found) {
        ids[o.key] = found.id;
      } else {
        const input = { ...o.fields, licenceExpiresOn: addDays(today, o.licenceDays), supplierId: o.supplier ? ids[o.supplier] : null };
        const org = await services.partners.createIn(tx, input, SYSTEM_ACTOR, o.status);
        await tx.update(tradeTerms).set(o.terms).where(eq(tradeTerms.customerId, org.id));
        ids[o.key] = org.id;
      }
      for (const person of o.people) {
        const email = emailOf(person);
        const [existing] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email));
        if (existing) {
          await tx.update(users).set({ passwordHash, status: 'active', organisationId: ids[o.key] }).where(eq(users.id, existing.id));
          await tx.update(profiles).set({ requiresPasswordReset: false, passwordLastUpdated: new Date() }).where(eq(profiles.id, existing.id));
        } else
          await services.users.createUserIn(
            tx,
            { ...person, email, roles: [person.role], passwordHash, confirmed: true, organisationId: ids[o.key] },
            SYSTEM_ACTOR,
          );
      }
    }
    await openPartnerStock(tx, ids);
    return ids;
  });
}

/**
 * The demo importer's and distributors' opening stock of each demo product (SEED_PARTNER_STOCK_SHARE
 * of the brand's opening), written once: a holder that already has a balance of a product (it opened
 * before, or traded since) is left as it is.
 */
async function openPartnerStock(tx: Tx, ids: Record<Key, string>): Promise<void> {
  const seeded = await tx
    .select({ id: products.id, slug: products.slug, caseSize: products.caseSize })
    .from(products)
    .where(
      inArray(
        products.slug,
        SEED_PRODUCTS.map((p) => p.slug),
      ),
    );
  for (const o of CHAIN) {
    const type = o.fields.type;
    if (type === 'retailer') continue; // retailers hold no ledger
    const holder = ids[o.key];
    const held = new Set(
      (await tx.select({ productId: stockBalances.productId }).from(stockBalances).where(eq(stockBalances.organisationId, holder))).map((r) => r.productId),
    );
    for (const product of seeded) {
      if (held.has(product.id)) continue;
      const seed = SEED_PRODUCTS.find((p) => p.slug === product.slug)!;
      const cases = Math.floor((seed.openingBottles / product.caseSize) * SEED_PARTNER_STOCK_SHARE[type]);
      if (cases > 0)
        await moveStock(tx, {
          organisationId: holder,
          productId: product.id,
          onHand: cases * product.caseSize,
          reserved: 0,
          cause: 'opening',
          reason: 'Opening stock (demo)',
        });
    }
  }
}
