// schema.org data for the stores a search lists: an ItemList of Store (name, address, geo, phone,
// opening hours), for search engines and assistants.
import type { StoreResult } from '@shared/schemas/stores';

const SCHEMA_DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

export function storeJsonLd(store: StoreResult): Record<string, unknown> {
  return {
    '@type': 'Store',
    name: store.name,
    address: {
      '@type': 'PostalAddress',
      streetAddress: store.address,
      addressLocality: store.city,
      ...(store.region ? { addressRegion: store.region } : {}),
      ...(store.postcode ? { postalCode: store.postcode } : {}),
      addressCountry: store.country,
    },
    geo: { '@type': 'GeoCoordinates', latitude: store.latitude, longitude: store.longitude },
    ...(store.phone ? { telephone: store.phone } : {}),
    openingHoursSpecification: store.openingHours.map((h) => ({
      '@type': 'OpeningHoursSpecification',
      dayOfWeek: `https://schema.org/${SCHEMA_DAYS[h.day]}`,
      opens: h.opens,
      closes: h.closes,
    })),
  };
}

export function storeListJsonLd(stores: StoreResult[]): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'ItemList',
    itemListOrder: 'https://schema.org/ItemListOrderAscending',
    numberOfItems: stores.length,
    itemListElement: stores.map((store, i) => ({ '@type': 'ListItem', position: i + 1, item: storeJsonLd(store) })),
  };
}
