// Drink responsibly: guidance, unit facts and organisations that help — a CMS page the master admin
// edits in Content Management, at its own address.
import type { Route } from './+types/drink-responsibly';
import { CmsArticle, cmsMeta } from '~/components/content/cms-page';
import { PageError } from '~/features/layout/not-found';
import { publishedPage } from '~/lib/cms.server';

export const meta: Route.MetaFunction = ({ data }) => (data ? cmsMeta(data.page, data.publicOrigin) : []);

export const loader = ({ context }: Route.LoaderArgs) => publishedPage(context, 'drink-responsibly');

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <PageError error={error} dev={import.meta.env.DEV} />;
}

export default function DrinkResponsibly({ loaderData }: Route.ComponentProps) {
  const { page } = loaderData;
  return <CmsArticle title={page.title} html={page.html} />;
}
