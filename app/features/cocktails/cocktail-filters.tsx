// The list's filters: base spirit and difficulty as links, so the choice lives in the URL and works
// without scripts; each link keeps the other filter.
import { Link, href } from 'react-router';
import { PRODUCT_CATEGORIES } from '@shared/limits-catalog';
import { COCKTAIL_DIFFICULTIES } from '@shared/cocktail-constants';
import type { CocktailListQuery } from '@shared/schemas/cocktails';
import { difficultyLabel, spiritLabel } from './format';

export function cocktailsHref(query: CocktailListQuery): string {
  const params = new URLSearchParams();
  if (query.baseSpirit) params.set('baseSpirit', query.baseSpirit);
  if (query.difficulty) params.set('difficulty', query.difficulty);
  const qs = params.toString();
  return qs ? `${href('/cocktails')}?${qs}` : href('/cocktails');
}

const chip = (active: boolean) =>
  `inline-block rounded-full border px-4 py-2 text-sm font-medium transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brass ${
    active ? 'border-forest bg-forest text-white' : 'border-stone-300 bg-white text-ink hover:border-forest'
  }`;

function FilterGroup({ id, label, options }: { id: string; label: string; options: { label: string; to: string; active: boolean }[] }) {
  return (
    <nav aria-labelledby={id} className="flex flex-col gap-2 sm:flex-row sm:items-center sm:gap-4">
      <p id={id} className="w-28 shrink-0 text-xs font-semibold tracking-wider text-stone-600 uppercase">
        {label}
      </p>
      <ul className="flex flex-wrap gap-2">
        {options.map((o) => (
          <li key={o.to}>
            <Link to={o.to} preventScrollReset className={chip(o.active)} aria-current={o.active ? 'page' : undefined}>
              {o.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function CocktailFilters({ query }: { query: CocktailListQuery }) {
  return (
    <div className="mt-8 space-y-4 rounded-2xl border border-stone-200 bg-white p-5 shadow-sm">
      <FilterGroup
        id="filter-spirit"
        label="Base spirit"
        options={[
          { label: 'All', to: cocktailsHref({ ...query, baseSpirit: undefined }), active: !query.baseSpirit },
          ...PRODUCT_CATEGORIES.map((c) => ({ label: spiritLabel(c), to: cocktailsHref({ ...query, baseSpirit: c }), active: query.baseSpirit === c })),
        ]}
      />
      <FilterGroup
        id="filter-difficulty"
        label="Difficulty"
        options={[
          { label: 'Any', to: cocktailsHref({ ...query, difficulty: undefined }), active: !query.difficulty },
          ...COCKTAIL_DIFFICULTIES.map((d) => ({ label: difficultyLabel(d), to: cocktailsHref({ ...query, difficulty: d }), active: query.difficulty === d })),
        ]}
      />
    </div>
  );
}
