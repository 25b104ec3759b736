// The audit rows (spec §2: Action, Table, Record ID, User, Timestamp, IP Address), newest first; a
// row opens its old and new values (`open` in the URL). Pages go by cursor: Previous (newer) and Next
// (older), so a page deep in a million rows costs what the first does.
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { AuditLogRowView } from '@shared/schemas/audit';
import { formatUtc } from '@shared/staff-time';
import { buttonClass } from '~/components/admin-ui/list';
import { withParams } from '~/lib/search-params';
import { TableScroll } from '~/components/ui/table-scroll';

function UserCell({ row }: { row: AuditLogRowView }) {
  if (!row.userId) return <span className="text-stone-600">System</span>;
  if (!row.user) return <span className="font-mono text-xs break-all">{row.userId}</span>;
  return (
    <span className="flex flex-col">
      <span className={row.user.deleted ? 'text-stone-600 italic' : ''}>{row.user.name}</span>
      {row.user.email && row.user.email !== row.user.name ? <span className="text-xs text-stone-600">{row.user.email}</span> : null}
      <span className="font-mono text-xs break-all text-stone-500">{row.userId}</span>
    </span>
  );
}

const HEADERS = ['Action', 'Table', 'Record ID', 'User', 'Timestamp', 'IP Address'] as const;

export function AuditTable({ rows, older, newer }: { rows: AuditLogRowView[]; older: number | null; newer: number | null }) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const openHref = (id: number) => withParams(params, { open: String(id) });
  return (
    <>
      <TableScroll label="Audit logs, newest first" className="rounded-xl shadow-sm">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Audit logs, newest first</caption>
          <thead className="border-b border-stone-200 bg-stone-50 text-stone-700">
            <tr>
              {HEADERS.map((h) => (
                <th key={h} scope="col" className="px-4 py-3 font-medium">
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-stone-100">
            {rows.map((r) => (
              <tr
                key={r.id}
                data-testid="audit-row"
                data-id={r.id}
                className="cursor-pointer hover:bg-stone-50"
                // The link in the first cell is the keyboard's way in; a click anywhere on the row does the same.
                onClick={(e) => {
                  if (!(e.target as HTMLElement).closest('a')) navigate(openHref(r.id), { preventScrollReset: true });
                }}
              >
                <td className="px-4 py-3 align-top">
                  <Link
                    to={openHref(r.id)}
                    preventScrollReset
                    className="font-medium text-ink underline decoration-stone-300 underline-offset-4 hover:text-brass"
                  >
                    {r.action}
                  </Link>
                </td>
                <td className="px-4 py-3 align-top">{r.tableName}</td>
                <td className="px-4 py-3 align-top font-mono text-xs break-all">{r.recordId ?? '—'}</td>
                <td className="px-4 py-3 align-top">
                  <UserCell row={r} />
                </td>
                <td className="px-4 py-3 align-top whitespace-nowrap">
                  <time dateTime={r.createdAt}>{formatUtc(r.createdAt)}</time>
                </td>
                <td className="px-4 py-3 align-top font-mono text-xs">{r.ipAddress ?? '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
      <nav aria-label="Pages" className="mt-4 flex justify-end gap-2 text-sm">
        {newer !== null ? (
          <Link to={withParams(params, { after: String(newer), before: undefined, open: undefined })} className={buttonClass.secondary} rel="prev">
            Previous
          </Link>
        ) : null}
        {older !== null ? (
          <Link to={withParams(params, { before: String(older), after: undefined, open: undefined })} className={buttonClass.secondary} rel="next">
            Next
          </Link>
        ) : null}
      </nav>
    </>
  );
}

/** Spec §8: the same title, and why there is nothing — the filters, or an empty log. */
export function AuditEmpty({ filtered }: { filtered: boolean }) {
  return (
    <div className="rounded-xl bg-white p-8 text-center shadow-sm" data-testid="audit-empty">
      <p className="font-medium">No logs found</p>
      <p className="mt-1 text-stone-600">{filtered ? 'Try adjusting your search filters' : 'No audit logs have been recorded yet'}</p>
    </div>
  );
}
