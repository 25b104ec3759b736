// Brand details: the brand's own row of `organisations` (migration 0025) as staff holding Finance
// read and edit it — names, licence, address, contact, VAT number and bank details, which its
// invoices print. Its market and currency stay as they are. A save names the version read and
// writes its audit row (the fields that changed, old and new) in the same transaction.
import { and, eq } from 'drizzle-orm';
import type { AccessNeed } from '../../../shared/policy';
import type { BrandDetails, BrandDetailsInput } from '../../../shared/schemas/brand';
import { todayUtc } from '../../../shared/partners';
import { type Access, serviceRefusal, type Viewer } from '../../auth/authorize';
import type { Actor } from '../../core/actor';
import { isUniqueViolation, notFound, versionConflict } from '../../core/errors';
import { isoString } from '../../core/iso-time';
import type { Db, DbOrTx } from '../../db/client';
import { organisations } from '../../db/schema';
import { recordAudit } from '../audit';
import { licenceTaken, refusePastLicence } from './admin';

export interface BrandDeps {
  db: Db;
  access: Access;
  now: () => number;
}

/** Staff only: Finance is a staff permission, so a partner (or a customer) is refused whatever it holds. */
const FINANCE: AccessNeed = { permission: 'finance:manage' };

/** The fields Brand details edits, in the order the audit row lists them. */
const EDITABLE = [
  'legalName',
  'tradingName',
  'licenceNumber',
  'licenceJurisdiction',
  'licenceExpiresOn',
  'addressLine1',
  'addressLine2',
  'city',
  'region',
  'postalCode',
  'country',
  'email',
  'phone',
  'vatNumber',
  'bankAccountName',
  'bankAccount',
  'bankBic',
  'peppolScheme',
  'peppolId',
] as const satisfies readonly (keyof BrandDetailsInput)[];

type BrandRow = typeof organisations.$inferSelect;

function brandView(row: BrandRow): BrandDetails {
  const fields = Object.fromEntries(EDITABLE.map((k) => [k, row[k]])) as Omit<BrandDetailsInput, 'version'>;
  return { ...fields, id: row.id, market: row.market, currency: row.currency, version: row.version, updatedAt: isoString(row.updatedAt) };
}

export function createBrandDetails({ db, access, now }: BrandDeps) {
  /** The decision for Finance, or its refusal (forbidden; unauthenticated without a viewer). */
  async function allow(viewer: Viewer | null): Promise<void> {
    const decision = await access.decide(viewer, FINANCE);
    if (!decision.allowed) throw serviceRefusal(decision, 'Brand');
  }

  async function readBrand(q: DbOrTx, lock: boolean): Promise<BrandRow> {
    const query = q.select().from(organisations).where(eq(organisations.type, 'brand'));
    const [row] = lock ? await query.for('update') : await query;
    // Migration 0025 writes the row and nothing deletes it: its absence is a database not migrated.
    if (!row) throw notFound('Brand');
    return row;
  }

  return {
    /** The brand's details as Brand details shows them (Finance). */
    async brandDetails(viewer: Viewer | null): Promise<BrandDetails> {
      await allow(viewer);
      return brandView(await readBrand(db, false));
    },

    /**
     * Saves the brand's details over the version the editor read (a conflict, `version_conflict`,
     * when someone saved since). A changed licence expiry may not be in the past (invalid), and a
     * licence number another organisation holds in the same jurisdiction is a conflict
     * (`licence_taken`); a new expiry restarts the licence warnings.
     */
    async updateBrandDetails(viewer: Viewer | null, input: BrandDetailsInput, actor: Actor): Promise<BrandDetails> {
      await allow(viewer);
      const { version } = input;
      const next = Object.fromEntries(EDITABLE.map((k) => [k, input[k]])) as Omit<BrandDetailsInput, 'version'>;
      return db.transaction(async (tx) => {
        const old = await readBrand(tx, true);
        if (old.version !== version) throw versionConflict('brand', old.version, version);
        const renewed = next.licenceExpiresOn !== old.licenceExpiresOn;
        if (renewed) refusePastLicence(next.licenceExpiresOn, todayUtc(now()));
        let updated: BrandRow[];
        try {
          updated = await tx
            .update(organisations)
            .set({
              ...next,
              version: old.version + 1,
              updatedAt: new Date(now()),
              ...(renewed ? { licenceWarnedStage: null, licenceWarnedAt: null } : {}),
            })
            .where(and(eq(organisations.id, old.id), eq(organisations.version, version)))
            .returning();
        } catch (err) {
          if (isUniqueViolation(err, 'organisations_licence_key')) throw licenceTaken();
          throw err;
        }
        const row = updated[0];
        if (!row) throw versionConflict('brand', old.version + 1, version);
        const changed = EDITABLE.filter((k) => old[k] !== row[k]);
        await recordAudit(tx, actor, {
          action: 'UPDATE',
          tableName: 'organisations',
          recordId: old.id,
          oldValues: Object.fromEntries(changed.map((k) => [k, old[k]])),
          newValues: Object.fromEntries(changed.map((k) => [k, row[k]])),
        });
        return brandView(row);
      });
    },
  };
}
