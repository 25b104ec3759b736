// A friendly 404 page for unknown paths (product.md §1), served with status 404.
import { data, Link } from 'react-router';
import type { Route } from './+types/not-found';

export const meta: Route.MetaFunction = () => [{ title: 'Page not found · Frolic' }, { name: 'robots', content: 'noindex' }];

export function loader() {
  return data({ notFound: true }, { status: 404 });
}

export default function NotFound() {
  return (
    <main id="main" className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <p className="font-serif text-7xl text-brass">404</p>
      <h1 className="mt-4 font-serif text-3xl">We couldn't find that page</h1>
      <p className="mt-4 text-stone-700">The page may have moved, or the link may be mistyped.</p>
      <div className="mt-8 flex gap-4">
        <Link to="/" className="rounded-full bg-forest px-6 py-3 font-semibold text-white">Home</Link>
        <Link to="/products" className="rounded-full border border-forest px-6 py-3 font-semibold text-forest">Our spirits</Link>
      </div>
    </main>
  );
}
