// The email outbox (master admin only): every email the product stored — sent over SMTP by a
// `mail.send` job (queued, retried with backoff, sent or failed with the error), or only kept here
// when SMTP_URL is not set. Links in emails are never printed outside development, so this
// is where a master admin finds a confirmation, reset or invitation link to pass on.
import { MAX_RECORD_ID } from '@shared/limits';
import { formatUtc } from '@shared/staff-time';
import type { Route } from './+types/outbox';
import { Form } from 'react-router';
import { PageHeader, Pagination, StatusBadge, buttonClass } from '~/components/admin-ui/list';
import { requireScreen } from '~/lib/guards.server';
import { masterAction } from '~/lib/master-action.server';
import { pageRefusal } from '~/lib/domain-error';
import { plural } from '@shared/plural';

export const meta: Route.MetaFunction = () => [{ title: 'Outbox · Frolic' }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireScreen(request, context, 'masterAdmin');
  const page = Math.min(Math.max(1, Number(new URL(request.url).searchParams.get('page')) || 1), 100_000);
  return context.services.mailer.list(page);
}

export async function action(args: Route.ActionArgs) {
  return masterAction(args, {
    async resend(form, actor) {
      const id = Number(form.get('id'));
      if (!Number.isSafeInteger(id) || id <= 0 || id > MAX_RECORD_ID) throw pageRefusal('not_found', 'not_found', 'Email not found.');
      await args.context.services.mailer.resend(id, actor);
      return { title: 'Email queued again', description: String(form.get('to') ?? '') };
    },
  });
}

const STATUS = { sent: 'Sent', kept: 'Kept (no SMTP)', queued: 'Queued', failed: 'Failed' } as const;
const BADGE = { sent: 'done', kept: 'draft', queued: 'in_progress', failed: 'new' } as const;
const attemptsOf = (n: number) => plural(n, 'attempt');

export default function Outbox({ loaderData }: Route.ComponentProps) {
  const { items, page, pageSize, total, smtp } = loaderData;
  return (
    <main id="main">
      <PageHeader
        title="Outbox"
        description={
          smtp ? 'Every email Frolic sent, newest first.' : 'SMTP_URL is not set: emails are kept here, not sent. Pass a link on to its recipient yourself.'
        }
      />
      {items.length === 0 ? (
        <p className="rounded-xl bg-white p-6 text-stone-600 shadow-sm">No emails yet.</p>
      ) : (
        <ul className="divide-y divide-stone-200 rounded-xl bg-white shadow-sm" aria-label="Emails">
          {items.map((m) => (
            <li key={m.id} className="px-5 py-3">
              <details>
                <summary className="flex cursor-pointer flex-wrap items-baseline gap-x-4 gap-y-1">
                  <span className="font-medium">{m.subject}</span>
                  <span className="text-sm text-stone-700">to {m.to}</span>
                  <StatusBadge status={BADGE[m.status]} label={STATUS[m.status]} />
                  {m.attachments.length ? <span className="text-sm text-stone-600">Attached: {m.attachments.join(', ')}</span> : null}
                  {m.attempts > 1 || m.status === 'failed' ? <span className="text-sm text-stone-600">{attemptsOf(m.attempts)}</span> : null}
                  <time dateTime={m.createdAt} className="ml-auto text-sm text-stone-500">
                    {formatUtc(m.createdAt)}
                  </time>
                </summary>
                <pre className="mt-3 overflow-x-auto rounded-md bg-stone-50 p-3 text-sm break-words whitespace-pre-wrap">{m.text}</pre>
              </details>
              {/* Outside the details: why an email did not leave shows without opening it. */}
              {m.error ? (
                <p className="mt-2 text-sm text-red-800">
                  {m.status === 'queued' ? 'Will retry. Last error' : 'Error'}: {m.error}
                </p>
              ) : null}
              {smtp && m.status !== 'queued' ? (
                <Form method="post" className="mt-2">
                  <input type="hidden" name="intent" value="resend" />
                  <input type="hidden" name="id" value={m.id} />
                  <input type="hidden" name="to" value={m.to} />
                  <button type="submit" className={buttonClass.secondary} aria-label={`Resend “${m.subject}” to ${m.to}`}>
                    Resend
                  </button>
                </Form>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      <Pagination page={page} pageSize={pageSize} total={total} />
    </main>
  );
}
