import { Link, href } from 'react-router';
import type { PublicProduct } from '@shared/schemas/catalog';

export function ProductCard({ product, eager = false, heading: Heading = 'h3' }: { product: PublicProduct; eager?: boolean; heading?: 'h2' | 'h3' }) {
  return (
    <article className="group relative flex flex-col overflow-hidden rounded-2xl border border-stone-200 bg-white shadow-sm transition hover:shadow-md">
      <img
        src={product.imageUrl}
        alt=""
        width={240}
        height={420}
        loading={eager ? 'eager' : 'lazy'}
        fetchPriority={eager ? 'high' : undefined}
        className="aspect-[4/5] w-full bg-stone-100 object-contain"
      />
      <div className="flex flex-1 flex-col gap-2 p-5">
        <p className="text-xs font-semibold tracking-wider text-brass uppercase">{product.category}</p>
        <Heading className="font-serif text-xl">
          <Link to={href('/products/:slug', { slug: product.slug })} className="after:absolute after:inset-0 focus:outline-none">
            <span className="relative">{product.name}</span>
          </Link>
        </Heading>
        <p className="text-sm text-stone-700">
          {product.abv.toFixed(1)}% ABV · {product.volumeMl / 10} cl
        </p>
        {product.price ? <p className="mt-auto pt-2 text-lg font-semibold">{product.price.label}</p> : null}
      </div>
    </article>
  );
}
