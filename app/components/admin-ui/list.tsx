// The parts of every staff list: a header with actions, a search box, a table whose sortable
// headers and pages live in the URL (so the server sorts and pages, and links can be shared).
import { Form, Link, useSearchParams } from 'react-router';
import { inputClass } from '~/components/forms/fields';
import { TableScroll } from '~/components/ui/table-scroll';
import { statusLabel } from '@shared/status-labels';

export function PageHeader({ title, children, description }: { title: string; description?: string; children?: React.ReactNode }) {
  return (
    <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
      <div>
        <h1 className="font-serif text-3xl">{title}</h1>
        {description ? <p className="mt-1 text-stone-600">{description}</p> : null}
      </div>
      {children ? <div className="flex flex-wrap gap-2">{children}</div> : null}
    </div>
  );
}

export const buttonClass = {
  primary: 'inline-flex items-center rounded-md bg-forest px-4 py-2 text-sm font-medium text-white hover:bg-forest/90 disabled:opacity-60',
  secondary:
    'inline-flex items-center rounded-md border border-stone-400 bg-white px-4 py-2 text-sm font-medium text-ink hover:bg-stone-50 disabled:opacity-60',
  danger: 'inline-flex items-center rounded-md border border-red-700 bg-white px-4 py-2 text-sm font-medium text-red-800 hover:bg-red-50 disabled:opacity-60',
} as const;

/**
 * GET form: keeps the other query parameters except the page (a new search starts at page 1) and
 * those the filter controls given as children set themselves (`owns`).
 */
export function SearchBox({ label, placeholder, children, owns = [] }: { label: string; placeholder?: string; children?: React.ReactNode; owns?: string[] }) {
  const [params] = useSearchParams();
  const omit = new Set(['q', 'page', ...owns]);
  const keep = [...params.entries()].filter(([k]) => !omit.has(k));
  return (
    <Form method="get" role="search" className="mb-4 flex flex-wrap items-end gap-3">
      {keep.map(([k, v]) => (
        <input key={k} type="hidden" name={k} value={v} />
      ))}
      <label className="flex flex-col text-sm font-medium">
        {label}
        <input type="search" name="q" defaultValue={params.get('q') ?? ''} placeholder={placeholder} className={`${inputClass} w-72 font-normal`} />
      </label>
      {children}
      <button type="submit" className={buttonClass.secondary}>
        Search
      </button>
    </Form>
  );
}

/** One `<option>` per entry of a value → label record, in the record's order. */
export function Options({ labels }: { labels: Readonly<Record<string, string>> }) {
  return Object.entries(labels).map(([value, label]) => (
    <option key={value} value={value}>
      {label}
    </option>
  ));
}

/**
 * A filter for SearchBox's children (list `name` in its `owns`): "All" (empty, no filter) or one of
 * `options`, starting from the value in the URL.
 */
export function FilterSelect({ label, name, options, all = 'All' }: { label: string; name: string; options: Readonly<Record<string, string>>; all?: string }) {
  const [params] = useSearchParams();
  return (
    <label className="flex flex-col text-sm font-medium">
      {label}
      <select name={name} defaultValue={params.get(name) ?? ''} className={`${inputClass} font-normal`}>
        <option value="">{all}</option>
        <Options labels={options} />
      </select>
    </label>
  );
}

export interface Column<T> {
  key: string;
  label: string;
  /** The header says its label to screen readers only (e.g. a column of buttons). */
  hiddenLabel?: boolean;
  sortable?: boolean;
  /** Classes of the header and of every cell in the column. */
  className?: string;
  /** Classes of the body cells only, after `className` (or a function of the row giving them). */
  cellClassName?: string | ((row: T) => string);
  /** A `data-testid` on every body cell of the column. */
  cellTestId?: string;
  /** The column names its row: its body cells are row headers (`<th scope="row">`). */
  rowHeader?: boolean;
  render: (row: T) => React.ReactNode;
}

/** A cell of an `ExtraRow`. */
export interface ExtraCell {
  content: React.ReactNode;
  /** How many columns it takes (one unless said). */
  span?: number;
  /** It names its row: a row header (`<th scope="row">`). */
  rowHeader?: boolean;
  /** Classes after the look's cell classes. */
  className?: string;
  testId?: string;
}

/**
 * A row apart from the list's own, its cells written out rather than drawn from the columns: an
 * opening balance before the rows (`lead`), a total or a closing balance after them (`foot`).
 */
export interface ExtraRow {
  key: string | number;
  cells: ExtraCell[];
  /** Classes of the row: after the look's row classes in the body (`lead`), alone in the footer. */
  className?: string;
  /** `data-*` attributes of the row (its test id, say). */
  attributes?: Record<`data-${string}`, string>;
}

/**
 * How a table looks: `staff` (the staff lists: shaded header, a rule between rows, a hovered row
 * shaded), `trade` (the partners' trade lists: a plain header, a rule under each row but the last)
 * `compact` (a trade table inside a panel: no box of its own, tighter cells, a row's cells aligned
 * at the top) or `flat` (as compact, the cells centred vertically).
 */
const LOOKS = {
  staff: {
    scroll: 'rounded-xl shadow-sm',
    thead: 'border-b border-stone-200 bg-stone-50 text-stone-700',
    th: 'px-4 py-3 font-medium',
    tbody: 'divide-y divide-stone-100',
    tr: 'hover:bg-stone-50',
    td: 'px-4 py-3 align-top',
  },
  trade: {
    scroll: 'rounded-xl shadow-sm',
    thead: 'border-b border-stone-200 text-stone-700',
    th: 'px-4 py-3',
    tbody: undefined,
    tr: 'border-b border-stone-100 last:border-0',
    td: 'px-4 py-3',
  },
  compact: {
    scroll: '',
    thead: 'border-b border-stone-200 text-stone-700',
    th: 'py-2 pr-3 last:pr-0',
    tbody: undefined,
    tr: 'border-b border-stone-100 align-top last:border-0',
    td: 'py-2 pr-3 last:pr-0',
  },
  flat: {
    scroll: '',
    thead: 'border-b border-stone-200 text-stone-700',
    th: 'py-2 pr-3 last:pr-0',
    tbody: undefined,
    tr: 'border-b border-stone-100 last:border-0',
    td: 'py-2 pr-3 last:pr-0',
  },
} as const;

function cellClass<T>(column: Column<T>, row: T): string {
  const extra = typeof column.cellClassName === 'function' ? column.cellClassName(row) : column.cellClassName;
  return extra ? ` ${extra}` : '';
}

function ExtraCells({ row, td }: { row: ExtraRow; td: string }) {
  return row.cells.map((c, i) => {
    const className = c.className ? `${td} ${c.className}` : td;
    return c.rowHeader ? (
      <th key={i} scope="row" colSpan={c.span} className={className} data-testid={c.testId}>
        {c.content}
      </th>
    ) : (
      <td key={i} colSpan={c.span} className={className} data-testid={c.testId}>
        {c.content}
      </td>
    );
  });
}

function sortHref(params: URLSearchParams, key: string): { href: string; dir: 'asc' | 'desc' | null } {
  const current = params.get('sort') === key ? (params.get('dir') === 'desc' ? 'desc' : 'asc') : null;
  const next = new URLSearchParams(params);
  next.set('sort', key);
  next.set('dir', current === 'asc' ? 'desc' : 'asc');
  next.delete('page');
  return { href: `?${next.toString()}`, dir: current };
}

export function DataTable<T>({
  columns,
  rows,
  rowKey,
  caption,
  empty,
  look = 'staff',
  emptyClassName,
  rowAttributes,
  noCaption = false,
  className = '',
  lead = [],
  foot = [],
}: {
  columns: Column<T>[];
  rows: T[];
  rowKey: (row: T, index: number) => string | number;
  caption: string;
  empty: string;
  look?: keyof typeof LOOKS;
  /** When set, an empty list is this paragraph alone instead of a table with one row saying `empty`. */
  emptyClassName?: string;
  /** `data-*` attributes of a row (its test id, say). */
  rowAttributes?: (row: T) => Record<`data-${string}`, string>;
  /** The table has no caption of its own: the scrolling box alone carries `caption` as its label. */
  noCaption?: boolean;
  /** More classes of the scrolling box (its margin, say). */
  className?: string;
  /** Rows before the list's own, in the body (an opening balance); an empty list shows them, not `empty`. */
  lead?: ExtraRow[];
  /** The table's footer rows (totals, a closing balance). */
  foot?: ExtraRow[];
}) {
  const [params] = useSearchParams();
  const style = LOOKS[look];
  if (rows.length === 0 && emptyClassName !== undefined) return <p className={emptyClassName}>{empty}</p>;
  return (
    <TableScroll label={caption} className={className ? `${style.scroll} ${className}`.trim() : style.scroll}>
      <table className="w-full text-left text-sm">
        {noCaption ? null : <caption className="sr-only">{caption}</caption>}
        <thead className={style.thead}>
          <tr>
            {columns.map((c) => {
              const label = c.hiddenLabel ? <span className="sr-only">{c.label}</span> : c.label;
              if (!c.sortable)
                return (
                  <th key={c.key} scope="col" className={`${style.th} ${c.className ?? ''}`}>
                    {label}
                  </th>
                );
              const { href, dir } = sortHref(params, c.key);
              return (
                <th
                  key={c.key}
                  scope="col"
                  className={`${style.th} ${c.className ?? ''}`}
                  aria-sort={dir === 'asc' ? 'ascending' : dir === 'desc' ? 'descending' : undefined}
                >
                  <Link to={href} preventScrollReset className="inline-flex items-center gap-1 hover:underline">
                    {label}
                    <span aria-hidden="true" className="text-xs">
                      {dir === 'asc' ? '▲' : dir === 'desc' ? '▼' : '↕'}
                    </span>
                  </Link>
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody className={style.tbody}>
          {lead.map((row) => (
            <tr key={row.key} className={row.className ? `${style.tr} ${row.className}` : style.tr} {...row.attributes}>
              <ExtraCells row={row} td={style.td} />
            </tr>
          ))}
          {rows.length === 0 && lead.length === 0 ? (
            <tr>
              <td colSpan={columns.length} className="px-4 py-8 text-center text-stone-600">
                {empty}
              </td>
            </tr>
          ) : (
            rows.map((row, index) => (
              <tr key={rowKey(row, index)} className={style.tr} {...rowAttributes?.(row)}>
                {columns.map((c) => {
                  const className = `${style.td} ${c.className ?? ''}${cellClass(c, row)}`;
                  return c.rowHeader ? (
                    <th key={c.key} scope="row" className={className} data-testid={c.cellTestId}>
                      {c.render(row)}
                    </th>
                  ) : (
                    <td key={c.key} className={className} data-testid={c.cellTestId}>
                      {c.render(row)}
                    </td>
                  );
                })}
              </tr>
            ))
          )}
        </tbody>
        {foot.length ? (
          <tfoot>
            {foot.map((row) => (
              <tr key={row.key} className={row.className} {...row.attributes}>
                <ExtraCells row={row} td={style.td} />
              </tr>
            ))}
          </tfoot>
        ) : null}
      </table>
    </TableScroll>
  );
}

export function Pagination({ page, pageSize, total }: { page: number; pageSize: number; total: number }) {
  const [params] = useSearchParams();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const href = (p: number) => {
    const next = new URLSearchParams(params);
    next.set('page', String(p));
    return `?${next.toString()}`;
  };
  const from = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const to = Math.min(total, page * pageSize);
  return (
    <nav aria-label="Pages" className="mt-4 flex items-center justify-between text-sm text-stone-700">
      <p data-testid="list-range">
        {from}–{to} of {total}
      </p>
      <div className="flex gap-2">
        {page > 1 ? (
          <Link to={href(page - 1)} className={buttonClass.secondary} rel="prev">
            Previous
          </Link>
        ) : null}
        <span className="self-center">
          Page {page} of {pages}
        </span>
        {page < pages ? (
          <Link to={href(page + 1)} className={buttonClass.secondary} rel="next">
            Next
          </Link>
        ) : null}
      </div>
    </nav>
  );
}

const STATUS_STYLES: Record<string, string> = {
  active: 'bg-green-100 text-green-900',
  published: 'bg-green-100 text-green-900',
  done: 'bg-green-100 text-green-900',
  draft: 'bg-stone-200 text-stone-800',
  new: 'bg-amber-100 text-amber-900',
  in_progress: 'bg-sky-100 text-sky-900',
  archived: 'bg-stone-300 text-stone-700',
  inactive: 'bg-stone-300 text-stone-700',
  failed: 'bg-red-100 text-red-900',
};

export function StatusBadge({ status, label }: { status: string; label?: string }) {
  return (
    <span className={`inline-block rounded-full px-2 py-0.5 text-xs font-medium ${STATUS_STYLES[status] ?? 'bg-stone-200 text-stone-800'}`}>
      {label ?? statusLabel(status)}
    </span>
  );
}
