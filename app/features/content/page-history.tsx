// A page's history: every version (who, when, how it came about, which is live or scheduled), the
// changes between any two (the server's line diff: GET /api/admin/pages/:id/diff), and restore — as
// a new draft version; the public page changes only when someone publishes.
import { useId, useState } from 'react';
import type { PageDetail, PageDiff, PageVersionInfo } from '@shared/page-views';
import { formatUtc } from '@shared/staff-time';
import { buttonClass, StatusBadge } from '~/components/admin-ui/list';

const originLabel = (origin: string) => {
  if (origin === 'create') return 'Created';
  if (origin === 'seed') return 'Original text';
  const restored = /^restore:(\d+)$/.exec(origin);
  return restored ? `Restored version ${restored[1]}` : 'Saved';
};

type Loaded = { state: 'idle' } | { state: 'loading' } | { state: 'ready'; diff: PageDiff } | { state: 'failed'; message: string };

export function PageHistory({
  page,
  versions,
  busy,
  onRestore,
}: {
  page: PageDetail;
  versions: PageVersionInfo[];
  busy: boolean;
  onRestore: (n: number) => void;
}) {
  const id = useId();
  const [from, setFrom] = useState(String(page.publishedN && page.publishedN !== page.draftN ? page.publishedN : Math.max(1, page.draftN - 1)));
  const [to, setTo] = useState(String(page.draftN));
  const [diff, setDiff] = useState<Loaded>({ state: 'idle' });

  async function compare() {
    setDiff({ state: 'loading' });
    try {
      const res = await fetch(`/api/admin/pages/${page.id}/diff?from=${from}&to=${to}`, { headers: { accept: 'application/json' } });
      const body = await res.json();
      setDiff(res.ok ? { state: 'ready', diff: body } : { state: 'failed', message: body.error?.message ?? 'The changes could not be loaded.' });
    } catch {
      setDiff({ state: 'failed', message: 'The changes could not be loaded. Check your connection.' });
    }
  }

  return (
    <section aria-labelledby={`${id}-h`} className="rounded-md border border-stone-200 p-4" data-testid="page-history">
      <h3 id={`${id}-h`} className="font-medium">
        History
      </h3>
      <table className="mt-3 w-full text-left text-sm">
        <caption className="sr-only">Versions of this page, newest first</caption>
        <thead className="border-b border-stone-200 text-stone-700">
          <tr>
            <th scope="col" className="py-2 pr-3 font-medium">
              Version
            </th>
            <th scope="col" className="py-2 pr-3 font-medium">
              When
            </th>
            <th scope="col" className="py-2 pr-3 font-medium">
              Who
            </th>
            <th scope="col" className="py-2 pr-3 font-medium">
              What
            </th>
            <th scope="col" className="py-2 font-medium">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-stone-100">
          {versions.map((v) => (
            <tr key={v.n} data-testid={`version-${v.n}`}>
              <td className="py-2 pr-3">
                <span className="font-medium">{v.n}</span> {v.published ? <StatusBadge status="published" label="Live" /> : null}
                {v.scheduled ? <StatusBadge status="in_progress" label="Scheduled" /> : null}
                {v.n === page.draftN ? <StatusBadge status="draft" label="Current draft" /> : null}
              </td>
              <td className="py-2 pr-3">{formatUtc(v.createdAt)}</td>
              <td className="py-2 pr-3">{v.author ?? 'The system'}</td>
              <td className="py-2 pr-3">
                {originLabel(v.origin)}
                <span className="block text-xs text-stone-600">
                  {v.title} · /{v.slug}
                </span>
              </td>
              <td className="py-2 text-right">
                {v.n !== page.draftN ? (
                  <button type="button" className={buttonClass.secondary} disabled={busy} onClick={() => onRestore(v.n)} aria-label={`Restore version ${v.n}`}>
                    Restore
                  </button>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>

      {versions.length > 1 ? (
        <div className="mt-4 flex flex-wrap items-end gap-3">
          <label className="flex flex-col text-sm font-medium">
            Compare version
            <select value={from} onChange={(e) => setFrom(e.target.value)} className="mt-1 rounded-md border border-stone-400 px-2 py-1.5 font-normal">
              {versions.map((v) => (
                <option key={v.n} value={v.n}>
                  {v.n}
                </option>
              ))}
            </select>
          </label>
          <label className="flex flex-col text-sm font-medium">
            with version
            <select value={to} onChange={(e) => setTo(e.target.value)} className="mt-1 rounded-md border border-stone-400 px-2 py-1.5 font-normal">
              {versions.map((v) => (
                <option key={v.n} value={v.n}>
                  {v.n}
                </option>
              ))}
            </select>
          </label>
          <button type="button" className={buttonClass.secondary} onClick={() => void compare()}>
            Show changes
          </button>
        </div>
      ) : null}

      {diff.state === 'loading' ? <p className="mt-3 text-sm text-stone-600">Loading the changes…</p> : null}
      {diff.state === 'failed' ? (
        <p role="alert" className="mt-3 text-sm text-red-800">
          {diff.message}
        </p>
      ) : null}
      {diff.state === 'ready' ? <DiffView diff={diff.diff} /> : null}
    </section>
  );
}

function DiffView({ diff }: { diff: PageDiff }) {
  const changed = diff.fields.length > 0 || diff.lines.some((l) => l.kind !== 'same');
  return (
    <div className="mt-4" data-testid="page-diff">
      <p className="text-sm font-medium">
        Changes from version {diff.from.n} to version {diff.to.n}
      </p>
      {!changed ? <p className="mt-2 text-sm text-stone-600">These versions are the same.</p> : null}
      {diff.fields.length ? (
        <ul className="mt-2 space-y-1 text-sm">
          {diff.fields.map((f) => (
            <li key={f.field}>
              <span className="font-medium capitalize">{f.field}</span>: <del className="bg-red-50 text-red-900">{f.from || '(empty)'}</del> →{' '}
              <ins className="bg-green-50 text-green-900 no-underline">{f.to || '(empty)'}</ins>
            </li>
          ))}
        </ul>
      ) : null}
      {diff.lines.some((l) => l.kind !== 'same') ? (
        <pre className="mt-2 max-h-80 overflow-auto rounded-md border border-stone-200 bg-stone-50 p-3 text-xs leading-relaxed">
          {diff.lines.map((l, i) =>
            l.kind === 'added' ? (
              <ins key={i} className="block bg-green-100 text-green-900 no-underline">
                <span aria-hidden="true">+ </span>
                <span className="sr-only">Added: </span>
                {l.text}
              </ins>
            ) : l.kind === 'removed' ? (
              <del key={i} className="block bg-red-100 text-red-900 no-underline">
                <span aria-hidden="true">− </span>
                <span className="sr-only">Removed: </span>
                {l.text}
              </del>
            ) : (
              <span key={i} className="block text-stone-600">
                {'  '}
                {l.text}
              </span>
            ),
          )}
        </pre>
      ) : null}
    </div>
  );
}
