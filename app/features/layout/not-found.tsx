// The friendly 404 (product.md §1) and the error page, both drawn inside the public chrome: the
// unknown-path route, the detail pages' error boundaries (a product or recipe that does not exist)
// and the root error boundary all show the same page.
import { isRouteErrorResponse, Link, href } from 'react-router';

const buttonClass = 'rounded-full px-6 py-3 font-semibold';

export function NotFoundContent({ text = 'The page may have moved, or the link may be mistyped.' }: { text?: string }) {
  return (
    <main id="main" className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <p className="font-serif text-7xl text-brass">404</p>
      <h1 className="mt-4 font-serif text-3xl">We couldn't find that page</h1>
      <p className="mt-4 text-stone-700">{text}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-4">
        <Link to="/" className={`${buttonClass} bg-forest text-white`}>
          Home
        </Link>
        <Link to={href('/products')} className={`${buttonClass} border border-forest text-forest`}>
          Our spirits
        </Link>
      </div>
    </main>
  );
}

/**
 * What an error boundary shows: the 404 page for a 404 response (with the loader's sentence, e.g.
 * "We could not find that product."), otherwise a short apology; the error itself only in
 * development, never internals in production.
 */
export function PageError({ error, dev = false }: { error: unknown; dev?: boolean }) {
  if (isRouteErrorResponse(error) && error.status === 404) {
    return <NotFoundContent text={typeof error.data === 'string' && error.data ? error.data : undefined} />;
  }
  let status: number | undefined;
  let message = 'Something went wrong while showing this page.';
  if (isRouteErrorResponse(error)) {
    status = error.status;
    message = typeof error.data === 'string' && error.data ? error.data : error.statusText || message;
  } else if (dev && error instanceof Error) {
    message = error.message;
  }
  return (
    <main id="main" className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-24 text-center">
      <h1 className="font-serif text-3xl">Unexpected Application Error!</h1>
      <p className="text-lg">
        {status ? <strong>{status} </strong> : null}
        {message}
      </p>
      <Link to="/" className={`${buttonClass} bg-forest text-white`}>
        Back to the home page
      </Link>
    </main>
  );
}
