// Tax rules as staff holding Finance keep them (issue 44): every rule of every jurisdiction with which
// one is in force today, a new VAT rule or excise band set from a date, and the withdrawal of one not
// yet in force. A rule in force is never edited or deleted — documents copied its rates, and what was
// in force on a day must stay what it was: a change is a new rule from a later date (today or after;
// an earlier one would rewrite the past). Every write is one transaction with its audit rows; the
// rules of one jurisdiction change one writer at a time (a transaction-scoped advisory lock).
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { AccessNeed } from '../../../shared/policy';
import { todayUtc } from '../../../shared/partners';
import {
  type ExciseSetView,
  type JurisdictionTaxRules,
  jurisdictionName,
  type RuleVatCategory,
  TAX_JURISDICTIONS,
  type TaxRuleInput,
  type TaxRulesOverview,
  type TaxRuleStatus,
  type VatRuleView,
} from '../../../shared/schemas/tax';
import { type Access, serviceRefusal, type Viewer } from '../../auth/authorize';
import type { Actor } from '../../core/actor';
import { AppError, isUniqueViolation, notFound } from '../../core/errors';
import type { Db, DbOrTx } from '../../db/client';
import { taxRules } from '../../db/schema';
import { recordAudits } from '../audit';
import type { TaxRuleRow } from './rules';

export interface TaxRuleDeps {
  db: Db;
  access: Access;
  now: () => number;
}

/** Staff only: Finance is a staff permission, so a partner (or a customer) is refused whatever it holds. */
const FINANCE: AccessNeed = { permission: 'finance:manage' };

/** The columns an audit row keeps of a rule (its id is the record's). */
function audited(row: TaxRuleRow) {
  return {
    jurisdiction: row.jurisdiction,
    kind: row.kind,
    vatCategory: row.vatCategory,
    rateBp: row.rateBp,
    exemptionReason: row.exemptionReason,
    abvFromTenths: row.abvFromTenths,
    abvToTenths: row.abvToTenths,
    dutyPerHlpaMinor: row.dutyPerHlpaMinor,
    currency: row.currency,
    effectiveFrom: row.effectiveFrom,
    source: row.source,
    example: row.example,
  };
}

const kindName = (kind: 'vat' | 'excise') => (kind === 'vat' ? 'VAT rule' : 'set of excise duty bands');

/**
 * Each date's status among a jurisdiction's dates of one kind (newest first): the latest that took
 * effect by today is in force, the later ones upcoming, the earlier ones superseded.
 */
function statusesOf(dates: readonly string[], today: string): Map<string, TaxRuleStatus> {
  const out = new Map<string, TaxRuleStatus>();
  let inForceSeen = false;
  for (const d of dates) {
    if (d > today) out.set(d, 'upcoming');
    else if (!inForceSeen) {
      out.set(d, 'in_force');
      inForceSeen = true;
    } else out.set(d, 'past');
  }
  return out;
}

/** One jurisdiction's rules as the overview shows them, from its rows (any order). */
function jurisdictionView(jurisdiction: string, rows: readonly TaxRuleRow[], today: string): JurisdictionTaxRules {
  const newestFirst = [...rows].sort((a, b) => b.effectiveFrom.localeCompare(a.effectiveFrom) || a.abvFromTenths - b.abvFromTenths);
  const vatRows = newestFirst.filter((r) => r.kind === 'vat');
  const vatStatus = statusesOf(
    vatRows.map((r) => r.effectiveFrom),
    today,
  );
  const vat: VatRuleView[] = vatRows.map((r) => ({
    id: r.id,
    category: r.vatCategory as RuleVatCategory,
    rateBp: r.rateBp ?? 0,
    exemptionReason: r.exemptionReason,
    effectiveFrom: r.effectiveFrom,
    source: r.source,
    example: r.example,
    status: vatStatus.get(r.effectiveFrom) as TaxRuleStatus,
  }));
  const sets = new Map<string, ExciseSetView>();
  for (const r of newestFirst.filter((x) => x.kind === 'excise')) {
    const set = sets.get(r.effectiveFrom) ?? { effectiveFrom: r.effectiveFrom, currency: r.currency ?? '', status: 'past' as TaxRuleStatus, bands: [] };
    set.bands.push({
      id: r.id,
      abvFromTenths: r.abvFromTenths,
      abvToTenths: r.abvToTenths,
      perHlpaMinor: r.dutyPerHlpaMinor ?? 0,
      source: r.source,
      example: r.example,
    });
    sets.set(r.effectiveFrom, set);
  }
  const exciseStatus = statusesOf([...sets.keys()], today);
  const excise = [...sets.values()].map((s) => ({ ...s, status: exciseStatus.get(s.effectiveFrom) as TaxRuleStatus }));
  return { jurisdiction, name: jurisdictionName(jurisdiction), vat, excise };
}

/** One writer at a time per jurisdiction: a new rule's checks (its date, its duplicates) and its insert are one step. */
async function lockJurisdiction(tx: DbOrTx, jurisdiction: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`frolic.tax_rules.${jurisdiction}`}))`);
}

const duplicate = (jurisdiction: string, kind: 'vat' | 'excise', effectiveFrom: string) =>
  new AppError('tax_rule_exists', 'conflict', `${jurisdictionName(jurisdiction)} already has a ${kindName(kind)} from ${effectiveFrom}.`, {
    details: [{ path: 'effectiveFrom', message: `There is already a ${kindName(kind)} from this date.`, code: 'tax_rule_exists' }],
    hint: 'Choose another date, or withdraw the one entered first (while it is still to come) and add it again.',
  });

export function createTaxRuleService({ db, access, now }: TaxRuleDeps) {
  /** The decision for Finance, or its refusal (forbidden; unauthenticated without a viewer). */
  async function allow(viewer: Viewer | null): Promise<void> {
    const decision = await access.decide(viewer, FINANCE);
    if (!decision.allowed) throw serviceRefusal(decision, 'Tax rules');
  }

  async function rulesOf(q: DbOrTx, jurisdiction?: string): Promise<TaxRuleRow[]> {
    return q
      .select()
      .from(taxRules)
      .where(jurisdiction ? eq(taxRules.jurisdiction, jurisdiction) : undefined)
      .orderBy(asc(taxRules.jurisdiction), desc(taxRules.effectiveFrom), asc(taxRules.abvFromTenths));
  }

  return {
    /**
     * Every jurisdiction's rules (or one's), newest first, each with its status today — the
     * jurisdictions without any rule listed too, so a gap is seen before an invoice meets it.
     */
    async overview(viewer: Viewer | null, query: { jurisdiction?: string } = {}): Promise<TaxRulesOverview> {
      await allow(viewer);
      const today = todayUtc(now());
      const rows = await rulesOf(db, query.jurisdiction);
      const wanted = query.jurisdiction ? [query.jurisdiction] : TAX_JURISDICTIONS;
      return {
        today,
        jurisdictions: wanted.map((j) =>
          jurisdictionView(
            j,
            rows.filter((r) => r.jurisdiction === j),
            today,
          ),
        ),
      };
    },

    /**
     * Adds a VAT rule, or a set of excise bands (all of the jurisdiction's bands from that date), taking
     * effect today or later. Refused: a date before today (`tax_rule_backdated`: the rule in force then
     * stays as it was), and a second rule of the kind from the same date (`tax_rule_exists`).
     * Answers the jurisdiction's rules as they now stand, and the new rows' ids.
     */
    async addRule(viewer: Viewer | null, input: TaxRuleInput, actor: Actor): Promise<{ ids: number[]; rules: JurisdictionTaxRules }> {
      await allow(viewer);
      const today = todayUtc(now());
      const { jurisdiction, kind, effectiveFrom } = input;
      if (effectiveFrom < today)
        throw new AppError(
          'tax_rule_backdated',
          'conflict',
          `A ${kindName(kind)} takes effect today or later: on ${effectiveFrom} the rule then in force applied, and documents were issued with it.`,
          {
            details: [{ path: 'effectiveFrom', message: `Choose today (${today}) or a later date.`, code: 'tax_rule_backdated' }],
            hint: 'Rules in force are never changed: add the new rule from today or a later date.',
          },
        );
      const common = { jurisdiction, kind, effectiveFrom, source: input.source, example: input.example, createdBy: actor.userId };
      const values =
        input.kind === 'vat'
          ? [{ ...common, vatCategory: input.category, rateBp: input.rateBp, exemptionReason: input.exemptionReason }]
          : input.bands.map((b) => ({
              ...common,
              abvFromTenths: b.abvFromTenths,
              abvToTenths: b.abvToTenths,
              dutyPerHlpaMinor: b.perHlpaMinor,
              currency: input.currency,
            }));
      return db.transaction(async (tx) => {
        await lockJurisdiction(tx, jurisdiction);
        // A band set is whole: another set from the same date (whatever its bands) is the same rule twice.
        const [existing] = await tx
          .select({ id: taxRules.id })
          .from(taxRules)
          .where(and(eq(taxRules.jurisdiction, jurisdiction), eq(taxRules.kind, kind), eq(taxRules.effectiveFrom, effectiveFrom)))
          .limit(1);
        if (existing) throw duplicate(jurisdiction, kind, effectiveFrom);
        let inserted: TaxRuleRow[];
        try {
          inserted = await tx.insert(taxRules).values(values).returning();
        } catch (err) {
          if (isUniqueViolation(err, 'tax_rules_key')) throw duplicate(jurisdiction, kind, effectiveFrom);
          throw err;
        }
        await recordAudits(
          tx,
          actor,
          inserted.map((r) => ({ action: 'INSERT', tableName: 'tax_rules', recordId: r.id, newValues: audited(r) })),
        );
        return { ids: inserted.map((r) => r.id), rules: jurisdictionView(jurisdiction, await rulesOf(tx, jurisdiction), today) };
      });
    },

    /**
     * Withdraws a rule that has not taken effect yet (its date is after today) — for excise, the whole
     * set of bands entered for that date (a set applies together). A rule in force or superseded
     * cannot be withdrawn (`tax_rule_in_force`): add a new rule from a later date instead.
     */
    async withdrawRule(viewer: Viewer | null, id: number, actor: Actor): Promise<{ withdrawn: number[]; rules: JurisdictionTaxRules }> {
      await allow(viewer);
      const today = todayUtc(now());
      const [first] = await db.select().from(taxRules).where(eq(taxRules.id, id));
      if (!first) throw notFound('Tax rule');
      return db.transaction(async (tx) => {
        await lockJurisdiction(tx, first.jurisdiction);
        const [rule] = await tx.select().from(taxRules).where(eq(taxRules.id, id));
        if (!rule) throw notFound('Tax rule');
        if (rule.effectiveFrom <= today)
          throw new AppError(
            'tax_rule_in_force',
            'conflict',
            `This ${kindName(rule.kind)} took effect on ${rule.effectiveFrom}: a rule that has taken effect is never withdrawn or changed.`,
            { hint: 'Add a new rule from today or a later date: it replaces this one from then on.' },
          );
        const gone = await tx
          .delete(taxRules)
          .where(
            rule.kind === 'vat'
              ? eq(taxRules.id, rule.id)
              : and(eq(taxRules.jurisdiction, rule.jurisdiction), eq(taxRules.kind, 'excise'), eq(taxRules.effectiveFrom, rule.effectiveFrom)),
          )
          .returning();
        await recordAudits(
          tx,
          actor,
          gone.map((r) => ({ action: 'DELETE', tableName: 'tax_rules', recordId: r.id, oldValues: audited(r) })),
        );
        const ids = gone.map((r) => r.id).sort((a, b) => a - b);
        return { withdrawn: ids, rules: jurisdictionView(rule.jurisdiction, await rulesOf(tx, rule.jurisdiction), today) };
      });
    },
  };
}

export type TaxRuleService = ReturnType<typeof createTaxRuleService>;
