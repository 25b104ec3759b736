// The SQL Editor: the query box (DEFAULT_SQL to begin with), "Allow writes" (off: the run is a
// read-only transaction), Execute Query, the results; toasts 'Query executed' and 'Query error' with
// the message (spec §8). A write takes three yeses, each asked by the server in turn: the switch, the
// step-up (the password dialog, then the same run again), and the confirmation of the statements and
// the tables they change (then the run again, naming those tables). Saved queries and the history
// sit beside it.
import { useEffect, useId, useRef, useState } from 'react';
import { DEFAULT_SQL } from '@shared/database-constants';
import type { SavedQuery, SqlHistoryEntry, SqlRunResult, SqlStatus } from '@shared/schemas/database';
import { buttonClass } from '~/components/admin-ui/list';
import { useStepUpFetcher } from '~/components/step-up';
import { Switch } from '~/components/ui/switch';
import { toast } from '~/lib/toast-store';
import { ConfirmWrites } from './confirm-writes';
import { QueryHistory } from './query-history';
import { SavedQueries } from './saved-queries';
import { SqlInput } from './sql-input';
import { type RunOutcome, SqlResults } from './sql-results';
import { databaseForm, SUBMIT } from './submit';
import type { DatabaseActionData, WritesToConfirm } from './types';

function limitsOf(status: SqlStatus): string {
  const rows = `Reads run in a read-only transaction and return at most ${status.rowCap.toLocaleString('en')} rows.`;
  const cost = `A statement whose plan costs more than ${status.maxPlanCost.toLocaleString('en')} is refused before it starts`;
  if (status.timeoutMs !== null) return `${rows} ${cost}; one running longer than ${(status.timeoutMs / 1000).toLocaleString('en')} s is stopped.`;
  return `${rows} ${cost}: on the embedded database nothing can stop a query once it runs.`;
}

/** The toast's line: "10 rows in 21 ms." — with the number of statements when there were several. */
function summaryOf(result: SqlRunResult): string {
  const rows = result.results.reduce((n, r) => n + r.rowCount, 0);
  const n = result.results.length;
  const statements = n > 1 ? `${n} statements, ` : '';
  return `${statements}${rows.toLocaleString('en')} ${rows === 1 ? 'row' : 'rows'} in ${result.durationMs.toLocaleString('en')} ms.`;
}

export function SqlEditor({ status, saved, savedTotal, history }: { status: SqlStatus; saved: SavedQuery[]; savedTotal: number; history: SqlHistoryEntry[] }) {
  const id = useId();
  const [text, setText] = useState(DEFAULT_SQL);
  const [allowWrites, setAllowWrites] = useState(false);
  const [outcome, setOutcome] = useState<RunOutcome>(null);
  const [confirming, setConfirming] = useState<WritesToConfirm | null>(null);
  const { fetcher, submit, dialog } = useStepUpFetcher<DatabaseActionData>();
  const running = fetcher.state !== 'idle';
  const toasted = useRef<unknown>(null);

  const run = (confirmedTables?: string[]) => {
    if (!status.available || running) return;
    submit(databaseForm('run', { sql: text, allowWrites, ...(confirmedTables ? { confirmedTables } : {}) }), SUBMIT);
  };

  // What the last answer means for the screen, taken once per answer while rendering; its toast below.
  const [seen, setSeen] = useState<DatabaseActionData | undefined>(undefined);
  const answer = fetcher.state === 'idle' ? fetcher.data : undefined;
  if (answer && answer !== seen) {
    setSeen(answer);
    if (answer.ok) {
      if (answer.intent === 'run') {
        setOutcome({ kind: 'result', result: answer.result });
        setConfirming(null);
      }
    } else if (answer.code === 'sql_confirm') setConfirming(answer.details as WritesToConfirm);
    // step_up_required: the dialog is the fetcher's own — it asks, then sends the run again.
    else if (answer.code !== 'step_up_required') {
      setOutcome({ kind: 'error', code: answer.code, message: answer.message, hint: answer.hint });
      setConfirming(null);
    }
  }

  useEffect(() => {
    const data = fetcher.data;
    if (fetcher.state !== 'idle' || !data || toasted.current === data) return;
    toasted.current = data;
    if (data.ok && data.intent === 'run') toast({ title: 'Query executed', description: summaryOf(data.result) });
    else if (!data.ok && data.code !== 'step_up_required' && data.code !== 'sql_confirm')
      toast({ title: 'Query error', description: data.message, variant: 'destructive' });
  }, [fetcher.state, fetcher.data]);

  const load = (sql: string) => {
    setText(sql);
    document.getElementById(`${id}-sql`)?.focus();
  };

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6 xl:grid-cols-[minmax(0,1fr)_20rem]">
      <div className="min-w-0 space-y-4">
        {!status.available ? (
          <div role="alert" className="rounded-md border border-amber-700 bg-amber-50 p-4 text-amber-950" data-testid="sql-unavailable">
            <p className="font-medium">The SQL editor cannot run queries on this server.</p>
            {status.reason ? <p className="mt-1 text-sm">{status.reason}</p> : null}
            <p className="mt-1 text-sm">The Table Browser still works.</p>
          </div>
        ) : null}
        <form
          aria-label="Query editor"
          onSubmit={(e) => {
            e.preventDefault();
            run();
          }}
          className="space-y-3"
        >
          <div>
            <label htmlFor={`${id}-sql`} className="block text-sm font-medium">
              SQL query
            </label>
            <p id={`${id}-limits`} className="text-sm text-stone-600">
              {limitsOf(status)} Ctrl+Enter runs it.
            </p>
          </div>
          <SqlInput id={`${id}-sql`} value={text} onChange={setText} onRun={() => run()} describedBy={`${id}-limits`} />
          <div className="flex flex-wrap items-center justify-between gap-4">
            <div className="min-w-64 flex-1">
              <Switch
                label="Allow writes"
                checked={allowWrites}
                onChange={setAllowWrites}
                description="Off, a query cannot change anything. On, a change still needs your password and a confirmation of the tables it changes."
              />
            </div>
            <button
              type="submit"
              className={buttonClass.primary}
              disabled={!status.available || running}
              aria-describedby={allowWrites ? `${id}-writes-on` : undefined}
            >
              {running ? 'Running…' : 'Execute Query'}
            </button>
          </div>
          {allowWrites ? (
            <p id={`${id}-writes-on`} className="text-sm font-medium text-red-900">
              Writes are on: this run may change data.
            </p>
          ) : null}
        </form>
        <SqlResults outcome={outcome} />
      </div>
      <div className="space-y-6">
        <SavedQueries saved={saved} total={savedTotal} text={text} onLoad={load} />
        <QueryHistory history={history} onLoad={load} />
      </div>
      {confirming ? <ConfirmWrites writes={confirming} busy={running} onConfirm={() => run(confirming.tables)} onCancel={() => setConfirming(null)} /> : null}
      {dialog}
    </div>
  );
}
