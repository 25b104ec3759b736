// Business details (issue 44; every partner organisation): what its invoices print about it — its
// registered name and address (changed by Frolic, with the rest of the organisation), and its VAT
// number and bank details, which its members holding its type role save over the version read. The
// generic partner role reads them. A member of no organisation is told so.
import { href } from 'react-router';
import { businessDetailsInput } from '@shared/schemas/brand';
import type { Route } from './+types/business-details';
import { PageHeader } from '~/components/admin-ui/list';
import { BusinessDetailsForm, BusinessDetailsList, RegisteredAddress } from '~/features/organisations/business-details';
import { adminAction } from '~/lib/admin-action.server';
import { requirePartnerPage } from '~/lib/guards.server';

export const meta: Route.MetaFunction = () => [{ title: 'Business details · Frolic' }];

const PAGE = href('/partner/dashboard/business-details');

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requirePartnerPage(request, context);
  return { details: user.organisationId ? await context.services.partners.ownBusinessDetails(user) : null };
}

export async function action(args: Route.ActionArgs) {
  const { context } = args;
  return adminAction(args, {
    need: { area: 'partner' },
    schema: businessDetailsInput,
    run: (input, { user, actor }) => context.services.partners.updateOwnBusinessDetails(user, input, actor),
    done: (details) => ({ to: PAGE, title: 'Business details saved', description: `${details.tradingName}'s invoices print them from now on.` }),
  });
}

const box = 'rounded-xl bg-white p-5 shadow-sm';

export default function BusinessDetailsPage({ loaderData }: Route.ComponentProps) {
  const { details } = loaderData;
  return (
    <main id="main" className="max-w-3xl">
      <PageHeader title="Business details" description="What your invoices print about you: your registered address, VAT number and bank details." />
      {!details ? (
        <p role="status" className="rounded-md bg-amber-50 p-3 text-sm text-amber-950">
          Your account does not belong to a partner organisation yet.
        </p>
      ) : (
        <div className="space-y-6">
          <section aria-labelledby="registered-title" className={box}>
            <h2 id="registered-title" className="mb-3 font-serif text-xl">
              Registered name and address
            </h2>
            <RegisteredAddress details={details} note="To change your registered name or address, contact Frolic." />
          </section>
          <section aria-labelledby="tax-bank-title" className={box}>
            <h2 id="tax-bank-title" className="mb-3 font-serif text-xl">
              VAT number and bank details
            </h2>
            {details.canEdit ? (
              // A new version (this save's, or someone else's) starts the form again from what is stored.
              <BusinessDetailsForm key={details.version} details={details} label="Business details" />
            ) : (
              <>
                <p className="mb-3 rounded-md bg-stone-100 p-3 text-sm text-stone-800">
                  Your access is read-only: {details.tradingName}&apos;s {details.type} users change these.
                </p>
                <BusinessDetailsList details={details} />
              </>
            )}
          </section>
        </div>
      )}
    </main>
  );
}
