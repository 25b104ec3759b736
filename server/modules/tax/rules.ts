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
  // One read: every rule of the jurisdiction that took effect by `day`, newest first (a handful of rows).
  const rows = await db
    .select()
    .from(taxRules)
    .where(and(eq(taxRules.jurisdiction, jurisdiction), lte(taxRules.effectiveFrom, day)))
    .orderBy(desc(taxRules.effectiveFrom), asc(taxRules.abvFromTenths));
  const vat = rows.find((r) => r.kind === 'vat');
  const latestExcise = rows.find((r) => r.kind === 'excise')?.effectiveFrom;
  const bands = rows.filter((r) => r.kind === 'excise' && r.effectiveFrom === latestExcise);
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
