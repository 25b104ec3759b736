// How a value of the database reads on screen — the table browser's rows and the SQL editor's
// results alike: NULL marked as such, JSON as text, a long value cut with the whole of it on hover,
// and a secret column as a lock that says "hidden" (its value never reached the browser).

/** Longer values are cut (the whole of them on hover, and in the SQL editor). */
const LONG = 120;

export function LockIcon({ className = 'h-3.5 w-3.5' }: { className?: string }) {
  return (
    <svg viewBox="0 0 16 16" aria-hidden="true" focusable="false" className={className} fill="currentColor">
      <path d="M8 1a3.5 3.5 0 0 0-3.5 3.5V7H4a1 1 0 0 0-1 1v6a1 1 0 0 0 1 1h8a1 1 0 0 0 1-1V8a1 1 0 0 0-1-1h-.5V4.5A3.5 3.5 0 0 0 8 1Zm-2 6V4.5a2 2 0 1 1 4 0V7H6Z" />
    </svg>
  );
}

/** The marker of a secret column, in its header and in each of its cells. */
export function Hidden() {
  return (
    <span className="inline-flex items-center gap-1 rounded bg-stone-100 px-1.5 py-0.5 text-xs text-stone-600" data-masked="">
      <LockIcon />
      hidden
    </span>
  );
}

/** One value as text (what a cell shows, and what copying it gives). */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

export function Cell({ value }: { value: unknown }) {
  if (value === null || value === undefined) return <span className="text-stone-500 italic">NULL</span>;
  const text = cellText(value);
  if (text.length <= LONG) return <>{text}</>;
  return <span title={text.slice(0, 4_000)}>{text.slice(0, LONG)}…</span>;
}

/** A column's heading: its name over its type (and the lock, for a secret one). */
export function ColumnHeading({ name, type, masked, primaryKey }: { name: string; type: string; masked?: boolean; primaryKey?: boolean }) {
  return (
    <th scope="col" className="px-3 py-2 align-bottom font-medium whitespace-nowrap">
      <span className="block text-ink">
        {name}
        {primaryKey ? (
          <>
            <span aria-hidden="true" title="primary key" className="ml-1 text-xs font-normal text-brass">
              PK
            </span>
            <span className="sr-only"> (primary key)</span>
          </>
        ) : null}
      </span>
      <span className="block font-mono text-xs font-normal text-stone-600">{type}</span>
      {masked ? (
        <span className="mt-1 block">
          <Hidden />
        </span>
      ) : null}
    </th>
  );
}
