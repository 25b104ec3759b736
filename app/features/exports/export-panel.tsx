// Export to accounting (issue 45): the kind, the accounting system and the period, and a Download
// button. A plain GET form aimed at the export API (`apiBase`: the partner's, or staff's for the
// brand) — the browser saves the file it answers; the period is checked with the API's own schema
// first, so a wrong one is said here rather than answered as JSON in a new page.
import { useState } from 'react';
import {
  EXPORT_FORMAT_LABELS,
  EXPORT_FORMATS,
  EXPORT_KIND_LABELS,
  EXPORT_KINDS,
  exportApiPath,
  type ExportFormat,
  type ExportKind,
  exportQuery,
} from '@shared/schemas/exports';
import { buttonClass } from '~/components/admin-ui/list';
import { inputClass } from '~/components/forms/fields';

export function ExportPanel({ area, kind: initialKind, today }: { area: 'partner' | 'admin'; kind: ExportKind; today: string }) {
  const [kind, setKind] = useState<ExportKind>(initialKind);
  const [format, setFormat] = useState<ExportFormat>('xero');
  const [from, setFrom] = useState(`${today.slice(0, 8)}01`);
  const [to, setTo] = useState(today);
  const [error, setError] = useState<string | null>(null);

  function check(e: React.FormEvent) {
    const parsed = exportQuery.safeParse({ format, from, to });
    if (parsed.success) return setError(null);
    e.preventDefault();
    setError(parsed.error.issues[0]?.message ?? 'Check the period.');
  }

  return (
    <section aria-labelledby="export-heading" className="rounded-md border border-stone-300 bg-white p-4" data-testid="export-panel">
      <h2 id="export-heading" className="font-serif text-xl">
        Export to accounting
      </h2>
      <p className="mt-1 text-sm text-stone-600">
        {format === 'plain'
          ? 'Every document or payment of the period, issued or received, with every amount.'
          : `What you issued and the payments you received, in ${EXPORT_FORMAT_LABELS[format]}’s import columns.`}
      </p>
      <form method="get" action={exportApiPath(area, kind)} onSubmit={check} className="mt-3 grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-5 lg:items-end">
        <label className="block text-sm font-medium">
          What
          <select value={kind} onChange={(e) => setKind(e.target.value as ExportKind)} className={inputClass}>
            {EXPORT_KINDS.map((k) => (
              <option key={k} value={k}>
                {EXPORT_KIND_LABELS[k]}
              </option>
            ))}
          </select>
        </label>
        <label className="block text-sm font-medium">
          Format
          <select name="format" value={format} onChange={(e) => setFormat(e.target.value as ExportFormat)} className={inputClass}>
            {EXPORT_FORMATS.map((f) => (
              <option key={f} value={f}>
                {EXPORT_FORMAT_LABELS[f]}
              </option>
            ))}
          </select>
        </label>
        <label className="block text-sm font-medium">
          From
          <input type="date" name="from" value={from} onChange={(e) => setFrom(e.target.value)} className={inputClass} required />
        </label>
        <label className="block text-sm font-medium">
          To
          <input type="date" name="to" value={to} onChange={(e) => setTo(e.target.value)} className={inputClass} required />
        </label>
        <button type="submit" className={`${buttonClass.primary} justify-center`} data-testid="export-download">
          Download CSV
        </button>
      </form>
      {error ? (
        <p role="alert" className="mt-2 text-sm font-medium text-red-800">
          {error}
        </p>
      ) : null}
    </section>
  );
}
