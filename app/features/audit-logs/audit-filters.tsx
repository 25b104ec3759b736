// The Audit Logs filters (spec §2, §5): the search (record id, user id or table name), the exact
// action and table, the acting user's email and a date range — one GET form, so the query lives in
// the URL and a new search starts again at the newest page.
import { Form, Link, useSearchParams } from 'react-router';
import { AUDIT_FILTER_KEYS } from '@shared/audit-constants';
import { buttonClass, Options } from '~/components/admin-ui/list';
import { inputClass } from '~/components/forms/fields';

const labelClass = 'flex flex-col text-sm font-medium';

export function AuditFilters({ actions, tables, error }: { actions: string[]; tables: string[]; error?: { path: string; message: string } }) {
  const [params] = useSearchParams();
  const value = (name: string) => params.get(name) ?? '';
  const options = (values: string[], current: string) => Object.fromEntries([...new Set([...values, ...(current ? [current] : [])])].map((v) => [v, v]));
  return (
    // A new key per query resets the fields when the URL changes (Back, Clear).
    <Form method="get" role="search" aria-label="Filter audit logs" className="mb-4 flex flex-wrap items-end gap-3" key={params.toString()}>
      <label className={labelClass}>
        Search
        <input type="search" name="q" defaultValue={value('q')} placeholder="Record ID, user ID or table" className={`${inputClass} w-64 font-normal`} />
      </label>
      <label className={labelClass}>
        Action
        <select name="action" defaultValue={value('action')} className={`${inputClass} font-normal`}>
          <option value="">All actions</option>
          <Options labels={options(actions, value('action'))} />
        </select>
      </label>
      <label className={labelClass}>
        Table
        <select name="table" defaultValue={value('table')} className={`${inputClass} font-normal`}>
          <option value="">All tables</option>
          <Options labels={options(tables, value('table'))} />
        </select>
      </label>
      <label className={labelClass}>
        User email
        <input type="email" name="user" defaultValue={value('user')} placeholder="name@example.com" className={`${inputClass} w-56 font-normal`} />
      </label>
      <label className={labelClass}>
        From
        <input type="date" name="from" defaultValue={value('from')} className={`${inputClass} font-normal`} />
      </label>
      <label className={labelClass}>
        To
        <input
          type="date"
          name="to"
          defaultValue={value('to')}
          aria-invalid={error?.path === 'to' ? true : undefined}
          aria-describedby={error ? 'audit-filter-error' : undefined}
          className={`${inputClass} font-normal`}
        />
      </label>
      <button type="submit" className={buttonClass.secondary}>
        Search
      </button>
      {AUDIT_FILTER_KEYS.some((k) => params.get(k)) ? (
        <Link to="?" className="self-center text-sm text-stone-700 underline">
          Clear filters
        </Link>
      ) : null}
      {error ? (
        <p id="audit-filter-error" className="w-full text-sm font-medium text-red-800">
          {error.message}
        </p>
      ) : null}
    </Form>
  );
}
