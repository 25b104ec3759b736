// A recipe in a grid: illustration, base spirit, name (the link), description, difficulty and time.
import { Link, href } from 'react-router';
import type { CocktailSummary } from '@shared/schemas/cocktails';
import { difficultyLabel, spiritLabel } from './format';

export function CocktailCard({ cocktail, headingLevel = 2, eager = false }: { cocktail: CocktailSummary; headingLevel?: 2 | 3; eager?: boolean }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article
      className="group relative flex flex-col overflow-hidden rounded-2xl border border-stone-200 bg-white shadow-sm transition focus-within:ring-2 focus-within:ring-brass hover:shadow-md"
      data-testid="cocktail-card"
    >
      <img
        src={cocktail.imageUrl}
        alt=""
        width={400}
        height={300}
        loading={eager ? 'eager' : 'lazy'}
        fetchPriority={eager ? 'high' : undefined}
        className="aspect-[4/3] w-full bg-stone-100 object-cover transition duration-300 group-hover:scale-[1.02]"
      />
      <div className="flex flex-1 flex-col gap-2 p-5">
        <p className="text-xs font-semibold tracking-wider text-brass uppercase">
          {spiritLabel(cocktail.baseSpirit)}
          {cocktail.featured ? <span className="ml-2 rounded-full bg-forest px-2 py-0.5 text-[0.65rem] text-white normal-case">Featured</span> : null}
        </p>
        <Heading className="font-serif text-xl">
          <Link to={href('/cocktails/:id', { id: cocktail.slug })} className="after:absolute after:inset-0 focus-visible:outline-none">
            <span className="relative">{cocktail.name}</span>
          </Link>
        </Heading>
        <p className="text-sm text-stone-700">{cocktail.description}</p>
        <p className="mt-auto flex flex-wrap gap-x-3 pt-2 text-sm text-stone-600">
          <span>{difficultyLabel(cocktail.difficulty)}</span>
          <span aria-hidden="true">·</span>
          <span>{cocktail.prepMinutes} min</span>
          <span aria-hidden="true">·</span>
          <span>{cocktail.glass}</span>
        </p>
      </div>
    </article>
  );
}
