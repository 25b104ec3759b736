// The catch-all route: a published CMS page at `/{slug}` (server-rendered, behind the age gate like
// every page, cached like every public page), else the friendly 404 (product.md §1) with status 404.
import { data } from 'react-router';
import { PAGE_SLUG_PATTERN } from '@shared/page-constants';
import type { Route } from './+types/not-found';
import { CmsArticle, cmsMeta } from '~/components/content/cms-page';
import { NotFoundContent } from '~/features/layout/not-found';

export const meta: Route.MetaFunction = ({ data: d }) =>
  d?.page ? cmsMeta(d.page, d.publicOrigin) : [{ title: 'Page not found · Frolic' }, { name: 'robots', content: 'noindex' }];

export async function loader({ params, context }: Route.LoaderArgs) {
  const slug = params['*'] ?? '';
  const page = PAGE_SLUG_PATTERN.test(slug) ? await context.services.pages.publicPage(slug) : null;
  if (page) return { page, publicOrigin: context.publicOrigin };
  return data({ page: null, publicOrigin: null }, { status: 404 });
}

export default function CatchAll({ loaderData }: Route.ComponentProps) {
  const { page } = loaderData;
  return page ? <CmsArticle title={page.title} html={page.html} /> : <NotFoundContent />;
}
