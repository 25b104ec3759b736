// Cocktails: published recipes with base-spirit and difficulty filters kept in the URL.
import { Link, href } from 'react-router';
import { DIFFICULTY_LABELS } from '@shared/cocktail-constants';
import { cocktailListQuery, type CocktailListQuery } from '@shared/schemas/cocktails';
import type { Route } from './+types/cocktails';
import { CocktailCard } from '~/features/cocktails/cocktail-card';
import { CocktailFilters } from '~/features/cocktails/cocktail-filters';
import { spiritLabel } from '~/features/cocktails/format';

const DESCRIPTION = 'Cocktail recipes made with Frolic gin, vodka, whisky, rum and coffee liqueur: classics and house serves, with ingredients, method and glassware.';

export const meta: Route.MetaFunction = ({ data }) => {
  const parts = [data?.query.difficulty ? DIFFICULTY_LABELS[data.query.difficulty] : null, data?.query.baseSpirit ? spiritLabel(data.query.baseSpirit).toLowerCase() : null].filter(Boolean);
  const title = parts.length > 0 ? `${parts.join(' ')} cocktail recipes · Frolic`.replace(/^./, (c) => c.toUpperCase()) : 'Cocktail recipes · Frolic';
  return [
    { title },
    { name: 'description', content: DESCRIPTION },
    { property: 'og:title', content: title },
    { property: 'og:description', content: DESCRIPTION },
    { property: 'og:type', content: 'website' },
  ];
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  // Each filter on its own: a bad value in a shared link is dropped, the other one still applies.
  const baseSpirit = cocktailListQuery.shape.baseSpirit.safeParse(params.get('baseSpirit') ?? undefined);
  const difficulty = cocktailListQuery.shape.difficulty.safeParse(params.get('difficulty') ?? undefined);
  const query: CocktailListQuery = {
    baseSpirit: baseSpirit.success ? baseSpirit.data : undefined,
    difficulty: difficulty.success ? difficulty.data : undefined,
  };
  const items = await context.services.cocktails.listPublished(query);
  return { items, query };
}

export default function Cocktails({ loaderData }: Route.ComponentProps) {
  const { items, query } = loaderData;
  const filtered = Boolean(query.baseSpirit || query.difficulty);
  return (
    <main id="main" className="mx-auto max-w-6xl px-4 py-12">
      <p className="text-sm font-semibold tracking-[0.3em] text-brass uppercase">From our bar</p>
      <h1 className="mt-2 font-serif text-4xl md:text-5xl">Cocktail recipes</h1>
      <p className="mt-3 max-w-2xl text-lg text-stone-700">
        Classics and house serves built on our spirits, each with its glass, method and the time it takes.
      </p>
      <CocktailFilters query={query} />
      <p className="mt-6 text-sm text-stone-700" aria-live="polite" data-testid="cocktail-count">
        {items.length === 1 ? '1 cocktail' : `${items.length} cocktails`}
      </p>
      {items.length === 0 ? (
        <div className="mt-4 rounded-2xl border border-dashed border-brass-light bg-white p-10 text-center">
          <p className="font-serif text-2xl">No cocktails match these filters.</p>
          <p className="mt-2 text-stone-700">Try another spirit or difficulty, or browse every recipe.</p>
          <Link to={href('/cocktails')} preventScrollReset className="mt-6 inline-block rounded-full bg-forest px-6 py-3 font-semibold text-white hover:bg-ink">
            Show all cocktails
          </Link>
        </div>
      ) : (
        <div className="mt-4 grid gap-6 sm:grid-cols-2 lg:grid-cols-3" data-testid="cocktail-grid">
          {items.map((c, i) => (
            <CocktailCard key={c.id} cocktail={c} eager={i < 3} />
          ))}
        </div>
      )}
      {filtered && items.length > 0 ? (
        <p className="mt-10 text-center">
          <Link to={href('/cocktails')} preventScrollReset className="font-medium text-brass underline">Clear filters</Link>
        </p>
      ) : null}
    </main>
  );
}
