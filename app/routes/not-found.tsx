// A friendly 404 page for unknown paths (product.md §1), served with status 404.
import { data } from 'react-router';
import type { Route } from './+types/not-found';
import { NotFoundContent } from '~/features/layout/not-found';

export const meta: Route.MetaFunction = () => [{ title: 'Page not found · Frolic' }, { name: 'robots', content: 'noindex' }];

export function loader() {
  return data({ notFound: true }, { status: 404 });
}

export default function NotFound() {
  return <NotFoundContent />;
}
