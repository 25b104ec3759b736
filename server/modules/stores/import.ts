// CSV import of store locations: every row checked with the editor's schema plus what only the
// file can get wrong (unknown product slugs or store ids, duplicates, stores changed since the
// export), previewed, then committed in one transaction — all rows or nothing, or only the valid
// rows when staff say so explicitly.
//
// Lost updates: the export writes each store's version next to its id, and a row naming a version
// the store no longer has is refused (someone changed the store after the export; writing the row
// would silently undo that). At commit the stores are read under a row lock inside the import's
// transaction, so nothing can change them between that check and the write. A row with an id but
// no version (a file made by hand) is taken as it is and overwrites the store unchecked.
import { asc, inArray, sql } from 'drizzle-orm';
import {
  type ImportPreview,
  type ImportPreviewRow,
  type ImportResult,
  type ImportRowError,
  type StoreImportMode,
  type StoreInput,
  storeInput,
} from '../../../shared/schemas/stores';
import { STORE_CSV_PRODUCT_SEPARATOR } from '../../../shared/store-constants';
import type { ContentVersion } from '../../cache/content-version';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { products, storeLocations, storeProducts } from '../../db/schema';
import { AppError } from '../../core/errors';
import { type Actor } from '../../core/actor';
import { type AuditEntry, recordAudit, recordAudits } from '../audit';
import { type CsvRecord, parseActive, parseHours, readStoreCsv } from './csv';
import { columnsOf, productIdsOf, sameInput, snapshot, type StoreRow, toInput, updateStoreRows } from './records';
import { plural } from '../../../shared/plural';

interface AnalysedRow extends ImportPreviewRow {
  /** The validated store, when the row has no errors. */
  input?: StoreInput;
  id?: number;
  /** The store the row's id names, as read (under a lock at commit). */
  stored?: StoreRow;
}

/** Schema paths → the CSV column that holds them. */
const COLUMN_OF: Record<string, string> = { openingHours: 'hours', productIds: 'products' };

const splitSlugs = (cell: string) =>
  cell
    .split(STORE_CSV_PRODUCT_SEPARATOR)
    .map((s) => s.trim())
    .filter(Boolean);
/** Two rows (or a row and a stored store) describe the same place. */
const placeKey = (v: { name: string; address: string; city: string; country: string }) =>
  [v.name, v.address, v.city, v.country].map((s) => s.trim().toLowerCase().replace(/\s+/g, ' ')).join('|');

const WHOLE_NUMBER = /^\d{1,9}$/;

// Rows per statement: a whole file of ids or values in one would pass the parameter limit.
const CHUNK = 500;
const chunks = <T>(xs: T[]): T[][] => Array.from({ length: Math.ceil(xs.length / CHUNK) }, (_, i) => xs.slice(i * CHUNK, (i + 1) * CHUNK));

/** Stores by id; `lock` holds them (select … for update, in id order) for the rest of the transaction. */
async function storesById(dbx: DbOrTx, ids: number[], lock: boolean): Promise<Map<number, StoreRow>> {
  const out = new Map<number, StoreRow>();
  for (const part of chunks(ids)) {
    const query = dbx.select().from(storeLocations).where(inArray(storeLocations.id, part)).orderBy(asc(storeLocations.id));
    for (const row of lock ? await query.for('update') : await query) out.set(row.id, row);
  }
  return out;
}

/**
 * What the database knows that the rows refer to: product slugs, the stores the ids name (locked
 * when `lock`), stores already stored under a new row's name and address.
 */
async function lookups(dbx: DbOrTx, rows: { values: CsvRecord }[], lock: boolean) {
  const slugs = [...new Set(rows.flatMap((r) => splitSlugs(r.values.products ?? '')))];
  const ids = [
    ...new Set(
      rows
        .map((r) => r.values.id ?? '')
        .filter((v) => WHOLE_NUMBER.test(v))
        .map(Number),
    ),
  ].sort((a, b) => a - b);
  const names = [...new Set(rows.filter((r) => !r.values.id).map((r) => (r.values.name ?? '').trim().toLowerCase()))];
  const [productRows, storeById, sameNamed] = await Promise.all([
    slugs.length ? dbx.select({ id: products.id, slug: products.slug }).from(products).where(inArray(products.slug, slugs)) : [],
    storesById(dbx, ids, lock),
    names.length
      ? dbx
          .select({
            id: storeLocations.id,
            name: storeLocations.name,
            address: storeLocations.address,
            city: storeLocations.city,
            country: storeLocations.country,
          })
          .from(storeLocations)
          .where(inArray(sql`lower(${storeLocations.name})`, names))
      : [],
  ]);
  return {
    productBySlug: new Map(productRows.map((p) => [p.slug, p.id])),
    storeById,
    storeByPlace: new Map(sameNamed.map((s) => [placeKey(s), s.id])),
  };
}

/**
 * The row's version check: null when the row may update `stored`, else why not. A blank version
 * (a file made by hand) is not checked.
 */
function versionError(cell: string, stored: StoreRow): string | null {
  if (!cell) return null;
  if (!WHOLE_NUMBER.test(cell) || Number(cell) < 1) return 'The version must be the whole number the export wrote; leave it blank to update without the check.';
  const version = Number(cell);
  if (version === stored.version) return null;
  return `Changed by someone else since this file was exported (version ${stored.version} now, ${version} in the file). Export again and redo the change.`;
}

/**
 * Reads and checks every row; nothing is written. With `lock` (at commit, inside the import's
 * transaction) the stores the rows name stay locked, so their version check holds until the write.
 */
async function analyse(dbx: DbOrTx, csv: string, lock: boolean): Promise<{ fileErrors: string[]; rows: AnalysedRow[] }> {
  const file = readStoreCsv(csv);
  if (file.fileErrors.length) return { fileErrors: file.fileErrors, rows: [] };
  const known = await lookups(dbx, file.rows, lock);
  const lineOfId = new Map<number, number>();
  const lineOfPlace = new Map<string, number>();

  const rows = file.rows.map(({ line, values, error }): AnalysedRow => {
    const errors: ImportRowError[] = error ? [{ field: 'row', message: error }] : [];
    const add = (field: string, message: string) => {
      if (!errors.some((e) => e.field === field)) errors.push({ field, message });
    };

    let id: number | undefined;
    let stored: StoreRow | undefined;
    const idCell = values.id ?? '';
    if (idCell) {
      id = WHOLE_NUMBER.test(idCell) ? Number(idCell) : undefined;
      stored = id === undefined ? undefined : known.storeById.get(id);
      if (id === undefined) add('id', 'The id must be a whole number; leave it blank to add a new store.');
      else if (!stored) add('id', `No store has id ${id}: leave the id blank to add it as a new store.`);
      else if (lineOfId.has(id)) add('id', `Store ${id} is on line ${lineOfId.get(id)} too.`);
      else lineOfId.set(id, line);
    }
    // Only an update has a stored store that can have changed: a version left on a new row (a
    // copied row with its id cleared) is ignored.
    const stale = stored ? versionError(values.version ?? '', stored) : null;
    if (stale) add('version', stale);

    const hours = parseHours(values.hours ?? '');
    if (!hours.ok) add('hours', hours.error);
    const slugs = splitSlugs(values.products ?? '');
    const unknown = slugs.filter((s) => !known.productBySlug.has(s));
    if (unknown.length) add('products', `Unknown product ${unknown.length === 1 ? 'slug' : 'slugs'}: ${unknown.join(', ')}.`);
    const active = parseActive(values.active ?? '');
    if (active === null) add('active', 'Write yes or no (blank means yes).');

    const parsed = storeInput.safeParse({
      ...values,
      openingHours: hours.ok ? hours.hours : [],
      productIds: slugs.flatMap((s) => known.productBySlug.get(s) ?? []),
      active: active ?? true,
    });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const key = String(issue.path[0] ?? 'row');
        add(COLUMN_OF[key] ?? key, issue.message);
      }
    }

    if (values.name && values.address) {
      const place = placeKey({ name: values.name, address: values.address, city: values.city ?? '', country: values.country ?? '' });
      const firstLine = lineOfPlace.get(place);
      if (firstLine !== undefined) add('row', `The same store (name, address, city, country) is on line ${firstLine}.`);
      else lineOfPlace.set(place, line);
      const samePlace = known.storeByPlace.get(place);
      if (!idCell && samePlace !== undefined)
        add('row', `Store ${samePlace} already has this name and address: put ${samePlace} in the id column to update it.`);
    }

    const action = idCell ? 'update' : 'create';
    return { line, values, action, errors, ...(errors.length === 0 && parsed.success ? { input: parsed.data, id, stored } : {}) };
  });
  return { fileErrors: [], rows };
}

type Valid = AnalysedRow & { input: StoreInput };

/**
 * Writes the valid rows: new stores, and stores whose row differs from what is stored. Inserts,
 * product links and audit rows go in batches — thousands of single statements would hold the one
 * database connection for seconds.
 */
async function writeRows(tx: Tx, rows: Valid[], actor: Actor): Promise<Omit<ImportResult, 'skipped'>> {
  const audits: AuditEntry[] = [];
  const links: { storeId: number; productId: number }[] = [];

  // New stores: ids drawn from the sequence first, so each row knows its store without relying on
  // the order RETURNING gives back.
  const creates = rows.filter((r) => r.id === undefined);
  const ids = creates.length
    ? (
        await tx
          .select({ id: sql<number>`nextval(pg_get_serial_sequence('store_locations', 'id'))::int` })
          .from(sql`generate_series(1, ${creates.length}::int)`)
      ).map((r) => Number(r.id))
    : [];
  const inputOf = new Map(creates.map((r, i) => [ids[i] as number, r.input]));
  for (const part of chunks(creates.map((r, i) => ({ id: ids[i] as number, ...columnsOf(r.input) })))) {
    for (const row of await tx.insert(storeLocations).values(part).returning()) {
      const input = inputOf.get(row.id) as StoreInput;
      links.push(...input.productIds.map((productId) => ({ storeId: row.id, productId })));
      audits.push({ action: 'INSERT', tableName: 'store_locations', recordId: row.id, newValues: snapshot(row, input.productIds) });
    }
  }

  // Stores named by id, as `analyse` read (and locked) them: written only when the row says
  // something new, so an unchanged row bumps no version.
  const named = rows.filter((r) => r.id !== undefined);
  const oldProducts = await productIdsOf(
    tx,
    named.map((r) => r.id as number),
  );
  let unchanged = 0;
  const changed: { id: number; input: StoreInput; old: StoreRow; before: number[] }[] = [];
  for (const r of named) {
    const id = r.id as number;
    const old = r.stored;
    if (!old) throw new Error(`store ${id} was not read before its update`);
    const before = oldProducts.get(id) ?? [];
    if (sameInput(toInput(old, before), r.input)) unchanged += 1;
    else changed.push({ id, input: r.input, old, before });
  }
  const changedIds = changed.map((c) => c.id);
  const newRows = new Map<number, StoreRow>();
  for (const part of chunks(changed)) for (const row of await updateStoreRows(tx, part)) newRows.set(row.id, row);
  for (const { id, input, old, before } of changed) {
    links.push(...input.productIds.map((productId) => ({ storeId: id, productId })));
    audits.push({
      action: 'UPDATE',
      tableName: 'store_locations',
      recordId: id,
      oldValues: snapshot(old, before),
      newValues: snapshot(newRows.get(id) as StoreRow, input.productIds),
    });
  }

  for (const part of chunks(changedIds)) await tx.delete(storeProducts).where(inArray(storeProducts.storeId, part));
  for (const part of chunks(links)) await tx.insert(storeProducts).values(part);
  for (const part of chunks(audits)) await recordAudits(tx, actor, part);
  return { created: creates.length, updated: changedIds.length, unchanged };
}

const withoutInternals = ({ line, values, action, errors }: AnalysedRow): ImportPreviewRow => ({ line, values, action, errors });

export function createStoreImport(db: Db, content: ContentVersion) {
  return {
    async previewImport(csv: string): Promise<ImportPreview> {
      const { fileErrors, rows } = await analyse(db, csv, false);
      const invalid = rows.filter((r) => r.errors.length > 0).length;
      return { fileErrors, rows: rows.map(withoutInternals), valid: rows.length - invalid, invalid };
    },

    /**
     * Re-reads the CSV (a preview proves nothing) and writes it in one transaction, checking each
     * row's version against its store locked by that same transaction.
     */
    async commitImport(csv: string, { mode }: { mode: StoreImportMode }, actor: Actor): Promise<ImportResult> {
      const result = await db.transaction(async (tx) => {
        const { fileErrors, rows } = await analyse(tx, csv, true);
        if (fileErrors.length) {
          throw new AppError('import_invalid_file', 'invalid', `Nothing was imported: ${fileErrors[0]}`, { details: { fileErrors } });
        }
        const bad = rows.filter((r) => !r.input);
        if (bad.length && (mode === 'all' || bad.length === rows.length)) {
          const message =
            bad.length === rows.length
              ? `Nothing was imported: every row has errors.`
              : `Nothing was imported: ${bad.length} of ${plural(rows.length, 'row')} ${bad.length === 1 ? 'has' : 'have'} errors.`;
          throw new AppError('import_has_errors', 'invalid', message, {
            details: { rows: bad.map(({ line, errors }) => ({ line, errors })) },
            hint: 'Correct those rows and import the file again, or import only the valid rows.',
          });
        }

        const counts = {
          ...(await writeRows(
            tx,
            rows.filter((r): r is Valid => r.input !== undefined),
            actor,
          )),
          skipped: bad.length,
        };
        // One row that says what the import was; each store's own audit row above holds its values.
        await recordAudit(tx, actor, {
          action: 'IMPORT',
          tableName: 'store_locations',
          recordId: null,
          newValues: { mode, rows: rows.length, ...counts, skippedLines: bad.map((r) => r.line) },
        });
        return counts;
      });
      if (result.created + result.updated > 0) await content.changed('stores');
      return result;
    },
  };
}

export type StoreImport = ReturnType<typeof createStoreImport>;
