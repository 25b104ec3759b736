// A cocktail recipe: illustration, facts, ingredients linked to our spirits, numbered method, the
// products it uses, the forward-advice notice and schema.org Recipe data.
import { Link, href } from 'react-router';
import type { ProductCategory } from '@shared/limits-catalog';
import { cocktailIdOrSlug } from '@shared/schemas/cocktails';
import type { Route } from './+types/cocktail';
import { PageError } from '~/features/layout/not-found';
import { CocktailCard } from '~/features/cocktails/cocktail-card';
import { spiritLabel } from '~/features/cocktails/format';
import { IngredientList, MadeWith, MethodSteps, RecipeFacts } from '~/features/cocktails/recipe';
import { recipeJsonLd } from '~/features/cocktails/recipe-json-ld';
import { orNotFound, requireFound } from '~/lib/params.server';

const NOT_FOUND = 'We could not find that cocktail.';

export const meta: Route.MetaFunction = ({ data }) => {
  if (!data?.cocktail) return [{ title: 'Cocktail not found · Frolic' }, { name: 'robots', content: 'noindex' }];
  const { cocktail } = data;
  const path = href('/cocktails/:id', { id: cocktail.slug });
  const title = `${cocktail.name} cocktail recipe · Frolic`;
  return [
    { title },
    { name: 'description', content: cocktail.description },
    { property: 'og:title', content: `${cocktail.name} · Frolic` },
    { property: 'og:description', content: cocktail.description },
    { property: 'og:type', content: 'article' },
    { property: 'og:image', content: cocktail.imageUrl },
    // A canonical link must be absolute: given only when the site's public origin is configured.
    ...(data.publicOrigin ? [{ tagName: 'link', rel: 'canonical', href: `${data.publicOrigin}${path}` } as const] : []),
    { 'script:ld+json': recipeJsonLd(cocktail, path) },
  ];
};

export async function loader({ params, context }: Route.LoaderArgs) {
  const id = requireFound(cocktailIdOrSlug.safeParse(params.id).data, NOT_FOUND);
  const { cocktails } = context.services;
  const cocktail = await orNotFound(cocktails.getPublished(id), NOT_FOUND);
  const sameSpirit = await cocktails.listPublished({ baseSpirit: cocktail.baseSpirit as ProductCategory, limit: 4 });
  return { cocktail, more: sameSpirit.filter((c) => c.id !== cocktail.id).slice(0, 3), publicOrigin: context.publicOrigin };
}

/** A missing recipe (or a broken id) is the friendly 404, inside the header and footer. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <PageError error={error} dev={import.meta.env.DEV} />;
}

export default function CocktailPage({ loaderData }: Route.ComponentProps) {
  const { cocktail, more } = loaderData;
  const spirit = spiritLabel(cocktail.baseSpirit);
  return (
    <main id="main" className="mx-auto max-w-6xl px-4 py-12">
      <nav aria-label="Breadcrumb" className="text-sm text-stone-600">
        <ol className="flex flex-wrap items-center gap-2">
          <li>
            <Link to={href('/cocktails')} className="underline decoration-stone-300 underline-offset-4 hover:text-brass">Cocktails</Link>
            <span aria-hidden="true" className="ml-2">/</span>
          </li>
          <li aria-current="page" className="text-ink">{cocktail.name}</li>
        </ol>
      </nav>

      <div className="mt-6 grid gap-10 md:grid-cols-2 md:items-start">
        <img
          src={cocktail.imageUrl}
          alt={`${cocktail.name} served in a ${cocktail.glass.toLowerCase()}`}
          width={400}
          height={300}
          fetchPriority="high"
          className="aspect-[4/3] w-full rounded-2xl bg-stone-100 object-cover shadow-sm"
        />
        <div>
          <Link to={`${href('/cocktails')}?baseSpirit=${cocktail.baseSpirit}`} className="text-sm font-semibold tracking-wider text-brass uppercase hover:underline">
            {spirit} cocktails
          </Link>
          <h1 className="mt-2 font-serif text-4xl md:text-5xl">{cocktail.name}</h1>
          <p className="mt-4 text-lg leading-relaxed text-stone-800">{cocktail.description}</p>
          <RecipeFacts cocktail={cocktail} />
          <MadeWith products={cocktail.products} />
        </div>
      </div>

      <div className="mt-14 grid gap-12 md:grid-cols-[2fr_3fr]">
        <section aria-labelledby="ingredients-heading">
          <h2 id="ingredients-heading" className="font-serif text-3xl">Ingredients</h2>
          <IngredientList ingredients={cocktail.ingredients} />
        </section>
        <section aria-labelledby="method-heading">
          <h2 id="method-heading" className="font-serif text-3xl">Method</h2>
          <MethodSteps steps={cocktail.steps} />
        </section>
      </div>

      <div role="note" className="mt-12 flex flex-col gap-2 rounded-2xl border border-brass-light bg-white p-5 sm:flex-row sm:items-center sm:justify-between">
        <p className="font-medium">Share only with people of legal drinking age.</p>
        <Link to={href('/drink-responsibly')} className="text-sm font-medium text-brass underline">Drink responsibly</Link>
      </div>

      {more.length > 0 ? (
        <section aria-labelledby="more-heading" className="mt-16">
          <div className="flex flex-wrap items-end justify-between gap-x-4 gap-y-2">
            <h2 id="more-heading" className="font-serif text-3xl">More {spirit.toLowerCase()} cocktails</h2>
            <Link to={`${href('/cocktails')}?baseSpirit=${cocktail.baseSpirit}`} className="shrink-0 font-medium text-brass underline">See all</Link>
          </div>
          <div className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {more.map((c) => (
              <CocktailCard key={c.id} cocktail={c} headingLevel={3} />
            ))}
          </div>
        </section>
      ) : null}
    </main>
  );
}
