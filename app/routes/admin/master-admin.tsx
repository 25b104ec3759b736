// The Master Admin Panel: the master admin's landing page — people by role and status, locked
// accounts (unlock here), pending invitations, the newest security events from the audit log, the
// installation's health (database, instances, jobs, outbox) and a link to each master tool.
import { Form, href, Link } from 'react-router';
import { formatUtc } from '@shared/staff-time';
import type { Route } from './+types/master-admin';
import { PageHeader, StatusBadge, buttonClass } from '~/components/admin-ui/list';
import { requireScreen } from '~/lib/guards.server';
import { masterAction } from '~/lib/master-action.server';
import { pageRefusal } from '~/lib/domain-error';
import { TableScroll } from '~/components/ui/table-scroll';

export const meta: Route.MetaFunction = () => [{ title: 'Master Admin Panel · Frolic' }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireScreen(request, context, 'masterAdmin');
  return context.services.masterPanel.summary();
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function action(args: Route.ActionArgs) {
  return masterAction(args, {
    async unlock(form, actor) {
      const id = String(form.get('userId') ?? '');
      if (!UUID.test(id)) throw pageRefusal('not_found', 'not_found', 'User not found.');
      await args.context.services.users.unlock(id, actor);
      return { title: 'Account unlocked', description: String(form.get('email') ?? '') };
    },
  });
}

const TOOLS = [
  { to: href('/admin/dashboard/advanced-user-management'), label: 'Advanced User Management', text: 'Users, roles & permissions, access control.' },
  { to: href('/admin/dashboard/user-management'), label: 'User Management', text: 'Staff and partner users by kind.' },
  { to: href('/admin/dashboard/audit-logs'), label: 'Audit Logs', text: 'Every change, who made it, from where.' },
  { to: href('/admin/dashboard/outbox'), label: 'Outbox', text: 'Every email, its status, resend.' },
  { to: href('/admin/dashboard/content-management'), label: 'Content Management', text: 'Pages and site content.' },
  { to: href('/admin/dashboard/database-management'), label: 'Database Management', text: 'Tables and the SQL editor.' },
  { to: href('/admin/dashboard/code-editor'), label: 'Code Editor', text: 'The site’s code.' },
];

const STATUS_LABEL = { active: 'Active', inactive: 'Inactive', suspended: 'Suspended' } as const;
const STATUS_DOT = { active: 'bg-green-600', inactive: 'bg-amber-500', suspended: 'bg-red-600' } as const;

function Section({ title, children, action }: { title: string; children: React.ReactNode; action?: React.ReactNode }) {
  const id = `panel-${title.toLowerCase().replace(/[^a-z]+/g, '-')}`;
  return (
    <section aria-labelledby={id} className="rounded-xl bg-white p-5 shadow-sm">
      <div className="mb-3 flex items-baseline justify-between gap-3">
        <h2 id={id} className="font-serif text-xl">
          {title}
        </h2>
        {action}
      </div>
      {children}
    </section>
  );
}

const bytes = (n: number | null) => (n === null ? '—' : n > 1e9 ? `${(n / 1e9).toFixed(1)} GB` : `${(n / 1e6).toFixed(1)} MB`);

export default function MasterAdminPanel({ loaderData }: Route.ComponentProps) {
  const { users, locked, invitations, events, health } = loaderData;
  return (
    <main id="main" className="space-y-6">
      <PageHeader title="Master Admin Panel" description="People, access and the health of this installation." />

      <nav aria-label="Master tools" className="grid gap-3 sm:grid-cols-2 xl:grid-cols-4">
        {TOOLS.map((t) => (
          <Link key={t.to} to={t.to} className="rounded-xl bg-white p-4 shadow-sm hover:ring-2 hover:ring-brass-light">
            <span className="font-medium">{t.label}</span>
            <span className="mt-1 block text-sm text-stone-600">{t.text}</span>
          </Link>
        ))}
      </nav>

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <Section title="People">
          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4" aria-label="Users by status">
            <div>
              <dt className="text-sm text-stone-600">Users</dt>
              <dd className="text-2xl font-semibold" data-testid="users-total">
                {users.total}
              </dd>
            </div>
            {(['active', 'inactive', 'suspended'] as const).map((s) => (
              <div key={s}>
                <dt className="flex items-center gap-1.5 text-sm text-stone-600">
                  <span aria-hidden="true" className={`inline-block size-2 rounded-full ${STATUS_DOT[s]}`} />
                  {STATUS_LABEL[s]}
                </dt>
                <dd className="text-2xl font-semibold" data-testid={`users-${s}`}>
                  {users.byStatus[s]}
                </dd>
              </div>
            ))}
          </dl>
          <table className="mt-4 w-full text-sm" aria-label="Users by role">
            <thead>
              <tr className="text-left text-stone-600">
                <th className="py-1 font-medium">Role</th>
                <th className="py-1 text-right font-medium">Users</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-stone-100">
              {users.byRole.map((r) => (
                <tr key={r.role}>
                  <td className="py-1">
                    <Link
                      className="underline-offset-2 hover:underline"
                      to={`${href('/admin/dashboard/advanced-user-management')}?role=${encodeURIComponent(r.role)}`}
                    >
                      {r.label}
                    </Link>
                  </td>
                  <td className="py-1 text-right tabular-nums">{r.count}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </Section>

        <Section title="Health">
          <dl className="grid gap-3 text-sm sm:grid-cols-2">
            <div>
              <dt className="text-stone-600">Database</dt>
              <dd data-testid="health-database">
                {health.database.engine} · {health.database.ok ? <StatusBadge status="done" label="Up" /> : <StatusBadge status="new" label="Down" />} ·{' '}
                {health.database.latencyMs} ms · {bytes(health.database.sizeBytes)}
              </dd>
            </div>
            <div>
              <dt className="text-stone-600">Instances</dt>
              <dd data-testid="health-instances">
                {health.instances.length} running
                <ul className="text-xs text-stone-600">
                  {health.instances.map((i) => (
                    <li key={i.id}>
                      {i.host} pid {i.pid}
                      {i.current ? ' (this one)' : ''} · since {formatUtc(i.startedAt)}
                    </li>
                  ))}
                </ul>
              </dd>
            </div>
            <div>
              <dt className="text-stone-600">Jobs</dt>
              <dd data-testid="health-jobs">
                {health.jobs.queued} queued ({health.jobs.overdue} overdue) · {health.jobs.running} running ·{' '}
                <span className={health.jobs.failedLastDay ? 'font-semibold text-red-800' : ''}>{health.jobs.failedLastDay} failed in 24 h</span>
              </dd>
            </div>
            <div>
              <dt className="text-stone-600">Email</dt>
              <dd data-testid="health-outbox">
                {health.outbox.smtp ? 'SMTP configured' : 'No SMTP: emails are kept in the outbox'} · {health.outbox.queued} queued ·{' '}
                <Link to={href('/admin/dashboard/outbox')} className={health.outbox.failed ? 'font-semibold text-red-800 underline' : 'underline'}>
                  {health.outbox.failed} failed
                </Link>
              </dd>
            </div>
          </dl>
          {health.jobs.recentFailures.length ? (
            <>
              <h3 className="mt-4 text-sm font-medium">Latest job failures</h3>
              <ul className="mt-1 space-y-1 text-sm" aria-label="Latest job failures">
                {health.jobs.recentFailures.map((j) => (
                  <li key={j.id}>
                    <span className="font-mono">{j.name}</span> · {formatUtc(j.at)} · <span className="text-red-800">{j.error ?? 'no message'}</span>
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </Section>

        <Section title="Locked accounts">
          {locked.length === 0 ? (
            <p className="text-sm text-stone-600">No account is locked.</p>
          ) : (
            <ul className="divide-y divide-stone-100" aria-label="Locked accounts">
              {locked.map((l) => (
                <li key={l.userId} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
                  <span>
                    <span className="font-medium">{l.name || l.email}</span> <span className="text-stone-600">{l.email}</span>
                    <span className="block text-xs text-stone-600">
                      {l.scope === 'account' ? 'Locked from everywhere' : 'Locked from one network'} until {formatUtc(l.lockedUntil)}
                    </span>
                  </span>
                  <Form method="post">
                    <input type="hidden" name="intent" value="unlock" />
                    <input type="hidden" name="userId" value={l.userId} />
                    <input type="hidden" name="email" value={l.email} />
                    <button type="submit" className={buttonClass.secondary} aria-label={`Unlock ${l.email}`}>
                      Unlock
                    </button>
                  </Form>
                </li>
              ))}
            </ul>
          )}
        </Section>

        <Section title="Pending invitations" action={<span className="text-sm text-stone-600">{invitations.total} pending</span>}>
          {invitations.items.length === 0 ? (
            <p className="text-sm text-stone-600">No invitation is waiting.</p>
          ) : (
            <ul className="divide-y divide-stone-100 text-sm" aria-label="Pending invitations">
              {invitations.items.map((i) => (
                <li key={i.userId} className="flex flex-wrap justify-between gap-2 py-2">
                  <Link className="hover:underline" to={`${href('/admin/dashboard/advanced-user-management')}?q=${encodeURIComponent(i.email)}`}>
                    <span className="font-medium">{i.name || i.email}</span> <span className="text-stone-600">{i.email}</span>
                  </Link>
                  <span className="text-stone-600">expires {formatUtc(i.expiresAt)}</span>
                </li>
              ))}
            </ul>
          )}
        </Section>
      </div>

      <Section
        title="Recent security events"
        action={
          <Link to={href('/admin/dashboard/audit-logs')} className="text-sm underline">
            All audit logs
          </Link>
        }
      >
        {events.length === 0 ? (
          <p className="text-sm text-stone-600">No security events yet.</p>
        ) : (
          <TableScroll label="Recent security events">
            <table className="w-full text-sm" aria-label="Recent security events">
              <thead>
                <tr className="text-left text-stone-600">
                  <th className="py-1 pr-3 font-medium">Action</th>
                  <th className="py-1 pr-3 font-medium">Table</th>
                  <th className="py-1 pr-3 font-medium">Record ID</th>
                  <th className="py-1 pr-3 font-medium">User</th>
                  <th className="py-1 pr-3 font-medium">Timestamp</th>
                  <th className="py-1 font-medium">IP Address</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-stone-100">
                {events.map((e) => (
                  <tr key={e.id}>
                    <td className="py-1 pr-3 font-mono text-xs">{e.action}</td>
                    <td className="py-1 pr-3">{e.tableName}</td>
                    <td className="max-w-40 truncate py-1 pr-3 font-mono text-xs">{e.recordId ?? '—'}</td>
                    <td className="py-1 pr-3">{e.user ?? (e.userId ? e.userId : 'System')}</td>
                    <td className="py-1 pr-3 whitespace-nowrap">{formatUtc(e.createdAt)}</td>
                    <td className="py-1 font-mono text-xs">{e.ipAddress ?? '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        )}
      </Section>
    </main>
  );
}
