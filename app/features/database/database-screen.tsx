// The Database Management screen: two tabs (spec §2) — Table Browser and SQL Editor — whose choice is
// in the address (`?tab=sql`), so a link or a reload keeps it; both panels stay mounted, so the
// editor's text and results survive a look at the tables. The tabs are links (they work before the
// script loads) with the ARIA tab pattern on top: arrows move between them.
import { useId, useRef } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PageHeader } from '~/components/admin-ui/list';
import { SqlEditor } from './sql-editor';
import { TableBrowser } from './table-browser';
import { withParams } from '~/lib/search-params';
import type { DatabaseScreenData } from './types';

const TABS = [
  { key: 'browser', label: 'Table Browser' },
  { key: 'sql', label: 'SQL Editor' },
] as const;
type Tab = (typeof TABS)[number]['key'];

export function DatabaseScreen({ data }: { data: DatabaseScreenData }) {
  const id = useId();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const tab: Tab = params.get('tab') === 'sql' ? 'sql' : 'browser';
  const refs = useRef<Record<string, HTMLAnchorElement | null>>({});
  const hrefOf = (t: Tab) => withParams(params, { tab: t === 'sql' ? 'sql' : undefined });

  function onKeyDown(e: React.KeyboardEvent) {
    const i = TABS.findIndex((t) => t.key === tab);
    const to =
      e.key === 'ArrowRight'
        ? (i + 1) % TABS.length
        : e.key === 'ArrowLeft'
          ? (i - 1 + TABS.length) % TABS.length
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? TABS.length - 1
              : -1;
    if (to < 0) return;
    e.preventDefault();
    const next = TABS[to]!.key;
    refs.current[next]?.focus();
    void navigate(hrefOf(next), { replace: true, preventScrollReset: true });
  }

  return (
    <main id="main">
      <PageHeader
        title="Database Management"
        description="The live database: browse its tables, or query it. Everything run here is recorded in the audit log."
      />
      <div role="tablist" aria-label="Database Management" className="mb-6 flex gap-1 border-b border-stone-300" onKeyDown={onKeyDown}>
        {TABS.map((t) => {
          const selected = t.key === tab;
          return (
            <Link
              key={t.key}
              ref={(el) => {
                refs.current[t.key] = el;
              }}
              to={hrefOf(t.key)}
              replace
              preventScrollReset
              role="tab"
              id={`${id}-${t.key}-tab`}
              aria-selected={selected}
              aria-controls={`${id}-${t.key}`}
              tabIndex={selected ? 0 : -1}
              className={`-mb-px rounded-t-md border px-4 py-2 text-sm font-medium focus-visible:ring-2 focus-visible:ring-brass focus-visible:outline-none ${
                selected ? 'border-stone-300 border-b-white bg-white text-ink' : 'border-transparent text-stone-700 hover:text-ink'
              }`}
            >
              {t.label}
            </Link>
          );
        })}
      </div>
      <div role="tabpanel" id={`${id}-browser`} aria-labelledby={`${id}-browser-tab`} hidden={tab !== 'browser'}>
        <TableBrowser tables={data.tables} page={data.page} cursorRefused={data.cursorRefused} />
      </div>
      <div role="tabpanel" id={`${id}-sql`} aria-labelledby={`${id}-sql-tab`} hidden={tab !== 'sql'}>
        <SqlEditor status={data.status} saved={data.saved} savedTotal={data.savedTotal} history={data.history} />
      </div>
    </main>
  );
}
