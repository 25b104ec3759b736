// The Table Browser: the tables on the left (the spec's first, then the rest; each with its row
// count — "≈" for the planner's estimate of a large table, counted exactly on demand), the selected
// table's rows on the right: each column's name and type, a secret column as "hidden", and keyset
// pages on the primary key (the cursor in the address: Next page, First page).
import { useEffect, useState } from 'react';
import { Link, useFetcher, useSearchParams } from 'react-router';
import type { TablePage, TableSummary } from '@shared/schemas/database';
import { buttonClass } from '~/components/admin-ui/list';
import { toast } from '~/lib/toast-store';
import { Cell, ColumnHeading, Hidden } from './cells';
import { withParams } from '~/lib/search-params';
import { databaseForm, sentValue, SUBMIT } from './submit';
import type { DatabaseActionData } from './types';

const rows = (n: number) => `${n.toLocaleString('en')} ${n === 1 ? 'row' : 'rows'}`;

function RowCount({ count, exact }: { count: number; exact: boolean }) {
  return exact ? (
    <>{rows(count)}</>
  ) : (
    <span title="The planner’s estimate">
      <span aria-hidden="true">≈ </span>
      <span className="sr-only">about </span>
      {rows(count)}
    </span>
  );
}

export function TableBrowser({ tables, page, cursorRefused }: { tables: TableSummary[]; page: TablePage | null; cursorRefused: boolean }) {
  const [params] = useSearchParams();
  const counter = useFetcher<DatabaseActionData>();
  const [exact, setExact] = useState<Record<string, number>>({});
  const counting = counter.state !== 'idle' ? (sentValue(counter.formData)?.table ?? null) : null;

  // Each exact count is kept for the visit (taken once per answer while rendering); a refusal is a toast.
  const [seen, setSeen] = useState<DatabaseActionData | undefined>(undefined);
  const answer = counter.state === 'idle' ? counter.data : undefined;
  if (answer && answer !== seen) {
    setSeen(answer);
    if (answer.ok && answer.intent === 'count') setExact((m) => ({ ...m, [answer.name]: answer.count }));
  }
  useEffect(() => {
    const d = counter.data;
    if (counter.state === 'idle' && d && !d.ok) toast({ title: 'Could not count the rows', description: d.message, variant: 'destructive' });
  }, [counter.state, counter.data]);

  const count = (name: string) => counter.submit(databaseForm('count', { table: name }), SUBMIT);
  const summary = (t: { name: string; rows: number; exact: boolean }) =>
    exact[t.name] !== undefined ? { count: exact[t.name]!, exact: true } : { count: t.rows, exact: t.exact };

  if (!page) return <p className="rounded-xl bg-white p-8 text-center text-stone-600 shadow-sm">No data available</p>;
  const shown = summary({ name: page.name, rows: page.count, exact: page.exact });
  const keyColumns = page.columns.filter((c) => c.primaryKey).map((c) => c.name);

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[16rem_minmax(0,1fr)]">
      <nav aria-label="Tables" className="rounded-xl bg-white p-2 shadow-sm lg:max-h-[calc(100vh-12rem)] lg:overflow-y-auto">
        <ul className="max-h-72 space-y-0.5 overflow-y-auto lg:max-h-none">
          {tables.map((t) => {
            const selected = t.name === page.name;
            const s = summary(t);
            return (
              <li key={t.name} className={`flex items-center gap-1 rounded-md ${selected ? 'bg-cream' : 'hover:bg-stone-50'}`}>
                <Link
                  to={withParams(params, { table: t.name, after: undefined })}
                  aria-current={selected ? 'page' : undefined}
                  preventScrollReset
                  className="flex min-w-0 flex-1 flex-col px-3 py-1.5 focus-visible:ring-2 focus-visible:ring-brass focus-visible:outline-none"
                  data-testid="table-link"
                >
                  <span className={`truncate font-mono text-sm ${selected ? 'font-semibold text-ink' : 'text-stone-800'}`}>{t.name}</span>
                  <span className="text-xs text-stone-600">
                    <RowCount count={s.count} exact={s.exact} />
                  </span>
                </Link>
                {s.exact ? null : (
                  <button
                    type="button"
                    onClick={() => count(t.name)}
                    disabled={counting === t.name}
                    aria-label={`Exact count of ${t.name}`}
                    className="mr-1 shrink-0 rounded px-2 py-1 text-xs text-forest underline hover:bg-white disabled:opacity-60"
                  >
                    {counting === t.name ? 'Counting…' : 'Exact count'}
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      </nav>

      <section aria-labelledby="table-title" className="min-w-0">
        <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="table-title" className="font-mono text-xl">
            {page.name}
          </h2>
          <p className="text-sm text-stone-700" data-testid="table-count">
            <RowCount count={shown.count} exact={shown.exact} />
            {keyColumns.length ? <> · ordered by {keyColumns.join(', ')}</> : null}
          </p>
        </div>
        {cursorRefused ? (
          <p role="status" className="mb-3 rounded-md border border-amber-700 bg-amber-50 p-3 text-sm text-amber-950">
            That page could not be found from the address: here is the first one.
          </p>
        ) : null}
        {/* Focusable: a wide table scrolls sideways from the keyboard too. */}
        <div
          tabIndex={0}
          role="region"
          aria-label={`Rows of ${page.name}`}
          className="overflow-x-auto rounded-xl bg-white shadow-sm focus-visible:ring-2 focus-visible:ring-brass focus-visible:outline-none"
        >
          <table className="w-full text-left text-sm" data-testid="table-rows">
            <caption className="sr-only">Rows of {page.name}</caption>
            <thead className="border-b border-stone-200 bg-stone-50 text-stone-700">
              <tr>
                {page.columns.map((c) => (
                  <ColumnHeading key={c.name} name={c.name} type={c.type} masked={c.masked} primaryKey={c.primaryKey} />
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-stone-100">
              {page.rows.length === 0 ? (
                <tr>
                  <td colSpan={page.columns.length || 1} className="px-4 py-8 text-center text-stone-600">
                    No data available
                  </td>
                </tr>
              ) : (
                page.rows.map((row, i) => (
                  <tr key={i} className="hover:bg-stone-50">
                    {page.columns.map((c, j) => (
                      <td key={c.name} className="px-3 py-2 align-top whitespace-nowrap">
                        {c.masked ? <Hidden /> : <Cell value={row[j]} />}
                      </td>
                    ))}
                  </tr>
                ))
              )}
            </tbody>
          </table>
        </div>
        <nav aria-label={`Pages of ${page.name}`} className="mt-4 flex flex-wrap gap-2">
          {params.get('after') ? (
            <Link to={withParams(params, { after: undefined })} className={buttonClass.secondary}>
              First page
            </Link>
          ) : null}
          {page.next ? (
            <Link to={withParams(params, { table: page.name, after: page.next })} className={buttonClass.secondary}>
              Next page
            </Link>
          ) : null}
        </nav>
      </section>
    </div>
  );
}
