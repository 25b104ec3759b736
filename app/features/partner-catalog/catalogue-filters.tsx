// The catalogue's search and category filter: a GET form, so the query lives in the URL (and works
// without script).
import { Form } from 'react-router';
import { CATEGORY_LABELS, PRODUCT_CATEGORIES } from '@shared/limits-catalog';

export function CatalogueFilters({ q, category }: { q: string; category: string }) {
  return (
    <Form method="get" className="flex flex-wrap items-end gap-3" role="search" aria-label="Filter the catalogue">
      <div>
        <label htmlFor="catalogue-q" className="block text-sm font-medium">
          Search
        </label>
        <input
          id="catalogue-q"
          type="search"
          name="q"
          defaultValue={q}
          key={q}
          maxLength={120}
          className="mt-1 w-64 rounded-md border border-stone-300 px-3 py-2 text-sm"
        />
      </div>
      <div>
        <label htmlFor="catalogue-category" className="block text-sm font-medium">
          Category
        </label>
        <select
          id="catalogue-category"
          name="category"
          defaultValue={category}
          key={category}
          className="mt-1 rounded-md border border-stone-300 px-3 py-2 text-sm"
        >
          <option value="">All categories</option>
          {PRODUCT_CATEGORIES.map((c) => (
            <option key={c} value={c}>
              {CATEGORY_LABELS[c]}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className="rounded-md bg-forest px-4 py-2 text-sm font-medium text-white hover:bg-forest/90">
        Show
      </button>
    </Form>
  );
}
