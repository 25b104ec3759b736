// The catalogue pages' query (?q=&category=&page=), read with the API's schema: what it cannot read
// is dropped, not an error page (a hand-edited URL still shows the catalogue).
import { type PartnerCatalogQuery, partnerCatalogQuery } from '@shared/schemas/partner-catalog';

export function catalogueQuery(request: Request): PartnerCatalogQuery {
  const params = new URL(request.url).searchParams;
  const raw = { q: params.get('q') ?? undefined, category: params.get('category') ?? undefined, page: params.get('page') ?? undefined };
  const parsed = partnerCatalogQuery.safeParse(raw);
  if (parsed.success) return parsed.data;
  // Keep whichever parts are fine on their own.
  const keep = (key: keyof typeof raw) => (partnerCatalogQuery.shape[key].safeParse(raw[key]).success ? raw[key] : undefined);
  return partnerCatalogQuery.parse({ q: keep('q'), category: keep('category'), page: keep('page') });
}
