// Privacy policy, terms of use, cookie notice and imprint: CMS pages the master admin edits in
// Content Management; these routes keep their addresses and show the published version.
import { href } from 'react-router';
import type { Route } from './+types/legal';
import { CmsArticle, cmsMeta, publishedDate } from '~/components/content/cms-page';
import { PageError } from '~/features/layout/not-found';
import { publishedPage } from '~/lib/cms.server';

const SLUG_BY_PATH: Record<string, string> = { [href('/privacy')]: 'privacy', [href('/terms')]: 'terms', [href('/cookies')]: 'cookies', [href('/imprint')]: 'imprint' };

export const meta: Route.MetaFunction = ({ data }) => (data ? cmsMeta(data.page, data.publicOrigin) : []);

export async function loader({ request, context }: Route.LoaderArgs) {
  const path = new URL(request.url).pathname.replace(/\.data$/, '').replace(/\/+$/, '').toLowerCase();
  const found = await publishedPage(context, SLUG_BY_PATH[path] ?? path.slice(1));
  // The date as text from the server: formatting it in the browser would load ICU's locale data
  // while hydrating, a long task on a phone (docs/decisions/033-hydrate-on-intent.md).
  return { ...found, updated: publishedDate(found.page.publishedAt) };
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <PageError error={error} dev={import.meta.env.DEV} />;
}

export default function Legal({ loaderData }: Route.ComponentProps) {
  const { page, updated } = loaderData;
  return <CmsArticle title={page.title} html={page.html} updated={updated} />;
}
