// The parts of a recipe page: facts, ingredients (with links to our spirits), method, our products.
import { Link, href } from 'react-router';
import type { CocktailDetail } from '@shared/schemas/cocktails';
import { difficultyLabel, ingredientName, ingredientQuantity, ingredientSuffix, minutesLabel, spiritLabel } from './format';

export function RecipeFacts({ cocktail }: { cocktail: CocktailDetail }) {
  const facts = [
    ['Glass', cocktail.glass],
    ['Difficulty', difficultyLabel(cocktail.difficulty)],
    ['Prep time', minutesLabel(cocktail.prepMinutes)],
  ] as const;
  return (
    <dl
      data-testid="recipe-facts"
      className="mt-8 grid grid-cols-3 divide-x divide-stone-200 rounded-2xl border border-stone-200 bg-white text-center shadow-sm"
    >
      {facts.map(([label, value]) => (
        <div key={label} className="px-2 py-4">
          <dt className="text-xs font-semibold tracking-wider text-stone-600 uppercase">{label}</dt>
          <dd className="mt-1 font-serif text-base sm:text-lg">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function IngredientList({ ingredients }: { ingredients: CocktailDetail['ingredients'] }) {
  return (
    <ol className="mt-6 divide-y divide-stone-200" data-testid="ingredients">
      {ingredients.map((i) => {
        const quantity = ingredientQuantity(i);
        const name = ingredientName(i);
        return (
          <li key={i.position} className="grid grid-cols-[5.5rem_1fr] gap-3 py-3">
            <span className="font-semibold text-brass tabular-nums">{quantity}</span>
            <span>
              {quantity ? ' ' : null}
              {i.product ? (
                <Link
                  to={href('/products/:slug', { slug: i.product.slug })}
                  className="font-medium underline decoration-brass-light underline-offset-4 hover:text-brass"
                >
                  {name}
                </Link>
              ) : (
                name
              )}
              {ingredientSuffix(i) ? <span className="text-stone-600">{ingredientSuffix(i)}</span> : null}
            </span>
          </li>
        );
      })}
    </ol>
  );
}

export function MethodSteps({ steps }: { steps: string[] }) {
  return (
    <ol className="mt-6 space-y-5" data-testid="steps">
      {steps.map((step, n) => (
        <li key={n} className="flex gap-4">
          <span aria-hidden="true" className="flex size-8 shrink-0 items-center justify-center rounded-full bg-forest font-semibold text-white">
            {n + 1}
          </span>
          <p className="pt-1 leading-relaxed">{step}</p>
        </li>
      ))}
    </ol>
  );
}

export function MadeWith({ products }: { products: CocktailDetail['products'] }) {
  if (products.length === 0) return null;
  return (
    <section aria-labelledby="made-with-heading" className="mt-8">
      <h2 id="made-with-heading" className="font-serif text-2xl">
        Made with
      </h2>
      <ul className="mt-4 grid gap-3 sm:grid-cols-2">
        {products.map((p) => (
          <li
            key={p.slug}
            className="relative flex items-center gap-4 rounded-xl border border-stone-200 bg-white p-3 shadow-sm focus-within:ring-2 focus-within:ring-brass hover:shadow-md"
          >
            <img src={p.imageUrl} alt="" width={48} height={84} loading="lazy" className="h-[84px] w-12 shrink-0 rounded-md bg-stone-100 object-contain" />
            <div>
              <p className="text-xs font-semibold tracking-wider text-brass uppercase">{spiritLabel(p.category)}</p>
              <Link to={href('/products/:slug', { slug: p.slug })} className="font-serif text-lg after:absolute after:inset-0 focus-visible:outline-none">
                {p.name}
              </Link>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
