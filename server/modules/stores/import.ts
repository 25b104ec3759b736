// CSV import of store locations: every row checked with the editor's schema plus what only the
// file can get wrong (unknown product slugs or store ids, duplicates), previewed, then committed in
// one transaction — all rows or nothing, or only the valid rows when staff say so explicitly.
import { inArray, sql } from 'drizzle-orm';
import {
  type ImportPreview, type ImportPreviewRow, type ImportResult, type ImportRowError, type StoreImportMode, type StoreInput, storeInput,
} from '../../../shared/schemas/stores';
import { STORE_CSV_PRODUCT_SEPARATOR } from '../../../shared/store-constants';
import type { ContentVersion } from '../../cache/content-version';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { products, storeLocations, storeProducts } from '../../db/schema';
import { AppError, notFound } from '../../http/errors';
import { type Actor, type AuditEntry, recordAudit } from '../audit/service';
import { type CsvRecord, parseActive, parseHours, readStoreCsv } from './csv';
import { columnsOf, productIdsOf, recordAudits, sameInput, snapshot, type StoreRow, toInput, updateStoreRows } from './records';

interface AnalysedRow extends ImportPreviewRow {
  /** The validated store, when the row has no errors. */
  input?: StoreInput;
  id?: number;
}

/** Schema paths → the CSV column that holds them. */
const COLUMN_OF: Record<string, string> = { openingHours: 'hours', productIds: 'products' };

const splitSlugs = (cell: string) => cell.split(STORE_CSV_PRODUCT_SEPARATOR).map((s) => s.trim()).filter(Boolean);
/** Two rows (or a row and a stored store) describe the same place. */
const placeKey = (v: { name: string; address: string; city: string; country: string }) =>
  [v.name, v.address, v.city, v.country].map((s) => s.trim().toLowerCase().replace(/\s+/g, ' ')).join('|');

/** What the database knows that the rows refer to: product slugs, store ids, stores already stored. */
async function lookups(dbx: DbOrTx, rows: { values: CsvRecord }[]) {
  const slugs = [...new Set(rows.flatMap((r) => splitSlugs(r.values.products ?? '')))];
  const ids = [...new Set(rows.map((r) => r.values.id ?? '').filter((v) => /^\d{1,9}$/.test(v)).map(Number))];
  const names = [...new Set(rows.filter((r) => !r.values.id).map((r) => (r.values.name ?? '').trim().toLowerCase()))];
  const [productRows, storeRows, sameNamed] = await Promise.all([
    slugs.length ? dbx.select({ id: products.id, slug: products.slug }).from(products).where(inArray(products.slug, slugs)) : [],
    ids.length ? dbx.select({ id: storeLocations.id }).from(storeLocations).where(inArray(storeLocations.id, ids)) : [],
    names.length
      ? dbx
          .select({ id: storeLocations.id, name: storeLocations.name, address: storeLocations.address, city: storeLocations.city, country: storeLocations.country })
          .from(storeLocations)
          .where(inArray(sql`lower(${storeLocations.name})`, names))
      : [],
  ]);
  return {
    productBySlug: new Map(productRows.map((p) => [p.slug, p.id])),
    storeIds: new Set(storeRows.map((s) => s.id)),
    storeByPlace: new Map(sameNamed.map((s) => [placeKey(s), s.id])),
  };
}

/** Reads and checks every row; nothing is written. */
async function analyse(dbx: DbOrTx, csv: string): Promise<{ fileErrors: string[]; rows: AnalysedRow[] }> {
  const file = readStoreCsv(csv);
  if (file.fileErrors.length) return { fileErrors: file.fileErrors, rows: [] };
  const known = await lookups(dbx, file.rows);
  const lineOfId = new Map<number, number>();
  const lineOfPlace = new Map<string, number>();

  const rows = file.rows.map(({ line, values, error }): AnalysedRow => {
    const errors: ImportRowError[] = error ? [{ field: 'row', message: error }] : [];
    const add = (field: string, message: string) => {
      if (!errors.some((e) => e.field === field)) errors.push({ field, message });
    };

    let id: number | undefined;
    const idCell = values.id ?? '';
    if (idCell) {
      id = /^\d{1,9}$/.test(idCell) ? Number(idCell) : undefined;
      if (id === undefined) add('id', 'The id must be a whole number; leave it blank to add a new store.');
      else if (!known.storeIds.has(id)) add('id', `No store has id ${id}: leave the id blank to add it as a new store.`);
      else if (lineOfId.has(id)) add('id', `Store ${id} is on line ${lineOfId.get(id)} too.`);
      else lineOfId.set(id, line);
    }

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
      const stored = known.storeByPlace.get(place);
      if (!idCell && stored !== undefined) add('row', `Store ${stored} already has this name and address: put ${stored} in the id column to update it.`);
    }

    const action = idCell ? 'update' : 'create';
    return { line, values, action, errors, ...(errors.length === 0 && parsed.success ? { input: parsed.data, id } : {}) };
  });
  return { fileErrors: [], rows };
}

type Valid = AnalysedRow & { input: StoreInput };

const CHUNK = 500;
const chunks = <T>(xs: T[]): T[][] => Array.from({ length: Math.ceil(xs.length / CHUNK) }, (_, i) => xs.slice(i * CHUNK, (i + 1) * CHUNK));

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
    ? (await tx.select({ id: sql<number>`nextval(pg_get_serial_sequence('store_locations', 'id'))::int` }).from(sql`generate_series(1, ${creates.length}::int)`)).map((r) => Number(r.id))
    : [];
  const inputOf = new Map(creates.map((r, i) => [ids[i] as number, r.input]));
  for (const part of chunks(creates.map((r, i) => ({ id: ids[i] as number, ...columnsOf(r.input) })))) {
    for (const row of await tx.insert(storeLocations).values(part).returning()) {
      const input = inputOf.get(row.id) as StoreInput;
      links.push(...input.productIds.map((productId) => ({ storeId: row.id, productId })));
      audits.push({ action: 'INSERT', tableName: 'store_locations', recordId: row.id, newValues: snapshot(row, input.productIds) });
    }
  }

  // Stores named by id: written only when the row says something new.
  const named = rows.filter((r) => r.id !== undefined);
  const namedIds = named.map((r) => r.id as number);
  const oldProducts = await productIdsOf(tx, namedIds);
  const oldRows = new Map<number, StoreRow>();
  for (const part of chunks(namedIds)) {
    for (const row of await tx.select().from(storeLocations).where(inArray(storeLocations.id, part)).for('update')) oldRows.set(row.id, row);
  }
  let unchanged = 0;
  const changed: { id: number; input: StoreInput; old: StoreRow; before: number[] }[] = [];
  for (const r of named) {
    const id = r.id as number;
    const old = oldRows.get(id);
    if (!old) throw notFound(`Store ${id}`);
    const before = oldProducts.get(id) ?? [];
    if (sameInput(toInput(old, before), r.input)) unchanged += 1;
    else changed.push({ id, input: r.input, old, before });
  }
  const changedIds = changed.map((c) => c.id);
  const newRows = new Map<number, StoreRow>();
  for (const part of chunks(changed)) for (const row of await updateStoreRows(tx, part)) newRows.set(row.id, row);
  for (const { id, input, old, before } of changed) {
    links.push(...input.productIds.map((productId) => ({ storeId: id, productId })));
    audits.push({ action: 'UPDATE', tableName: 'store_locations', recordId: id, oldValues: snapshot(old, before), newValues: snapshot(newRows.get(id) as StoreRow, input.productIds) });
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
      const { fileErrors, rows } = await analyse(db, csv);
      const invalid = rows.filter((r) => r.errors.length > 0).length;
      return { fileErrors, rows: rows.map(withoutInternals), valid: rows.length - invalid, invalid };
    },

    /** Re-reads the CSV (a preview proves nothing) and writes it in one transaction. */
    async commitImport(csv: string, { mode }: { mode: StoreImportMode }, actor: Actor): Promise<ImportResult> {
      const result = await db.transaction(async (tx) => {
        const { fileErrors, rows } = await analyse(tx, csv);
        if (fileErrors.length) {
          throw new AppError('import_invalid_file', 400, `Nothing was imported: ${fileErrors[0]}`, { details: { fileErrors } });
        }
        const bad = rows.filter((r) => !r.input);
        if (bad.length && (mode === 'all' || bad.length === rows.length)) {
          const message = bad.length === rows.length
            ? `Nothing was imported: every row has errors.`
            : `Nothing was imported: ${bad.length} of ${rows.length} rows have errors.`;
          throw new AppError('import_has_errors', 400, message, {
            details: { rows: bad.map(({ line, errors }) => ({ line, errors })) },
            hint: 'Correct those rows and import the file again, or import only the valid rows.',
          });
        }

        const counts = { ...(await writeRows(tx, rows.filter((r): r is Valid => r.input !== undefined), actor)), skipped: bad.length };
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
