// Trading partners. Today only their type: it tiers trade prices (catalog.ts) and is asked by the
// business inquiry form (inquiries.ts); partner organisations will live here.
import { pgEnum } from 'drizzle-orm/pg-core';

export const partnerType = pgEnum('partner_type', ['importer', 'distributor', 'retailer']);
