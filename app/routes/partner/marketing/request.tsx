// One of the organisation's marketing requests: what was asked, where it stands (Frolic's decision
// and its comment, the fulfilment), and the thread with Frolic. Another organisation's request is a 404.
import { href, Link } from 'react-router';
import { fieldErrors } from '@shared/field-errors';
import { marketingRequestId, requestComment } from '@shared/schemas/marketing-requests';
import type { Route } from './+types/request';
import { buttonClass, PageHeader } from '~/components/admin-ui/list';
import { CommentThread } from '~/features/marketing-requests/comment-thread';
import { refusedToAct, requireRequester, standingNotice } from '~/features/marketing-requests/partner.server';
import { RequestFacts } from '~/features/marketing-requests/request-facts';
import { actionError } from '~/lib/action-result';
import { orNotFound, requireFound } from '~/lib/params.server';
import { partnerForm } from '~/lib/partner-action.server';

export const meta: Route.MetaFunction = ({ data }) => [{ title: `${data?.request.title ?? 'Request'} · Marketing · Frolic` }];

const NOT_FOUND = 'We could not find that request.';
const idOf = (params: Route.LoaderArgs['params']) => requireFound(marketingRequestId.safeParse(params.id).data, NOT_FOUND);

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = await requireRequester(request, context);
  const found = await orNotFound(context.services.marketingRequests.getOwn(user, idOf(params)), NOT_FOUND);
  return { request: found, notice: standingNotice(user) };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const user = await requireRequester(request, context);
  const id = idOf(params);
  const requests = context.services.marketingRequests;
  // Another organisation's request is not there, whatever is posted to it.
  await orNotFound(requests.getOwn(user, id), NOT_FOUND);
  const blocked = await refusedToAct(context, user);
  if (blocked) return blocked;
  const form = await partnerForm(request);
  const { values } = form;
  const parsed = requestComment.safeParse({ body: values.body });
  if (!parsed.success) return actionError(400, { errors: fieldErrors(parsed.error), code: 'validation_failed', values });
  try {
    await requests.commentOwn(user, id, parsed.data, context.auth.actor(user.id));
  } catch (err) {
    return form.refused(err);
  }
  throw context.flash.redirectWithToast(href('/partner/dashboard/marketing/requests/:id', { id: String(id) }), { title: 'Comment sent' });
}

export default function PartnerRequest({ loaderData, actionData }: Route.ComponentProps) {
  const { request: r, notice } = loaderData;
  const back = r.kind === 'materials' ? href('/partner/dashboard/marketing/materials') : href('/partner/dashboard/marketing/events');
  return (
    <main id="main">
      <PageHeader title={r.title} description={`Request #${r.id}`}>
        <Link to={back} className={buttonClass.secondary}>
          {r.kind === 'materials' ? 'Request Materials' : 'Event Requests'}
        </Link>
      </PageHeader>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <section aria-labelledby="facts-heading" className="rounded-xl bg-white p-6 shadow-sm">
          <h2 id="facts-heading" className="mb-4 font-serif text-xl">
            Your request
          </h2>
          <RequestFacts request={r} />
        </section>
        <CommentThread
          comments={r.comments}
          organisationName={r.organisation.name}
          error={actionData?.errors?.body}
          formError={actionData?.errors?.body ? undefined : actionData?.formError}
          disabledReason={notice?.message ?? null}
        />
      </div>
    </main>
  );
}
