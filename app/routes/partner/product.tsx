// A product's page in the partner portal: its gallery and tasting notes, the trade price of the
// partner's tier in its market (per bottle and per case), the case size and, with Inventory Viewing,
// the availability at its supplier. Any partner may open it; a draft or archived product is a 404.
import { href, isRouteErrorResponse, Link } from 'react-router';
import { CATEGORY_LABELS, type ProductCategory } from '@shared/limits-catalog';
import type { Route } from './+types/product';
import { ProductGallery } from '~/features/catalog/product-gallery';
import { AvailabilityView, PricingNote, TradePriceView } from '~/features/partner-catalog/trade-price';
import { requirePartnerPage } from '~/lib/guards.server';
import { orNotFound } from '~/lib/params.server';
import { plural } from '@shared/plural';

export const meta: Route.MetaFunction = ({ data }) => [{ title: data?.product ? `${data.product.name} · Frolic trade` : 'Product not found · Frolic' }];

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = await requirePartnerPage(request, context);
  const catalog = context.services.partnerCatalog;
  const [product, pricing] = await Promise.all([
    orNotFound(catalog.get(user, params.slug), 'That product is not in the trade catalogue.'),
    catalog.pricing(user),
  ]);
  return { product, pricing };
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const missing = isRouteErrorResponse(error) && error.status === 404;
  return (
    <main id="main" className="rounded-xl bg-white p-6 shadow-sm">
      <h1 className="font-serif text-2xl">{missing ? 'Product not found' : 'Something went wrong'}</h1>
      <p className="mt-2 text-stone-700">{missing ? 'That product is not in the trade catalogue.' : 'The product could not be shown. Please try again.'}</p>
      <Link to={href('/partner/dashboard/products')} className="mt-4 inline-block text-brass underline">
        Back to the products
      </Link>
    </main>
  );
}

export default function PartnerProduct({ loaderData }: Route.ComponentProps) {
  const { product, pricing } = loaderData;
  const notes = (
    [
      ['Nose', product.tastingNotes.nose],
      ['Palate', product.tastingNotes.palate],
      ['Finish', product.tastingNotes.finish],
    ] as const
  ).filter(([, text]) => text.trim() !== '');
  return (
    <main id="main">
      <Link to={href('/partner/dashboard/products')} className="text-sm text-brass underline">
        All products
      </Link>
      <div className="mt-4 grid gap-10 md:grid-cols-2">
        <ProductGallery key={product.slug} images={product.images} fallback={{ url: product.imageUrl, alt: `${product.name} bottle` }} />
        <div>
          <p className="text-sm font-semibold tracking-wider text-brass uppercase">
            {CATEGORY_LABELS[product.category as ProductCategory] ?? product.category}
          </p>
          <h1 className="mt-2 font-serif text-4xl">{product.name}</h1>
          <p className="mt-2 text-stone-700">
            SKU <span className="font-mono">{product.sku}</span> · {product.abv.toFixed(1)}% ABV · {product.volumeMl / 10} cl · cases of{' '}
            {plural(product.caseSize, 'bottle')}
          </p>
          <section aria-labelledby="price-heading" className="mt-6 rounded-xl bg-white p-5 shadow-sm">
            <h2 id="price-heading" className="text-sm font-semibold text-stone-700">
              Your trade price
            </h2>
            <div className="mt-2">
              <TradePriceView price={product.price} caseSize={product.caseSize} size="lg" />
            </div>
            <div className="mt-2">
              <AvailabilityView availability={product.availability} caseSize={product.caseSize} />
              <AvailabilityView availability={product.own} caseSize={product.caseSize} own />
            </div>
            <div className="mt-3">
              <PricingNote pricing={pricing} />
            </div>
          </section>
          <p className="mt-6 leading-relaxed">{product.description}</p>
          {notes.length > 0 ? (
            <>
              <h2 className="mt-8 font-serif text-2xl">Tasting notes</h2>
              <dl className="mt-3 space-y-3">
                {notes.map(([label, text]) => (
                  <div key={label}>
                    <dt className="font-semibold">{label}</dt>
                    <dd className="text-stone-700">{text}</dd>
                  </div>
                ))}
              </dl>
            </>
          ) : null}
        </div>
      </div>
    </main>
  );
}
