// One partner's marketing request, for staff who handle them: what was asked, the decision (approve,
// or decline saying why), the fulfilment of an approved request, and the thread with the partner.
// Every decision names the version the page read, so a colleague's decision in between is a conflict.
import { Form, href, Link, useNavigation } from 'react-router';
import { MAX_COMMENT_LENGTH } from '@shared/marketing-request-constants';
import { marketingRequestId, requestComment, requestDecision, requestFulfilment } from '@shared/schemas/marketing-requests';
import type { Route } from './+types/request';
import { EditorAlert } from '~/components/admin-ui/editor';
import { buttonClass, PageHeader } from '~/components/admin-ui/list';
import { Field } from '~/components/forms/fields';
import { CommentThread } from '~/features/marketing-requests/comment-thread';
import { RequestFacts } from '~/features/marketing-requests/request-facts';
import { adminAction, readBody } from '~/lib/admin-action.server';
import { requirePermission } from '~/lib/guards.server';
import { orNotFound, requireFound } from '~/lib/params.server';

export const meta: Route.MetaFunction = ({ data }) => [{ title: `${data?.request.title ?? 'Request'} · Collateral & Events · Frolic` }];

const NOT_FOUND = 'We could not find that request.';
const idOf = (params: Route.LoaderArgs['params']) => requireFound(marketingRequestId.safeParse(params.id).data, NOT_FOUND);

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = await requirePermission(request, context, 'marketing:requests');
  return { request: await orNotFound(context.services.marketingRequests.get(user, idOf(params)), NOT_FOUND) };
}

export async function action(args: Route.ActionArgs) {
  const { request, context, params } = args;
  await requirePermission(request, context, 'marketing:requests');
  const id = idOf(params);
  const requests = context.services.marketingRequests;
  const body = await readBody(request);
  const here = href('/admin/dashboard/marketing/requests/:id', { id: String(id) });
  const common = { permission: 'marketing:requests' as const };
  if (body.intent === 'comment') {
    return adminAction(args, {
      ...common,
      body,
      schema: requestComment,
      run: (input, { user, actor }) => requests.comment(user, id, input, actor),
      done: () => ({ to: here, title: 'Comment sent', description: 'The partner is told by email.' }),
    });
  }
  if (body.intent === 'fulfil') {
    return adminAction(args, {
      ...common,
      body,
      schema: requestFulfilment,
      run: (input, { user, actor }) => requests.fulfil(user, id, input, actor),
      done: () => ({ to: here, title: 'Marked fulfilled' }),
    });
  }
  return adminAction(args, {
    ...common,
    body: { ...body, decision: body.intent },
    schema: requestDecision,
    run: (input, { user, actor }) => requests.decide(user, id, input, actor),
    done: (r) => ({ to: here, title: r.status === 'approved' ? 'Request approved' : 'Request declined' }),
  });
}

export default function StaffRequest({ loaderData, actionData }: Route.ComponentProps) {
  const { request: r } = loaderData;
  const errors = actionData?.errors ?? {};
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting';
  // A comment's errors belong to the thread; the rest to the decision or the fulfilment.
  const threadFailed = !!errors.body;
  return (
    <main id="main">
      <PageHeader title={r.title} description={`${r.organisation.name} · request #${r.id}`}>
        <Link to={`${href('/admin/dashboard/marketing')}?tab=requests`} className={buttonClass.secondary}>
          All requests
        </Link>
      </PageHeader>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="space-y-6">
          <section aria-labelledby="facts-heading" className="rounded-xl bg-white p-6 shadow-sm">
            <h2 id="facts-heading" className="mb-4 font-serif text-xl">
              What they ask
            </h2>
            <RequestFacts request={r} showOrganisation />
          </section>
          {r.status === 'open' || r.status === 'approved' ? (
            <section aria-labelledby="decision-heading" className="rounded-xl bg-white p-6 shadow-sm">
              <h2 id="decision-heading" className="font-serif text-xl">
                {r.status === 'open' ? 'Decision' : 'Fulfilment'}
              </h2>
              {threadFailed ? null : <EditorAlert formError={actionData?.formError} code={actionData?.code} hint={actionData?.hint} />}
              {/* Keyed by status: the fulfilment form starts empty, not with the decision just sent. */}
              <Form key={r.status} method="post" className="mt-3 space-y-3" noValidate>
                <input type="hidden" name="version" value={r.version} />
                {r.status === 'open' ? (
                  <>
                    <Field label="Comment to the partner" name="comment" error={errors.comment} hint="Required when you decline: say why.">
                      {(p) => <textarea {...p} rows={3} maxLength={MAX_COMMENT_LENGTH} />}
                    </Field>
                    <div className="flex flex-wrap gap-3">
                      <button type="submit" name="intent" value="approve" className={buttonClass.primary} disabled={busy}>
                        Approve
                      </button>
                      <button type="submit" name="intent" value="decline" className={buttonClass.danger} disabled={busy}>
                        Decline
                      </button>
                    </div>
                  </>
                ) : (
                  <>
                    <Field
                      label="How it was fulfilled"
                      name="comment"
                      error={errors.comment}
                      hint="Optional: added to the thread (e.g. the carrier and tracking number)."
                      optional
                    >
                      {(p) => <textarea {...p} rows={2} maxLength={MAX_COMMENT_LENGTH} />}
                    </Field>
                    <button type="submit" name="intent" value="fulfil" className={buttonClass.primary} disabled={busy}>
                      Mark fulfilled
                    </button>
                  </>
                )}
              </Form>
            </section>
          ) : null}
        </div>
        <CommentThread comments={r.comments} organisationName={r.organisation.name} error={errors.body} />
      </div>
    </main>
  );
}
