// Loaders of the routes that show a CMS page: the published version only (a draft never reaches a
// visitor, a crawler or the page cache), or the route's 404.
import type { AppLoadContext } from 'react-router';
import { notFound } from './params.server';

export async function publishedPage(context: AppLoadContext, slug: string) {
  const page = await context.services.pages.publicPage(slug);
  if (!page) throw notFound('We could not find that page.');
  return { page, publicOrigin: context.publicOrigin };
}
