// The SQL editor's results area: 'Execute a query to see results' before the first run (spec §8);
// then, per statement, its columns (name and type) and rows, how many, and "Showing the first 1,000
// rows" when there were more; the run's duration. A refusal or an error stays here (the toast goes).
import { SQL_ROW_CAP } from '@shared/database-constants';
import type { SqlRunResult, StatementResult } from '@shared/schemas/database';
import { Cell, ColumnHeading, Hidden } from './cells';

export type RunOutcome = { kind: 'result'; result: SqlRunResult } | { kind: 'error'; code: string; message: string; hint?: string } | null;

const CHANGES = new Set(['INSERT', 'UPDATE', 'DELETE', 'MERGE']);
const plural = (n: number, one: string, many: string) => `${n.toLocaleString('en')} ${n === 1 ? one : many}`;

function StatementTable({ r, index, of }: { r: StatementResult; index: number; of: number }) {
  const changed = CHANGES.has(r.command) && r.columns.length === 0;
  return (
    <section aria-label={of > 1 ? `Statement ${index + 1}: ${r.command}` : `Result: ${r.command}`} className="space-y-2" data-testid="statement-result">
      <p className="flex flex-wrap items-baseline gap-x-3 text-sm text-stone-700">
        {of > 1 ? <span className="font-medium text-ink">Statement {index + 1}</span> : null}
        <span className="font-mono text-xs">{r.command}</span>
        <span data-testid="row-count">{changed ? plural(r.rowCount, 'row changed', 'rows changed') : plural(r.rowCount, 'row', 'rows')}</span>
        {r.more ? <span className="font-medium text-amber-900">Showing the first {SQL_ROW_CAP.toLocaleString('en')} rows</span> : null}
      </p>
      {r.columns.length ? (
        <div
          tabIndex={0}
          role="region"
          aria-label={of > 1 ? `Rows of statement ${index + 1}` : 'Rows of the query'}
          className="max-h-[32rem] overflow-auto rounded-xl bg-white shadow-sm focus-visible:ring-2 focus-visible:ring-brass focus-visible:outline-none"
        >
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{of > 1 ? `Rows of statement ${index + 1}` : 'Rows of the query'}</caption>
            <thead className="sticky top-0 border-b border-stone-200 bg-stone-50 text-stone-700">
              <tr>
                {r.columns.map((c, i) => (
                  <ColumnHeading key={i} name={c.name} type={c.type} masked={c.masked} />
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-stone-100">
              {r.rows.length === 0 ? (
                <tr>
                  <td colSpan={r.columns.length} className="px-4 py-6 text-center text-stone-600">
                    No data available
                  </td>
                </tr>
              ) : (
                r.rows.map((row, i) => (
                  <tr key={i} className="hover:bg-stone-50">
                    {row.map((v, j) => (
                      <td key={j} className="px-3 py-2 align-top whitespace-nowrap">
                        {r.columns[j]?.masked ? <Hidden /> : <Cell value={v} />}
                      </td>
                    ))}
                  </tr>
                ))
              )}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}

export function SqlResults({ outcome }: { outcome: RunOutcome }) {
  if (!outcome)
    return (
      <p className="rounded-xl border border-dashed border-stone-300 bg-white p-8 text-center text-stone-600" data-testid="results-empty">
        Execute a query to see results
      </p>
    );
  if (outcome.kind === 'error')
    return (
      <div role="alert" className="rounded-md border border-red-700 bg-red-50 p-4 text-red-900" data-testid="results-error">
        <p className="font-medium">Query error</p>
        <p className="mt-1 break-words whitespace-pre-wrap">{outcome.message}</p>
        {outcome.hint ? <p className="mt-2 text-sm">{outcome.hint}</p> : null}
      </div>
    );
  const { result } = outcome;
  return (
    <div className="space-y-6">
      <p className="text-sm text-stone-700" data-testid="run-summary">
        {plural(result.results.length, 'statement', 'statements')} in {result.durationMs.toLocaleString('en')} ms
        {result.writes ? ' · changes committed' : ' · read only'}
      </p>
      {result.results.map((r, i) => (
        <StatementTable key={i} r={r} index={i} of={result.results.length} />
      ))}
    </div>
  );
}
