// CSV import of store locations: upload (or paste) a file, preview every row with its errors, then
// import all rows (nothing is written if any row fails) or, by explicit choice, only the valid ones.
// The server reads the CSV again on import: the preview is a courtesy, not a promise.
import { data, Form, href, useActionData, useNavigation } from 'react-router';
import { type ImportPreview, type ImportResult, storeImportMode } from '@shared/schemas/stores';
import {
  STORE_CSV_COLUMNS,
  STORE_CSV_EXPORT_COLUMNS,
  STORE_CSV_KEY_COLUMNS,
  STORE_CSV_REQUIRED,
  STORE_IMPORT_MAX_BYTES,
  STORE_IMPORT_MAX_ROWS,
} from '@shared/store-constants';
import type { Route } from './+types/import';
import { BackLink } from '~/components/admin-ui/editor';
import { buttonClass, PageHeader } from '~/components/admin-ui/list';
import { FormError, inputClass } from '~/components/forms/fields';
import { refusal } from '~/lib/action-result';
import { requirePermission } from '~/lib/guards.server';
import { TableScroll } from '~/components/ui/table-scroll';

/** Bulk data (Database Management) on top of the content permission, as the API asks. */
const BULK = ['cms:access', 'database:manage'] as const;

const LIST = href('/admin/dashboard/store-locator');
/** Rows shown in the preview table: every row with errors, then valid rows up to this many. */
const PREVIEW_VALID_ROWS = 100;

export const meta: Route.MetaFunction = () => [{ title: 'Import stores · Frolic' }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePermission(request, context, BULK);
  return null;
}

interface ImportPageData {
  csv?: string;
  preview?: ImportPreview;
  formError?: string;
}

/** The CSV from the uploaded file, else from the paste area (or the hidden copy a preview carries). */
async function csvFrom(form: FormData): Promise<string> {
  const file = form.get('file');
  if (file instanceof File && file.size > 0) return file.text();
  const pasted = form.get('csv');
  return typeof pasted === 'string' ? pasted : '';
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requirePermission(request, context, BULK);
  const { stores } = context.services;
  const form = await request.formData();
  const csv = await csvFrom(form);
  if (!csv.trim()) return data<ImportPageData>({ formError: 'Choose a CSV file or paste its contents first.' }, { status: 400 });
  if (form.get('intent') === 'preview') return { csv, preview: await stores.previewImport(csv) } satisfies ImportPageData;

  const mode = storeImportMode.safeParse(form.get('mode'));
  if (!mode.success) return data<ImportPageData>({ csv, preview: await stores.previewImport(csv), formError: 'Choose how to import.' }, { status: 400 });
  let result: ImportResult;
  try {
    result = await stores.commitImport(csv, { mode: mode.data }, context.auth.actor(user.id));
  } catch (err) {
    const refused = refusal(err);
    // The rows as the server saw them this time, with the message saying nothing was written.
    return data<ImportPageData>({ csv, preview: await stores.previewImport(csv), formError: refused.data.formError }, { status: refused.init?.status ?? 400 });
  }
  const n = result.created + result.updated;
  const skipped = result.skipped ? ` ${result.skipped} ${result.skipped === 1 ? 'row' : 'rows'} with errors left out.` : '';
  throw context.flash.redirectWithToast(LIST, {
    title: `Imported ${n} ${n === 1 ? 'store' : 'stores'}`,
    description: `${result.created} new, ${result.updated} updated, ${result.unchanged} unchanged.${skipped}`,
  });
}

function FormatHelp() {
  const optional = [...STORE_CSV_KEY_COLUMNS, ...STORE_CSV_COLUMNS.filter((c) => !(STORE_CSV_REQUIRED as readonly string[]).includes(c))];
  return (
    <details className="mb-6 rounded-xl bg-white p-5 shadow-sm">
      <summary className="cursor-pointer font-medium">The file’s format</summary>
      <div className="mt-3 space-y-2 text-sm text-stone-700">
        <p>
          A header row, then one store per row. Columns: <code>{STORE_CSV_EXPORT_COLUMNS.join(',')}</code>. Required:{' '}
          <code>{STORE_CSV_REQUIRED.join(', ')}</code>; optional: <code>{optional.join(', ')}</code>. The export writes exactly this layout, so the easiest
          start is to export, edit and import.
        </p>
        <ul className="list-disc space-y-1 pl-5">
          <li>
            <strong>id</strong>: a row with the id of a store updates that store; a row without one adds a new store. A row that matches the store as it is
            changes nothing.
          </li>
          <li>
            <strong>version</strong>: the store’s version when the file was exported. If the store has been changed since (in the editor or by another import),
            its row is refused rather than undoing that change: export again and redo your change in the new file. A row with an id but no version (a file made
            by hand) is not checked and overwrites the store as it is now.
          </li>
          <li>
            <strong>country</strong>: two-letter ISO code (GB, US, DE). <strong>latitude</strong>, <strong>longitude</strong>: decimal degrees (51.5136,
            -0.127).
          </li>
          <li>
            <strong>hours</strong>: days or ranges of days with 24-hour times, separated by semicolons —{' '}
            <code>Mon-Fri 09:00-18:00; Sat 10:00-16:00; Sun closed</code>. A day left out is closed; a blank cell lists no hours.
          </li>
          <li>
            <strong>products</strong>: product slugs separated by <code>|</code> — <code>frolic-london-dry-gin|frolic-wheat-vodka</code>.
          </li>
          <li>
            <strong>active</strong>: yes or no (blank means yes). Inactive stores stay hidden from visitors.
          </li>
          <li>
            Cells the export starts with an apostrophe (<code>&apos;+44 20 …</code>) keep spreadsheets from running them as formulas; the import removes it
            again.
          </li>
        </ul>
        <p>
          Up to {STORE_IMPORT_MAX_ROWS.toLocaleString('en')} rows and {STORE_IMPORT_MAX_BYTES / 1024 / 1024} MB per file, UTF-8.
        </p>
      </div>
    </details>
  );
}

function PreviewTable({ preview }: { preview: ImportPreview }) {
  const withErrors = preview.rows.filter((r) => r.errors.length > 0);
  const shown = [...withErrors, ...preview.rows.filter((r) => r.errors.length === 0).slice(0, PREVIEW_VALID_ROWS)].sort((a, b) => a.line - b.line);
  return (
    <TableScroll label="Rows of the file" className="rounded-xl shadow-sm">
      <table className="w-full text-left text-sm">
        <caption className="p-3 text-left text-stone-700">
          {shown.length < preview.rows.length
            ? `Showing every row with errors and the first ${PREVIEW_VALID_ROWS} valid rows of ${preview.rows.length}.`
            : `All ${preview.rows.length} rows of the file.`}
        </caption>
        <thead className="border-b border-stone-200 bg-stone-50 text-stone-700">
          <tr>
            {['Line', 'Action', 'Name', 'Address', 'Town or city', 'Country', 'Products', 'Errors'].map((h) => (
              <th key={h} scope="col" className="px-3 py-2 font-medium">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-stone-100">
          {shown.map((r) => (
            <tr
              key={r.line}
              className={r.errors.length ? 'bg-red-50' : undefined}
              data-testid="import-row"
              data-line={r.line}
              data-valid={r.errors.length === 0}
            >
              <td className="px-3 py-2">{r.line}</td>
              <td className="px-3 py-2">{r.action === 'update' ? `Update #${r.values.id}` : 'New'}</td>
              <td className="px-3 py-2">{r.values.name}</td>
              <td className="px-3 py-2">{r.values.address}</td>
              <td className="px-3 py-2">{r.values.city}</td>
              <td className="px-3 py-2">{r.values.country}</td>
              <td className="px-3 py-2">{(r.values.products ?? '').split('|').filter(Boolean).length}</td>
              <td className="px-3 py-2 text-red-900">
                {r.errors.length ? (
                  <ul>
                    {r.errors.map((e) => (
                      <li key={e.field}>
                        <strong>{e.field}</strong>: {e.message}
                      </li>
                    ))}
                  </ul>
                ) : (
                  <span className="text-green-800">OK</span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}

/** The two ways to import what was previewed: all rows, or only the valid ones (an explicit choice). */
function ImportChoices({ csv, preview, busy }: { csv: string; preview: ImportPreview; busy: boolean }) {
  const mode = (value: 'all' | 'valid_only', label: string, variant: keyof typeof buttonClass, disabled: boolean) => (
    <Form method="post" encType="multipart/form-data">
      <input type="hidden" name="csv" value={csv} />
      <input type="hidden" name="intent" value="import" />
      <input type="hidden" name="mode" value={value} />
      <button type="submit" className={buttonClass[variant]} disabled={disabled || busy}>
        {label}
      </button>
    </Form>
  );
  return (
    <div className="my-4 space-y-3">
      <div className="flex flex-wrap gap-3">
        {mode('all', 'Import all rows', 'primary', preview.invalid > 0)}
        {preview.invalid > 0 && preview.valid > 0
          ? mode('valid_only', `Import only the ${preview.valid} valid ${preview.valid === 1 ? 'row' : 'rows'}`, 'secondary', false)
          : null}
      </div>
      {preview.invalid > 0 ? (
        <p className="text-sm text-stone-700">
          Importing all rows is refused while any row has errors — nothing would be written. Correct the file and preview it again
          {preview.valid > 0 ? ', or import only the valid rows and leave the others out' : ''}.
        </p>
      ) : null}
    </div>
  );
}

export default function ImportStores() {
  const result = useActionData<typeof action>() as ImportPageData | undefined;
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle';
  const preview = result?.preview;
  return (
    <main id="main" className="max-w-6xl">
      <BackLink to={LIST} label="Store Locator" />
      <PageHeader
        title="Import stores"
        description="Add or update many stores at once from a CSV file. Preview it first: nothing is written until you choose how to import."
      />
      <FormatHelp />

      <Form method="post" encType="multipart/form-data" className="mb-6 space-y-4 rounded-xl bg-white p-5 shadow-sm" aria-label="CSV to preview">
        <div>
          <label htmlFor="import-file" className="block text-sm font-medium">
            CSV file
          </label>
          <input id="import-file" type="file" name="file" accept=".csv,text/csv" className="mt-1 block text-sm" />
        </div>
        <div>
          <label htmlFor="import-paste" className="block text-sm font-medium">
            Or paste the CSV
          </label>
          <textarea
            id="import-paste"
            name="csv"
            rows={6}
            defaultValue=""
            className={`${inputClass} font-mono text-xs`}
            placeholder={STORE_CSV_COLUMNS.join(',')}
          />
        </div>
        <button type="submit" name="intent" value="preview" className={buttonClass.primary} disabled={busy}>
          {busy && navigation.formData?.get('intent') === 'preview' ? 'Reading…' : 'Preview'}
        </button>
      </Form>

      <FormError message={result?.formError} />

      {preview ? (
        <section aria-label="Preview" className="mt-4">
          <h2 className="font-serif text-2xl">Preview</h2>
          {preview.fileErrors.length ? (
            <div role="alert" className="mt-2 rounded-md border border-red-700 bg-red-50 p-3 text-red-900">
              <p className="font-medium">The file cannot be imported:</p>
              <ul className="list-disc pl-5">
                {preview.fileErrors.map((e) => (
                  <li key={e}>{e}</li>
                ))}
              </ul>
            </div>
          ) : (
            <>
              <p className="mt-1 text-stone-700" data-testid="import-counts">
                {preview.rows.length} {preview.rows.length === 1 ? 'row' : 'rows'}: {preview.valid} valid, {preview.invalid} with errors.
              </p>
              {result?.csv ? <ImportChoices csv={result.csv} preview={preview} busy={busy} /> : null}
              <PreviewTable preview={preview} />
            </>
          )}
        </section>
      ) : null}
    </main>
  );
}
