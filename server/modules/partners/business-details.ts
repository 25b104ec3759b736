// A partner organisation's business details (issue 44): the VAT number and bank details its invoices
// print beside its registered name and address (the row's own, edited with the rest of the
// organisation in Partners). Its own members read them; those holding its type role (an importer's
// importer role …) save them — the generic partner role reads only — and so do staff holding Finance,
// over any partner organisation. The brand's are Brand details' (brand.ts). A save names the version
// read and writes its audit row (the fields that changed, old and new) in the same transaction.
import { and, eq } from 'drizzle-orm';
import { partnerTypeOf, READ_ONLY_REFUSAL } from '../../../shared/partners';
import type { AccessNeed } from '../../../shared/policy';
import { bankAccountIn, type BusinessDetails, type BusinessDetailsInput } from '../../../shared/schemas/brand';
import { type Access, serviceRefusal, type Viewer } from '../../auth/authorize';
import type { Actor } from '../../core/actor';
import { AppError, invalidFields, notFound, versionConflict } from '../../core/errors';
import { isoString } from '../../core/iso-time';
import type { Db, DbOrTx } from '../../db/client';
import { organisations } from '../../db/schema';
import { recordAudit } from '../audit';

export interface BusinessDetailsDeps {
  db: Db;
  access: Access;
  now: () => number;
}

/** A member's own organisation: the partner area. */
const PARTNER_AREA: AccessNeed = { area: 'partner' };
/** Any partner organisation's: staff holding Finance. */
const FINANCE: AccessNeed = { permission: 'finance:manage' };

/** The fields saved, in the order the audit row lists them. */
const EDITABLE = [
  'vatNumber',
  'bankAccountName',
  'bankAccount',
  'bankBic',
  'peppolScheme',
  'peppolId',
  'einvoiceByEmail',
] as const satisfies readonly (keyof BusinessDetailsInput)[];

type Row = typeof organisations.$inferSelect;

function view(row: Row, canEdit: boolean): BusinessDetails {
  return {
    organisationId: row.id,
    type: partnerTypeOf(row.type),
    legalName: row.legalName,
    tradingName: row.tradingName,
    addressLine1: row.addressLine1,
    addressLine2: row.addressLine2,
    city: row.city,
    region: row.region,
    postalCode: row.postalCode,
    country: row.country,
    vatNumber: row.vatNumber,
    bankAccountName: row.bankAccountName,
    bankAccount: row.bankAccount,
    bankBic: row.bankBic,
    peppolScheme: row.peppolScheme,
    peppolId: row.peppolId,
    einvoiceByEmail: row.einvoiceByEmail,
    version: row.version,
    updatedAt: isoString(row.updatedAt),
    canEdit,
  };
}

/** Whether a member may save its organisation's details: it holds the role of the organisation's type. */
const holdsTypeRole = (viewer: Viewer, row: Row) => viewer.roles.includes(row.type);

export function createBusinessDetails({ db, access, now }: BusinessDetailsDeps) {
  async function allow(viewer: Viewer | null, need: AccessNeed): Promise<void> {
    const decision = await access.decide(viewer, need);
    if (!decision.allowed) throw serviceRefusal(decision, 'Organisation');
  }

  /** A partner organisation's row; the brand's (Brand details) and one that does not exist are not found. */
  async function readOrganisation(q: DbOrTx, id: string, lock: boolean): Promise<Row> {
    const query = q.select().from(organisations).where(eq(organisations.id, id));
    const [row] = lock ? await query.for('update') : await query;
    if (!row || row.type === 'brand') throw notFound('Organisation');
    return row;
  }

  /** The member's organisation: one it does not belong to (it has none) is not found. */
  function ownId(viewer: Viewer): string {
    if (!viewer.organisationId) throw notFound('Organisation');
    return viewer.organisationId;
  }

  async function save(id: string, input: BusinessDetailsInput, actor: Actor, mayEdit: (row: Row) => boolean): Promise<BusinessDetails> {
    return db.transaction(async (tx) => {
      const old = await readOrganisation(tx, id, true);
      if (!mayEdit(old))
        throw new AppError(
          READ_ONLY_REFUSAL.code,
          'forbidden',
          `Your access is read-only: the business details are changed by ${old.tradingName}'s ${old.type} users, or by Frolic.`,
        );
      if (old.version !== input.version) throw versionConflict('organisation', old.version, input.version);
      // In the UK a local account is a sort code and an account number (shared/schemas/brand.ts).
      const account = bankAccountIn(old.country, input.bankAccount);
      if ('code' in account) throw invalidFields([{ path: 'bankAccount', message: account.message, code: account.code }]);
      const next = {
        vatNumber: input.vatNumber,
        bankAccountName: input.bankAccountName,
        bankAccount: account.account,
        bankBic: input.bankBic,
        peppolScheme: input.peppolScheme,
        peppolId: input.peppolId,
        einvoiceByEmail: input.einvoiceByEmail,
      };
      const [row] = await tx
        .update(organisations)
        .set({ ...next, version: old.version + 1, updatedAt: new Date(now()) })
        .where(and(eq(organisations.id, old.id), eq(organisations.version, input.version)))
        .returning();
      if (!row) throw versionConflict('organisation', old.version + 1, input.version);
      const changed = EDITABLE.filter((k) => old[k] !== row[k]);
      await recordAudit(tx, actor, {
        action: 'UPDATE',
        tableName: 'organisations',
        recordId: old.id,
        oldValues: Object.fromEntries(changed.map((k) => [k, old[k]])),
        newValues: Object.fromEntries(changed.map((k) => [k, row[k]])),
      });
      return view(row, true);
    });
  }

  return {
    /** The viewer's own organisation's business details (any member reads them; `canEdit` for its type role). */
    async ownBusinessDetails(viewer: Viewer | null): Promise<BusinessDetails> {
      await allow(viewer, PARTNER_AREA);
      const v = viewer as Viewer;
      const row = await readOrganisation(db, ownId(v), false);
      return view(row, holdsTypeRole(v, row));
    },

    /**
     * Saves the viewer's own organisation's business details over the version read: for members
     * holding its type role (others: `read_only_access`). Its standing does not matter — a pending
     * organisation sets them up before it trades.
     */
    async updateOwnBusinessDetails(viewer: Viewer | null, input: BusinessDetailsInput, actor: Actor): Promise<BusinessDetails> {
      await allow(viewer, PARTNER_AREA);
      const v = viewer as Viewer;
      return save(ownId(v), input, actor, (row) => holdsTypeRole(v, row));
    },

    /** A partner organisation's business details (staff holding Finance). */
    async businessDetails(viewer: Viewer | null, organisationId: string): Promise<BusinessDetails> {
      await allow(viewer, FINANCE);
      return view(await readOrganisation(db, organisationId, false), true);
    },

    /** Saves a partner organisation's business details over the version read (staff holding Finance). */
    async updateBusinessDetails(viewer: Viewer | null, organisationId: string, input: BusinessDetailsInput, actor: Actor): Promise<BusinessDetails> {
      await allow(viewer, FINANCE);
      return save(organisationId, input, actor, () => true);
    },
  };
}
