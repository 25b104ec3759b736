// Brand details (staff holding Finance): the brand's own organisation — its names, licence, address,
// contact, VAT number and bank details, as its invoices print them. Its market and currency are
// shown, not edited. A save names the version read.
import { useState } from 'react';
import { href } from 'react-router';
import { brandDetailsInput } from '@shared/schemas/brand';
import type { Route } from './+types/brand';
import { EditorAlert, SaveButton, useJsonEditor } from '~/components/admin-ui/editor';
import { PageHeader } from '~/components/admin-ui/list';
import { BrandFields, brandDraft } from '~/features/organisations/brand-fields';
import { adminAction } from '~/lib/admin-action.server';
import { requireScreen } from '~/lib/guards.server';

export const meta: Route.MetaFunction = () => [{ title: 'Brand details · Frolic' }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireScreen(request, context, 'brand');
  return { brand: await context.services.partners.brandDetails(user) };
}

export async function action(args: Route.ActionArgs) {
  const { context } = args;
  return adminAction(args, {
    permission: 'finance:manage',
    schema: brandDetailsInput,
    run: (input, { user, actor }) => context.services.partners.updateBrandDetails(user, input, actor),
    done: (brand) => ({ to: href('/admin/dashboard/brand'), title: 'Brand details saved', description: `${brand.tradingName} is up to date.` }),
  });
}

export default function BrandDetailsPage({ loaderData }: Route.ComponentProps) {
  const { brand } = loaderData;
  return (
    <main id="main" className="max-w-4xl">
      <PageHeader title="Brand details" description={`${brand.legalName}: the business its invoices name, and where its customers pay.`} />
      {/* A new version (this save's, or someone else's) starts the form again from what is stored. */}
      <BrandForm key={brand.version} brand={brand} />
    </main>
  );
}

function BrandForm({ brand }: { brand: Route.ComponentProps['loaderData']['brand'] }) {
  const editor = useJsonEditor();
  const [draft, setDraft] = useState(() => brandDraft(brand));
  const save = (e: React.FormEvent) => {
    e.preventDefault();
    editor.submit({ ...draft, version: brand.version });
  };
  return (
    <form onSubmit={save} noValidate className="space-y-6" aria-label="Brand details">
      <EditorAlert formError={editor.formError} code={editor.code} hint={editor.hint} />
      <BrandFields
        draft={draft}
        onChange={(patch) => setDraft((d) => ({ ...d, ...patch }))}
        errors={editor.errors}
        market={brand.market}
        currency={brand.currency}
      />
      <SaveButton busy={editor.busy} />
    </form>
  );
}
