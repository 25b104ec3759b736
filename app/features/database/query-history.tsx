// The last runs of the SQL editor, every master admin's, newest first (read back from their audit
// rows): who, when, how it ended, how many rows, how long. A run loads its text into the editor.
import { useId } from 'react';
import type { SqlHistoryEntry } from '@shared/schemas/database';
import { formatUtc } from '@shared/staff-time';

const OUTCOME: Record<SqlHistoryEntry['outcome'], { label: string; className: string }> = {
  ok: { label: 'OK', className: 'bg-green-100 text-green-900' },
  error: { label: 'Error', className: 'bg-red-100 text-red-900' },
  refused: { label: 'Refused', className: 'bg-amber-100 text-amber-950' },
};

export function QueryHistory({ history, onLoad }: { history: SqlHistoryEntry[]; onLoad: (sql: string) => void }) {
  const id = useId();
  return (
    <section aria-labelledby={`${id}-title`} className="rounded-xl bg-white p-4 shadow-sm">
      <h2 id={`${id}-title`} className="font-serif text-xl">
        History
      </h2>
      {history.length === 0 ? (
        <p className="mt-3 text-sm text-stone-600">No queries have been run yet.</p>
      ) : (
        <ol className="mt-3 max-h-[32rem] divide-y divide-stone-100 overflow-y-auto" aria-label="Recent runs, newest first" data-testid="history-list">
          {history.map((h) => {
            const o = OUTCOME[h.outcome];
            return (
              <li key={h.id} className="py-2" data-testid="history-entry">
                <button
                  type="button"
                  onClick={() => onLoad(h.sql)}
                  title="Load into the editor"
                  className="block w-full truncate rounded text-left font-mono text-xs text-ink hover:underline focus-visible:ring-2 focus-visible:ring-brass focus-visible:outline-none"
                >
                  <span className="sr-only">Load into the editor: </span>
                  {h.sql.replace(/\s+/g, ' ').trim()}
                </button>
                <p className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-0.5 text-xs text-stone-600">
                  <span className={`rounded px-1.5 py-0.5 font-medium ${o.className}`}>{o.label}</span>
                  {h.writes ? <span className="rounded bg-stone-100 px-1.5 py-0.5 text-stone-800">write</span> : null}
                  <span>{h.userName ?? 'Someone no longer here'}</span>
                  <span>{formatUtc(h.at)}</span>
                  {h.rowCount !== null ? <span>{`${h.rowCount.toLocaleString('en')} ${h.rowCount === 1 ? 'row' : 'rows'}`}</span> : null}
                  {h.durationMs !== null ? <span>{h.durationMs.toLocaleString('en')} ms</span> : null}
                </p>
                {h.error ? <p className="mt-0.5 line-clamp-2 text-xs text-red-900">{h.error}</p> : null}
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
