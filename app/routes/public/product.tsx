// A product's page: tasting notes, strength, volume and the price in the visitor's market.
import { data, Link } from 'react-router';
import { formatPrice } from '@shared/markets';
import type { Route } from './+types/product';

export const meta: Route.MetaFunction = ({ data }) => {
  if (!data?.product) return [{ title: 'Product not found · Frolic' }];
  const { product } = data;
  return [
    { title: `${product.name} · Frolic` },
    { name: 'description', content: product.description },
    { property: 'og:title', content: product.name },
    { property: 'og:description', content: product.description },
    { property: 'og:image', content: product.imageUrl },
  ];
};

export async function loader({ params, context }: Route.LoaderArgs) {
  const market = context.market;
  try {
    const product = await context.services.catalog.getProduct(params.slug, market.code);
    return { product, locale: market.locale };
  } catch (err) {
    if ((err as { status?: number }).status === 404) throw data('We could not find that product.', { status: 404 });
    throw err;
  }
}

export default function ProductPage({ loaderData }: Route.ComponentProps) {
  const { product, locale } = loaderData;
  const notes = [
    ['Nose', product.tastingNotes.nose],
    ['Palate', product.tastingNotes.palate],
    ['Finish', product.tastingNotes.finish],
  ] as const;
  return (
    <main id="main" className="mx-auto grid max-w-6xl gap-12 px-4 py-12 md:grid-cols-2">
      <img src={product.imageUrl} alt={`${product.name} bottle`} width={240} height={420} className="mx-auto w-full max-w-sm rounded-2xl bg-white object-contain" />
      <div>
        <Link to={`/products?category=${product.category}`} className="text-sm font-semibold tracking-wider text-brass uppercase">{product.category}</Link>
        <h1 className="mt-2 font-serif text-4xl">{product.name}</h1>
        <p className="mt-2 text-stone-700">{product.abv.toFixed(1)}% ABV · {product.volumeMl / 10} cl</p>
        {product.price ? <p className="mt-4 text-2xl font-semibold">{formatPrice(product.price.amountMinor, product.price.currency, locale)}</p> : null}
        <p className="mt-6 text-lg leading-relaxed">{product.description}</p>
        <h2 className="mt-10 font-serif text-2xl">Tasting notes</h2>
        <dl className="mt-4 space-y-3">
          {notes.map(([label, text]) => (
            <div key={label}>
              <dt className="font-semibold">{label}</dt>
              <dd className="text-stone-700">{text}</dd>
            </div>
          ))}
        </dl>
      </div>
    </main>
  );
}
