// The tax rules in force on a day for a jurisdiction (server/db/schema/tax.ts): the latest VAT rule
// that took effect by then, and the excise bands entered on the latest date that took effect by then
// (a change of duty re-states every band of the jurisdiction on its date).
import { and, asc, desc, eq, lte } from 'drizzle-orm';
import type { ExciseBand, VatRule } from '../../../shared/tax';
import type { DbOrTx } from '../../db/client';
import { taxRules } from '../../db/schema';

export type TaxRuleRow = typeof taxRules.$inferSelect;

export interface RulesInForce {
  vat: (VatRule & { ruleId: number; example: boolean }) | null;
  excise: (ExciseBand & { ruleId: number; example: boolean })[];
}

export async function rulesInForce(db: DbOrTx, jurisdiction: string, day: string): Promise<RulesInForce> {
  const [vat] = await db
    .select()
    .from(taxRules)
    .where(and(eq(taxRules.jurisdiction, jurisdiction), eq(taxRules.kind, 'vat'), lte(taxRules.effectiveFrom, day)))
    .orderBy(desc(taxRules.effectiveFrom))
    .limit(1);
  const [latest] = await db
    .select({ on: taxRules.effectiveFrom })
    .from(taxRules)
    .where(and(eq(taxRules.jurisdiction, jurisdiction), eq(taxRules.kind, 'excise'), lte(taxRules.effectiveFrom, day)))
    .orderBy(desc(taxRules.effectiveFrom))
    .limit(1);
  const bands = latest
    ? await db
        .select()
        .from(taxRules)
        .where(and(eq(taxRules.jurisdiction, jurisdiction), eq(taxRules.kind, 'excise'), eq(taxRules.effectiveFrom, latest.on)))
        .orderBy(asc(taxRules.abvFromTenths))
    : [];
  return {
    vat: vat
      ? {
          ruleId: vat.id,
          example: vat.example,
          category: vat.vatCategory as VatRule['category'],
          rateBp: vat.rateBp ?? 0,
          exemptionReason: vat.exemptionReason,
        }
      : null,
    excise: bands.map((b) => ({
      ruleId: b.id,
      example: b.example,
      abvFromTenths: b.abvFromTenths,
      abvToTenths: b.abvToTenths,
      perHlpaMinor: b.dutyPerHlpaMinor ?? 0,
      currency: b.currency ?? '',
    })),
  };
}
