// The list's pages. The server counts matches up to USER_COUNT_CAP: past it the range reads
// "of 1,000+" and Next stays while a full page came back (the pages go on beyond the count).
import { Link, useSearchParams } from 'react-router';
import type { UserPage } from '@shared/schemas/users-admin';
import { buttonClass } from '~/components/admin-ui/list';

export function PeoplePagination({ page }: { page: Omit<UserPage, 'items'> & { items: unknown[] } }) {
  const [params] = useSearchParams();
  const href = (p: number) => {
    const next = new URLSearchParams(params);
    next.set('page', String(p));
    return `?${next.toString()}`;
  };
  const from = page.items.length === 0 ? 0 : (page.page - 1) * page.pageSize + 1;
  const to = from === 0 ? 0 : from + page.items.length - 1;
  const pages = Math.max(1, Math.ceil(page.total / page.pageSize));
  const more = page.totalIsLowerBound ? page.items.length === page.pageSize : page.page < pages;
  const of = page.totalIsLowerBound ? `${page.total.toLocaleString('en-GB')}+` : page.total.toLocaleString('en-GB');
  return (
    <nav aria-label="Pages" className="mt-4 flex items-center justify-between text-sm text-stone-700">
      <p data-testid="list-range">
        {from}–{to} of {of}
      </p>
      <div className="flex gap-2">
        {page.page > 1 ? (
          <Link to={href(page.page - 1)} className={buttonClass.secondary} rel="prev">
            Previous
          </Link>
        ) : null}
        <span className="self-center">{page.totalIsLowerBound ? `Page ${page.page}` : `Page ${page.page} of ${pages}`}</span>
        {more ? (
          <Link to={href(page.page + 1)} className={buttonClass.secondary} rel="next">
            Next
          </Link>
        ) : null}
      </div>
    </nav>
  );
}
