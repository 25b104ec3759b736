// Audit Logs (master admin only; spec §2, §5, §7, §8; issue 17): every change and security event,
// searched and filtered on the server, newest first in keyset pages of 100; a row opens its old and
// new values; Export CSV streams the whole filtered set.
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { AUDIT_FILTER_KEYS } from '@shared/audit-constants';
import { type AuditLogDetailView, type AuditLogPage, auditLogId, auditLogQuery } from '@shared/schemas/audit';
import type { Route } from './+types/audit-logs';
import { buttonClass, PageHeader } from '~/components/admin-ui/list';
import { AuditDetail } from '~/features/audit-logs/audit-detail';
import { AuditFilters } from '~/features/audit-logs/audit-filters';
import { AuditEmpty, AuditTable } from '~/features/audit-logs/audit-table';
import { withParams } from '~/lib/search-params';
import { requireScreen } from '~/lib/guards.server';
import { toast } from '~/lib/toast-store';

export const meta: Route.MetaFunction = () => [{ title: 'Audit Logs · Frolic' }];

type Loaded = {
  page: AuditLogPage | null;
  choices: { actions: string[]; tables: string[] };
  detail: AuditLogDetailView | null;
  filterError?: { path: string; message: string };
  failed: boolean;
};

export async function loader({ request, context }: Route.LoaderArgs): Promise<Loaded> {
  await requireScreen(request, context, 'masterAdmin');
  const search = new URL(request.url).searchParams;
  const parsed = auditLogQuery.safeParse(Object.fromEntries(search));
  // A filter that cannot be read (a date that does not exist, the range backwards) is said under the
  // form; the list then shows without it.
  const issue = parsed.success ? undefined : parsed.error.issues[0];
  const query = parsed.success ? parsed.data : auditLogQuery.parse({});
  const openId = auditLogId.safeParse(search.get('open') ?? '');
  const { audit } = context.services;
  try {
    const [page, choices, detail] = await Promise.all([
      audit.list(query),
      audit.choices(),
      openId.success ? audit.get(openId.data).catch(() => null) : Promise.resolve(null),
    ]);
    return { page, choices, detail, failed: false, filterError: issue ? { path: String(issue.path[0] ?? ''), message: issue.message } : undefined };
  } catch (err) {
    context.log.error({ err }, 'audit logs: the list could not be read');
    return { page: null, choices: { actions: [], tables: [] }, detail: null, failed: true };
  }
}

export default function AuditLogs({ loaderData }: Route.ComponentProps) {
  const { page, choices, detail, filterError, failed } = loaderData;
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const filtered = AUDIT_FILTER_KEYS.some((k) => params.get(k));
  // The export takes the filters on screen (not the cursor or the open row): the whole filtered set.
  const exportQuery = new URLSearchParams([...params].filter(([k, v]) => (AUDIT_FILTER_KEYS as readonly string[]).includes(k) && v)).toString();
  const closeHref = withParams(params, { open: undefined });

  useEffect(() => {
    if (failed) toast({ title: 'Error', description: 'Failed to fetch audit logs.', variant: 'destructive' });
  }, [failed, params]);

  return (
    <main id="main">
      <PageHeader title="Audit Logs" description="Every change to business records and every security event, newest first. Times are UTC.">
        <a
          href={`/api/admin/audit-logs/export.csv${exportQuery ? `?${exportQuery}` : ''}`}
          className={buttonClass.secondary}
          download
          data-testid="audit-export"
        >
          Export CSV
        </a>
      </PageHeader>
      <AuditFilters actions={choices.actions} tables={choices.tables} error={filterError} />
      {failed ? (
        <div role="alert" className="mb-4 rounded-md border border-red-700 bg-red-50 p-4 text-red-900" data-testid="audit-error">
          <p className="font-medium">Error</p>
          <p>Failed to fetch audit logs.</p>
        </div>
      ) : page && page.items.length ? (
        <AuditTable rows={page.items} older={page.older} newer={page.newer} />
      ) : (
        <AuditEmpty filtered={filtered} />
      )}
      {detail ? <AuditDetail log={detail} closeHref={closeHref} onClose={() => navigate(closeHref, { preventScrollReset: true })} /> : null}
    </main>
  );
}
