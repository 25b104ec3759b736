// The trade network a journey starts from, written through the real services: organisations at one
// address, the importer → distributor → retailer chain, their people, opening stock. Each journey
// gives its own names, licence numbers, emails and figures, since its assertions read them.
import { asc, eq } from 'drizzle-orm';
import { DEMO_PASSWORD } from '../../playwright.config';
import { SYSTEM_ACTOR } from '../../server/core/actor';
import type { DbOrTx } from '../../server/db/client';
import { products } from '../../server/db/schema';
import type { Organisation } from '../../server/modules/partners/service';
import { moveStock, type StockCause } from '../../server/modules/stock/ledger';
import type { Services } from '../../server/services';
import type { OrganisationType } from '../../shared/partners';
import type { OrganisationInput } from '../../shared/schemas/partners';
import { brandId } from '../../server/db/brand';

type Partners = Pick<Services['partners'], 'create'>;
type Users = Pick<Services['users'], 'createUser'>;

/** Where a journey's organisations sit (they share one address); the rest is GB with no email or phone. */
export interface Address {
  addressLine1: string;
  city: string;
  postalCode: string;
}

/** An organisation's own fields: its trading name, its licence number and, if not `<name> Ltd`, its legal name. */
export interface OrganisationSpec {
  name: string;
  licence: string;
  legalName?: string;
}

/** A date `n` days from today (YYYY-MM-DD). */
export const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

/** An active organisation of `type` at `address` in GB, its licence valid for a year. */
export function createOrganisation(
  partners: Partners,
  address: Address,
  type: OrganisationType,
  spec: OrganisationSpec,
  supplierId: string | null,
): Promise<Organisation> {
  const input: OrganisationInput = {
    type,
    legalName: spec.legalName ?? `${spec.name} Ltd`,
    tradingName: spec.name,
    licenceNumber: spec.licence,
    licenceJurisdiction: 'GB',
    licenceExpiresOn: inDays(365),
    addressLine1: address.addressLine1,
    addressLine2: '',
    city: address.city,
    region: '',
    postalCode: address.postalCode,
    country: 'GB',
    market: 'GB',
    email: '',
    phone: '',
    supplierId,
  };
  return partners.create(input, SYSTEM_ACTOR, { status: 'active' });
}

export interface Chain {
  importer: Organisation;
  distributor: Organisation;
  retailer: Organisation;
}

/** An importer, a distributor it supplies and a retailer the distributor supplies, created in that order. */
export async function createChain(
  partners: Partners,
  address: Address,
  specs: { importer: OrganisationSpec; distributor: OrganisationSpec; retailer: OrganisationSpec },
): Promise<Chain> {
  const importer = await createOrganisation(partners, address, 'importer', specs.importer, null);
  const distributor = await createOrganisation(partners, address, 'distributor', specs.distributor, importer.id);
  const retailer = await createOrganisation(partners, address, 'retailer', specs.retailer, distributor.id);
  return { importer, distributor, retailer };
}

/** The builders bound to one service and address, for a journey that creates organisations beside its chain. */
export function organisationsAt(partners: Partners, address: Address) {
  return {
    organisation: (type: OrganisationType, spec: OrganisationSpec, supplierId: string | null) => createOrganisation(partners, address, type, spec, supplierId),
    chain: (specs: Parameters<typeof createChain>[2]) => createChain(partners, address, specs),
  };
}

export interface Person {
  email: string;
  firstName: string;
  lastName: string;
  roles: string[];
  organisationId: string;
}

/** Confirmed members, in the order given, signing in with `password` (the demo one by default). */
export async function createPeople(users: Users, people: Person[], password: string = DEMO_PASSWORD): Promise<void> {
  for (const p of people) await users.createUser({ ...p, password, confirmed: true }, SYSTEM_ACTOR);
}

/** The first `n` active products of the catalogue in the order Place Orders lists them (by name). */
export function firstProducts(db: DbOrTx, n: number): Promise<{ id: number; name: string; caseSize: number }[]> {
  return db
    .select({ id: products.id, name: products.name, caseSize: products.caseSize })
    .from(products)
    .where(eq(products.status, 'active'))
    .orderBy(asc(products.name), asc(products.id))
    .limit(n);
}

/** How opening stock is recorded: an adjustment, reason "Opening stock" unless told (null: no reason). */
export interface StockEntry {
  cause?: StockCause;
  reason?: string | null;
}

/** Puts `bottles` of a product on hand at `holder` (null: the brand warehouse), nothing reserved. */
export async function openingStock(db: DbOrTx, holder: string | null, productId: number, bottles: number, entry: StockEntry = {}): Promise<void> {
  const reason = entry.reason === undefined ? 'Opening stock' : entry.reason;
  await moveStock(db, {
    organisationId: holder ?? (await brandId(db)),
    productId,
    onHand: bottles,
    reserved: 0,
    cause: entry.cause ?? 'adjustment',
    ...(reason === null ? {} : { reason }),
  });
}

/** `cases` of each product at each holder, product by product, each movement in its own transaction. */
export async function stockEach(
  db: DbOrTx,
  holders: (string | null)[],
  goods: { id: number; caseSize: number }[],
  cases: number,
  entry: StockEntry = {},
): Promise<void> {
  for (const p of goods) for (const holder of holders) await db.transaction((tx) => openingStock(tx, holder, p.id, cases * p.caseSize, entry));
}
