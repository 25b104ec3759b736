// A partner's dashboard: its own organisation — never another's — with its standing, its supplier in
// the tree (the brand for an importer) and the terms it trades on.
import { eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { type OrganisationStatus, type OrganisationType, partnerTypeOf, type Standing, standingOf, todayUtc } from '../../../shared/partners';
import type { DutyTreatment } from '../../../shared/tax';
import type { Db } from '../../db/client';
import { organisations, tradeTerms } from '../../db/schema';

export interface PartnerOverview {
  organisation: {
    id: string;
    tradingName: string;
    legalName: string;
    type: OrganisationType;
    status: OrganisationStatus;
    /** Why it was suspended, when it is. */
    statusReason: string;
    standing: Standing;
    licenceNumber: string;
    licenceExpiresOn: string;
    market: string;
    currency: string;
    /** Its supplier's trading name; null for an importer (the brand supplies it). */
    supplierName: string | null;
  };
  terms: { paymentTermsDays: number; creditLimitMinor: number; currency: string; dutyTreatment: DutyTreatment } | null;
}

export function createPartnerDashboard(db: Db, now: () => number = Date.now) {
  const supplier = alias(organisations, 'supplier');
  return {
    /** The viewer's own organisation and terms; null for a user without one. */
    async partnerOverview(viewer: { organisationId: string | null }): Promise<PartnerOverview | null> {
      if (!viewer.organisationId) return null;
      const [row] = await db
        .select({ org: organisations, supplierName: supplier.tradingName, supplierType: supplier.type, terms: tradeTerms })
        .from(organisations)
        .leftJoin(supplier, eq(supplier.id, organisations.supplierId))
        .leftJoin(tradeTerms, eq(tradeTerms.customerId, organisations.id))
        .where(eq(organisations.id, viewer.organisationId));
      if (!row) return null;
      const { org, terms } = row;
      return {
        organisation: {
          id: org.id,
          tradingName: org.tradingName,
          legalName: org.legalName,
          type: partnerTypeOf(org.type),
          status: org.status,
          statusReason: org.statusReason,
          standing: standingOf(org, todayUtc(now())),
          licenceNumber: org.licenceNumber,
          licenceExpiresOn: org.licenceExpiresOn,
          market: org.market,
          currency: org.currency,
          // An importer's supplier is the brand's own row: named as such.
          supplierName: row.supplierName === null ? null : row.supplierType === 'brand' ? `${row.supplierName} (the brand)` : row.supplierName,
        },
        terms: terms
          ? { paymentTermsDays: terms.paymentTermsDays, creditLimitMinor: terms.creditLimitMinor, currency: terms.currency, dutyTreatment: terms.dutyTreatment }
          : null,
      };
    },
  };
}
